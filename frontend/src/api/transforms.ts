import { api, unwrap } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

export type MissingRequest = Schemas['HandleMissingRequest'];
export type NumericMissingStrategy = MissingRequest['strategy'];
export type CategoricalMissingStrategy = MissingRequest['cat_strategy'];
export type DropStrategy = MissingRequest['drop_strategy'];
export type ColumnMissingSetting = Schemas['ColumnMissingSetting'];

export type DetectOutliersRequest = Schemas['DetectOutliersRequest'];
export type OutlierMethod = DetectOutliersRequest['method'];
export type RemoveOutliersRequest = Schemas['RemoveOutliersRequest'];
export type OutlierStrategy = RemoveOutliersRequest['strategy'];
export type OutlierDetection = Awaited<ReturnType<typeof detectOutliers>>;

export type EncodeRequest = Schemas['EncodeFeaturesRequest'];
export type EncodingStrategy = EncodeRequest['default_strategy'];
export type ColumnEncodingSetting = Schemas['ColumnEncodingSetting'];

export type CorrelatedPair = Schemas['CorrelatedPair'];
export type CorrelationMethod = Schemas['TargetCorrelationRequest']['method'];

export type ScaleRequest = Schemas['ScaleFeaturesRequest'];
export type ScalingMethod = ScaleRequest['method'];

/**
 * What every transforming call answers: the new frame's preview, its profile and a message;
 * the step endpoints add `changed`, false when the settings left the data as it was.
 */
/** Steps 3–7 recorded at once for the session target: the new frame and the recipe steps of each screen. */
export type PreparedResult = Awaited<ReturnType<typeof prepareAutomatically>>;

export type FrameResult = Omit<Awaited<ReturnType<typeof handleMissing>>, 'changed'> & { changed?: boolean };

export function handleMissing(body: MissingRequest) {
  return unwrap(api.POST('/api/handle-missing/', { body }));
}

/** Read-only; `signal` cancels it when newer settings make it stale. */
export function detectOutliers(body: DetectOutliersRequest, signal?: AbortSignal) {
  return unwrap(api.POST('/api/detect-outliers/', { body, signal }));
}

export function removeOutliers(body: RemoveOutliersRequest) {
  return unwrap(api.POST('/api/remove-outliers/', { body }));
}

export function encodeFeatures(body: EncodeRequest) {
  return unwrap(api.POST('/api/encode-features/', { body }));
}

export function previewCorrelations(threshold: number, signal?: AbortSignal) {
  return unwrap(api.POST('/api/correlation-analysis/', { body: { threshold, preview_only: true }, signal }));
}

/** Drops the columns and answers the new frame with its remaining pairs. */
export async function dropCorrelatedColumns(threshold: number, columns: string[]) {
  const result = await unwrap(
    api.POST('/api/correlation-analysis/', { body: { threshold, preview_only: false, columns_to_drop: columns } }),
  );
  if (!('columns' in result)) throw new Error('The correlation step answered no data after a drop.');
  return result;
}

export function targetCorrelation(target: string, method: CorrelationMethod, signal?: AbortSignal) {
  return unwrap(api.POST('/api/target-correlation/', { body: { target_column: target, method }, signal }));
}

export function scaleFeatures(body: ScaleRequest) {
  return unwrap(api.POST('/api/scale-features/', { body }));
}

/** Records steps 3–7 chosen from the data; the session target must be set (else `target_required`). */
export function prepareAutomatically() {
  return unwrap(api.POST('/api/prepare-automatically/'));
}
