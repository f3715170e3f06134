import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setSessionTarget } from '../../api/dataset';
import type { PreparedResult } from '../../api/transforms';
import type { Session } from '../../session/session';
import { DataTable } from '../../components/DataTable/DataTable';
import { useStepSnapshot } from '../../components/DataTable/useStepSnapshot';
import { useTableActions } from '../../components/DataTable/useTableActions';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { TableIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StepHeader } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { rememberSessionTarget, useFrameChanges, useSessionData } from '../../queries/sessionData';
import type { StoredAnalysis } from './analysisRun';
import { DatasetOverview } from './DatasetOverview';
import { FeatureTargetPanel } from './FeatureTargetPanel';
import { PrepareAutomatically } from './PrepareAutomatically';
import { dropSuggestion } from './overview';
import { QualitySection } from './QualitySection';
import { SkewnessPanel } from './SkewnessPanel';
import { useAnalysis } from './useAnalysis';
import { VifPanel } from './VifPanel';
import './AnalyzeStep.css';
import { stepId } from '../stepKeys';

interface AnalyzeStepProps {
  session: Session;
  /** Saves the analysis in the session; null forgets it. */
  onAnalysisChange: (analysis: StoredAnalysis | null) => void;
  onContinue: (analysis: StoredAnalysis | null) => void;
  /** Steps 3–7 were recorded automatically from the analysis shown (null when none). */
  onPrepared: (analysis: StoredAnalysis | null, prepared: PreparedResult) => void;
}

/** Step 2: the data preview and the full profile of the current dataset. */
export function AnalyzeStep({ session, onAnalysisChange, onContinue, onPrepared }: AnalyzeStepProps) {
  const { t } = useTranslation();
  // read from the cache the pipeline header keeps, so this screen makes no call of its own for it
  const { columns, target: sessionTarget } = useSessionData({ read: false });
  const saved = session.analysisResults;
  const [chosenTarget, setChosenTarget] = useState(() => (typeof saved?.target === 'string' ? saved.target : ''));
  const [run, setRun] = useState(0);
  // a target that is no longer a column (dropped) counts as none
  const target = chosenTarget !== '' && columns.includes(chosenTarget) ? chosenTarget : null;

  const { analysis, analyzing } = useAnalysis({
    columns,
    saved,
    target,
    run,
    onAnalyzed: onAnalysisChange,
  });

  // SPEC §4: an update from the table carries no analysis fields, so the analysis runs again
  useFrameChanges(() => {
    onAnalysisChange(null);
    setRun((count) => count + 1);
  });

  // the suggested drop goes the table's way (snapshot, drop, reload, analysis again), sharing its snapshot
  const snapshot = useStepSnapshot(stepId('analyze'));
  const tableActions = useTableActions({ stepId: stepId('analyze'), snapshot });
  const suggested = analysis === null ? [] : dropSuggestion(analysis.quality, columns, [target, sessionTarget]);

  // the target chosen here becomes the session target: the default target of the later steps
  const queryClient = useQueryClient();
  const saveTarget = useMutation({
    mutationFn: (column: string | null) => setSessionTarget(column),
    onSuccess: (saved) => rememberSessionTarget(queryClient, saved.target_column),
    onError: (error) => notify.error(t('analyze.target.saveFailed'), errorMessage(error, t)),
  });
  const chooseTarget = (column: string | null) => {
    setChosenTarget(column ?? '');
    saveTarget.mutate(column);
  };
  // the server prepares for its own session target, so only a saved one that is still a column counts
  const preparedFor = !saveTarget.isPending && sessionTarget !== null && columns.includes(sessionTarget) ? sessionTarget : null;

  return (
    <div className="step-screen analyze">
      <StepHeader title={t('analyze.title')} description={t('analyze.description')} />

      <SectionCard title={t('preview.title')} icon={<TableIcon />} aside={<InfoTip>{t('preview.info')}</InfoTip>}>
        <DataTable stepId={stepId('analyze')} snapshot={snapshot} />
      </SectionCard>

      {analysis === null ? (
        analyzing && (
          <div className="analyze__loading" role="status">
            <span className="analyze__spinner" aria-hidden="true" />
            <span className="analyze__loading-title">{t('analyze.loading')}</span>
            <span className="analyze__loading-hint">{t('analyze.loadingHint')}</span>
          </div>
        )
      ) : (
        <>
          <DatasetOverview
            analysis={analysis}
            suggested={suggested}
            dropping={tableActions.droppingColumn !== undefined || tableActions.undoing}
            onDropSuggested={() => tableActions.dropColumns(suggested)}
          />
          <div className="analyze__pair">
            <SkewnessPanel analysis={analysis} />
            <VifPanel analysis={analysis} />
          </div>
          <QualitySection analysis={analysis} />
          <FeatureTargetPanel analysis={analysis} columns={columns} target={target} analyzing={analyzing} onTargetChange={chooseTarget} />
        </>
      )}

      <div className="step-screen__actions">
        <PrepareAutomatically target={preparedFor} onPrepared={(prepared) => onPrepared(analysis, prepared)} />
        <button type="button" className="button button--primary" onClick={() => onContinue(analysis)}>
          {t('analyze.continue')}
        </button>
      </div>
    </div>
  );
}
