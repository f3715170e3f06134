import { createContext } from 'react';
import { apiBaseUrl } from '../../api/client';
import type { operations } from '../../api/schema';

export type DataFormat = NonNullable<NonNullable<operations['data-download_data']['parameters']['query']>['format']>;

export const DATA_FORMATS: readonly DataFormat[] = ['csv', 'parquet'];

/**
 * Whether the step shown has a current frame to download (steps 2 to 10). The pipeline sets it
 * around the step's screen, so the one shared header shows the control.
 */
export const DataDownloadContext = createContext(false);

/**
 * The address of the session's current frame in `format`. A plain link to it (the session
 * cookie goes with it) lets the browser stream a large file to disk instead of holding it in memory.
 */
export function dataDownloadUrl(format: DataFormat, base: string = apiBaseUrl()): string {
  return `${base}/api/download-data/?format=${format}`;
}
