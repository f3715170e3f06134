import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dropCorrelatedColumns, previewCorrelations, targetCorrelation, type CorrelationMethod } from '../../api/transforms';
import { notify } from '../../components/notify';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { AutomaticChoices } from '../automatic/AutomaticChoices';
import { errorMessage } from '../../i18n/errorMessage';
import type { AppliedChange } from '../common/stepResult';
import { tableVersion } from '../common/tableVersion';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { useStepChange, useTransformStep, type TransformStepProps } from '../common/useTransformStep';
import { CorrelatedPairs } from './CorrelatedPairs';
import { columnsToDrop, DEFAULT_THRESHOLD, pairKey, targetCandidates, type PairChoice } from './correlationRules';
import { TargetCorrelation } from './TargetCorrelation';
import { queryKeys } from '../../queries/keys';
import './CorrelationStep.css';

/** Typing a threshold waits this long before the pairs are asked for again. */
const THRESHOLD_DEBOUNCE_MS = 350;

export interface CorrelationResult {
  changes: AppliedChange[];
  threshold: number;
  dropped_columns: string[];
  target_column: string | null;
}

/** Step 6: drop one column of each highly correlated pair; see each column's correlation with the target. */
export function CorrelationStep({ session, onContinue }: TransformStepProps<CorrelationResult>) {
  const { t } = useTranslation();
  const step = useTransformStep('correlation', session);
  const { columns } = step.frame;
  const version = tableVersion(step.frame.preview);
  const [threshold, setThreshold] = useState<number | null>(DEFAULT_THRESHOLD);
  const [choices, setChoices] = useState<Record<string, PairChoice>>({});
  const [dropped, setDropped] = useState<string[]>([]);

  // SPEC §4: the pairs are asked for again when the data or the threshold changes, and after a drop
  const preview = useDebouncedValue(threshold === null ? null : { threshold, version }, THRESHOLD_DEBOUNCE_MS);
  const pairsQuery = useQuery({
    queryKey: queryKeys.correlatedPairs(preview),
    queryFn: preview === null ? skipToken : ({ signal }) => previewCorrelations(preview.threshold, signal),
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
  const pairs = pairsQuery.data?.highly_correlated ?? null;

  const candidates = targetCandidates(columns, step.info?.kinds ?? null);
  // an exploratory pick: it starts from the session target and never changes it
  const sessionTarget = step.frame.target;
  const [chosenTarget, setTarget] = useState<string | null>(null);
  const shownTarget = chosenTarget ?? sessionTarget ?? '';
  const target = candidates.includes(shownTarget) ? shownTarget : '';
  const [method, setMethod] = useState<CorrelationMethod>('pearson');
  const targetQuery = useQuery({
    queryKey: queryKeys.targetCorrelation({ target, method, version }),
    queryFn: target === '' ? skipToken : ({ signal }) => targetCorrelation(target, method, signal),
    retry: false,
    gcTime: 0,
  });

  const drop = useStepChange(step, 'drop', (columns: string[]) => dropCorrelatedColumns(threshold ?? DEFAULT_THRESHOLD, columns), {
    onApplied: (result) => {
      const columns = result.dropped_columns ?? [];
      setDropped((current) => [...current, ...columns]);
      setChoices({});
      notify.success(t('correlation.dropped', { count: columns.length }));
    },
    onFailed: (error) => notify.error(t('correlation.dropFailed'), errorMessage(error, t)),
  });

  const dropSelected = () => {
    const columns = pairs === null ? [] : columnsToDrop(pairs, choices);
    if (columns.length === 0) {
      notify.warning(t('correlation.selectToDrop'));
      return;
    }
    drop.mutate(columns);
  };

  return (
    <StepScreen
      {...step.screen}
      actions={
        <ContinueButton
          label={t('correlation.continue')}
          busy={drop.isPending}
          onClick={() =>
            onContinue({
              changes: step.changes,
              threshold: threshold ?? DEFAULT_THRESHOLD,
              dropped_columns: dropped,
              target_column: target === '' ? null : target,
            })
          }
        />
      }
    >
      <AutomaticChoices screen="correlation" />
      <CorrelatedPairs
        threshold={threshold}
        onThresholdChange={setThreshold}
        pairs={pairs}
        loading={pairsQuery.isFetching}
        error={pairsQuery.error ? errorMessage(pairsQuery.error, t) : null}
        choices={choices}
        onChoose={(pair, choice) => setChoices((current) => ({ ...current, [pairKey(pair)]: choice }))}
        onDrop={dropSelected}
        dropping={drop.isPending}
      />
      <TargetCorrelation
        candidates={candidates}
        target={target}
        onTargetChange={setTarget}
        method={method}
        onMethodChange={setMethod}
        correlations={targetQuery.data?.correlations ?? null}
        loading={targetQuery.isFetching}
        error={targetQuery.error ? errorMessage(targetQuery.error, t) : null}
      />
    </StepScreen>
  );
}
