import { api, unwrap } from './client';
import type { components } from './schema';

export type QualitySummary = components['schemas']['QualitySummary'];
export type FeatureTargetTest = components['schemas']['FeatureTargetAssoc']['test'];

/** The profile of the session's current data; `target` (optional) adds the feature–target tests. */
export function analyzeDataset(target: string | null) {
  return unwrap(api.GET('/api/analyze/', { params: { query: target === null ? {} : { target } } }));
}

export type Analysis = Awaited<ReturnType<typeof analyzeDataset>>;
