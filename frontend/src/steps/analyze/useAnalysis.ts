import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { analyzeDataset } from '../../api/analysis';
import { needsAnalysis, readStoredAnalysis, sameColumns, toStoredAnalysis, type StoredAnalysis } from './analysisRun';
import { queryKeys } from '../../queries/keys';

interface AnalysisOptions {
  /** The session's current column list. */
  columns: string[];
  /** The session's saved analysis. */
  saved: Record<string, unknown> | null;
  target: string | null;
  /** Bumped after a change from the data table, whose reload carries no analysis: it runs again. */
  run: number;
  onAnalyzed: (analysis: StoredAnalysis) => void;
}

/**
 * The analysis to show: the saved one while SPEC §4's re-run rule allows it, else a fresh one
 * from the server, which is saved in the session as soon as it arrives. Errors are only logged.
 */
export function useAnalysis({ columns, saved, target, run, onAnalyzed }: AnalysisOptions) {
  const stored = readStoredAnalysis(saved);
  const query = useQuery({
    queryKey: queryKeys.analysis({ columns, target, run }),
    queryFn: () => analyzeDataset(target),
    enabled: needsAnalysis(stored, columns, target),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const fresh = useMemo(() => (query.data === undefined ? null : toStoredAnalysis(query.data)), [query.data]);
  const savedFrom = useRef<StoredAnalysis | null>(null);
  useEffect(() => {
    if (fresh === null || savedFrom.current === fresh) return;
    savedFrom.current = fresh;
    onAnalyzed(fresh);
  }, [fresh, onAnalyzed]);

  useEffect(() => {
    if (query.error) console.error('Analysis failed:', query.error);
  }, [query.error]);

  const shown = fresh ?? (stored !== null && sameColumns(stored.columns, columns) ? stored : null);
  return { analysis: shown, analyzing: query.isFetching };
}
