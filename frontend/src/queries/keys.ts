/**
 * Every query key of the page. What belongs to the uploaded session starts with 'session', so
 * leaving it (a removed file, the way back to the welcome view) forgets it all at once.
 */
export const queryKeys = {
  session: ['session'] as const,
  sessionData: ['session', 'data'] as const,
  recipe: ['session', 'recipe'] as const,
  evaluation: ['session', 'evaluation'] as const,
  trainingResult: ['session', 'training-result'] as const,
  optimizationResult: ['session', 'optimization-result'] as const,
  leaderboard: ['session', 'leaderboard'] as const,
  analysis: (params: { columns: string[]; target: string | null; run: number }) => ['session', 'analysis', params] as const,
  detectOutliers: (settled: unknown) => ['session', 'detect-outliers', settled] as const,
  correlatedPairs: (preview: unknown) => ['session', 'correlated-pairs', preview] as const,
  targetCorrelation: (params: { target: string; method: string; version: number }) => ['session', 'target-correlation', params] as const,
  detectProblemType: (sessionId: string | null, target: string) => ['session', 'detect-problem-type', sessionId, target] as const,
  usageCode: (model: string, format: string) => ['session', 'usage-code', model, format] as const,
  progress: ['progress'] as const,
  modelCatalog: ['model-catalog'] as const,
  metricCatalog: ['metric-catalog'] as const,
};
