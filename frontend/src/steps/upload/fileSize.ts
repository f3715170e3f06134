const BYTES_PER_MB = 1024 * 1024;

/** A file size in megabytes to two decimals, as the upload step shows it. */
export function formatMegabytes(bytes: number): string {
  return (bytes / BYTES_PER_MB).toFixed(2);
}
