import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getOptimizationHistory, pickOptimization, type OptimizationHistory, type OptimizationRun } from '../api/models';
import { cancelThenWrite } from './cacheWrite';
import { queryKeys } from './keys';

/**
 * Every optimized model's kept runs and the run picked, as the server keeps them
 * (`GET /api/optimization-result/`): the Optimization screen, Evaluation's optimized rows and
 * export and prediction read this one query, and the browser keeps no copy of its scores.
 */
export function useOptimizationResult(enabled = true) {
  return useQuery({
    queryKey: queryKeys.optimizationResult,
    queryFn: getOptimizationHistory,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The history read afresh: an optimization just kept a run. */
export function readOptimizationsAgain(queryClient: QueryClient): Promise<OptimizationHistory> {
  return queryClient.query({ queryKey: queryKeys.optimizationResult, queryFn: getOptimizationHistory, staleTime: 0 });
}

/** Picks a kept run as its model's optimized model, and keeps the server's answer. */
export function usePickOptimization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ model, runId }: { model: string; runId: number }) => pickOptimization(model, runId),
    onSuccess: (history) => cancelThenWrite<OptimizationHistory>(queryClient, queryKeys.optimizationResult, () => history),
  });
}

/** The run a model exports and predicts with, if it was optimized. */
export function pickedRun(history: OptimizationHistory | undefined, model: string): OptimizationRun | undefined {
  const kept = history?.models.find((entry) => entry.model === model);
  return kept?.runs.find((run) => run.run_id === kept.picked_run);
}

/** The models with an optimized model, in the order they were first optimized. */
export function optimizedModels(history: OptimizationHistory | undefined): string[] {
  return history?.models.map((entry) => entry.model) ?? [];
}
