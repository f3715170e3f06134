import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableData } from '../../api/dataset';
import type { Session } from '../../app/session';
import { DataTable } from '../../components/DataTable/DataTable';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { TableIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import type { StoredAnalysis } from './analysisRun';
import { DatasetOverview } from './DatasetOverview';
import { FeatureTargetPanel } from './FeatureTargetPanel';
import { QualitySection } from './QualitySection';
import { SkewnessPanel } from './SkewnessPanel';
import { useAnalysis } from './useAnalysis';
import { VifPanel } from './VifPanel';
import './AnalyzeStep.css';

export const ANALYZE_STEP_ID = 2;

interface AnalyzeStepProps {
  session: Session;
  onDataChange: (table: TableData) => void;
  /** Saves the analysis in the session; null forgets it. */
  onAnalysisChange: (analysis: StoredAnalysis | null) => void;
  onContinue: (analysis: StoredAnalysis | null) => void;
}

/** Step 2: the data preview and the full profile of the current dataset. */
export function AnalyzeStep({ session, onDataChange, onAnalysisChange, onContinue }: AnalyzeStepProps) {
  const { t } = useTranslation();
  const saved = session.analysisResults;
  const [chosenTarget, setChosenTarget] = useState(() => (typeof saved?.target === 'string' ? saved.target : ''));
  const [run, setRun] = useState(0);
  // a target that is no longer a column (dropped) counts as none
  const target = chosenTarget !== '' && session.columns.includes(chosenTarget) ? chosenTarget : null;

  const { analysis, analyzing } = useAnalysis({
    columns: session.columns,
    saved,
    target,
    run,
    onAnalyzed: onAnalysisChange,
  });

  // SPEC §4: an update from the table carries no analysis fields, so the analysis runs again
  const onTableChange = (table: TableData) => {
    onDataChange(table);
    onAnalysisChange(null);
    setRun((count) => count + 1);
  };

  return (
    <div className="step-screen analyze">
      <header className="step-screen__header">
        <h1 className="step-screen__title">{t('analyze.title')}</h1>
        <p className="step-screen__description">{t('analyze.description')}</p>
      </header>

      <SectionCard title={t('preview.title')} icon={<TableIcon />} aside={<InfoTip>{t('preview.info')}</InfoTip>}>
        <DataTable
          columns={session.columns}
          data={session.currentData}
          stepId={ANALYZE_STEP_ID}
          onDataChange={onTableChange}
        />
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
          <DatasetOverview analysis={analysis} />
          <div className="analyze__pair">
            <SkewnessPanel analysis={analysis} />
            <VifPanel analysis={analysis} />
          </div>
          <QualitySection analysis={analysis} />
          <FeatureTargetPanel
            analysis={analysis}
            columns={session.columns}
            target={target}
            analyzing={analyzing}
            onTargetChange={(column) => setChosenTarget(column ?? '')}
          />
        </>
      )}

      <div className="step-screen__actions">
        <button type="button" className="button button--primary" onClick={() => onContinue(analysis)}>
          {t('analyze.continue')}
        </button>
      </div>
    </div>
  );
}
