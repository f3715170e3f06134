import { useTranslation } from 'react-i18next';
import type { TableData } from '../../api/dataset';
import type { Session } from '../../app/session';
import { DataTable } from '../../components/DataTable/DataTable';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { SectionCard } from '../../components/SectionCard/SectionCard';

export const ANALYZE_STEP_ID = 2;

interface AnalyzeStepProps {
  session: Session;
  onDataChange: (table: TableData) => void;
}

/** Step 2: the data preview of the current dataset. */
export function AnalyzeStep({ session, onDataChange }: AnalyzeStepProps) {
  const { t } = useTranslation();
  return (
    <div className="step-screen">
      <header className="step-screen__header">
        <h1 className="step-screen__title">{t('analyze.title')}</h1>
        <p className="step-screen__description">{t('analyze.description')}</p>
      </header>
      <SectionCard title={t('preview.title')} aside={<InfoTip>{t('preview.info')}</InfoTip>}>
        <DataTable
          columns={session.columns}
          data={session.currentData}
          stepId={ANALYZE_STEP_ID}
          onDataChange={onDataChange}
        />
      </SectionCard>
    </div>
  );
}
