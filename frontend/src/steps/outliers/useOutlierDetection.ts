import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { detectOutliers, type DetectOutliersRequest } from '../../api/transforms';
import { notify } from '../../components/notify';
import { errorMessage } from '../../i18n/errorMessage';
import { i18n } from '../../i18n/i18n';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { queryKeys } from '../../queries/keys';

/** SPEC §4: detection runs 350 ms after the last settings change. */
export const DETECTION_DEBOUNCE_MS = 350;

/** 'Detect failed: {error}', or 'Detect failed' when the error has no text. */
export function detectFailedMessage(error: unknown, t: TFunction): string {
  const reason = errorMessage(error, t, '');
  return reason === '' ? t('outliers.detectFailed') : t('outliers.detectFailedWith', { error: reason });
}

/**
 * The live outlier summary: detected again 350 ms after the settings (or the data) last
 * changed. A newer request cancels the one in flight through its AbortSignal; a cancelled
 * detection is silent, any other failure is a toast. The last result stays shown meanwhile.
 */
export function useOutlierDetection(request: DetectOutliersRequest | null, dataVersion: number) {
  const settled = useDebouncedValue(request === null ? null : { request, dataVersion }, DETECTION_DEBOUNCE_MS);

  const query = useQuery({
    queryKey: queryKeys.detectOutliers(settled),
    queryFn:
      settled === null
        ? skipToken
        : async ({ signal }) => {
            try {
              return await detectOutliers(settled.request, signal);
            } catch (error) {
              if (!signal.aborted) notify.error(detectFailedMessage(error, i18n.t));
              throw error;
            }
          },
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });

  return { detection: query.data ?? null, detecting: query.isFetching, failed: query.isError };
}
