import type { DownloadedFile } from '../../api/models';

/** Long enough for the browser to have started reading the file when its URL is released. */
const REVOKE_DELAY_MS = 1000;

/** Saves a downloaded file under its name, through an object URL and a temporary link. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}
