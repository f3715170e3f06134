import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Explanation, ProblemType } from '../../api/training';
import { Chart } from '../../components/charts/Chart';
import { BarsIcon } from '../../components/icons';
import { ModelPicker } from './ModelPicker';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { formatDateText, formatInteger, formatSignificant } from '../../i18n/format';
import { beeswarmFigure, summaryFigure } from './explanationCharts';
import './ExplanationCard.css';

interface ExplanationCardProps {
  /** The models that trained, to choose from; the choice is shared with the model charts. */
  models: string[];
  model: string;
  onModelChange: (model: string) => void;
  /** The chosen model's explanation; null when it could not be explained. */
  explanation: Explanation | null;
  problemType: ProblemType;
  /** Shown instead while the explanation is still to be computed: its progress, or a way to ask for it. */
  waiting?: ReactNode;
}

/** Step 9: which uploaded columns moved a supervised model's predictions, and how much (SHAP values). */
export function ExplanationCard({ models, model, onModelChange, explanation, problemType, waiting }: ExplanationCardProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('evaluation.explanations.title')} icon={<BarsIcon />}>
      <div className="card-stack">
        <ModelPicker models={models} model={model} onChange={onModelChange} />
        {waiting ??
          (explanation === null ? (
            <CardNote>{t('evaluation.explanations.none')}</CardNote>
          ) : (
            <ExplanationDetails model={model} explanation={explanation} problemType={problemType} />
          ))}
      </div>
    </SectionCard>
  );
}

function ExplanationDetails({ model, explanation, problemType }: { model: string; explanation: Explanation; problemType: ProblemType }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = (value: number) => formatSignificant(value, 4, language);
  const summary = summaryFigure(explanation.columns, t('evaluation.explanations.meanAxis'), number);
  const beeswarm = beeswarmFigure(
    explanation.beeswarm,
    {
      contribution: t('evaluation.explanations.contribution'),
      column: t('evaluation.explanations.column'),
      value: t('evaluation.explanations.value'),
      low: t('evaluation.explanations.low'),
      high: t('evaluation.explanations.high'),
    },
    { number, date: (iso) => formatDateText(iso, language) ?? iso },
  );
  const summaryLabel = t('evaluation.explanations.summaryLabel', { model });
  const beeswarmLabel = t('evaluation.explanations.beeswarmLabel', { model });

  return (
    <>
      <CardNote>{t('evaluation.explanations.description')}</CardNote>
      <StatCards label={t('evaluation.explanations.title')}>
        <StatCard
          className="explanation__fact"
          label={t('evaluation.explanations.method')}
          value={t(`evaluation.explanations.methods.${explanation.method}`)}
        />
        <StatCard
          className="explanation__fact"
          label={t('evaluation.explanations.rows')}
          value={t('evaluation.explanations.rowsOf', {
            count: explanation.of_rows,
            rows: formatInteger(explanation.rows, language),
            of: formatInteger(explanation.of_rows, language),
          })}
        />
        <StatCard
          className="explanation__fact"
          label={t('evaluation.explanations.output')}
          value={t(`evaluation.explanations.outputs.${explanation.output}`)}
        />
        {problemType === 'classification' && (
          <StatCard
            className="explanation__fact"
            label={t('evaluation.explanations.explainedClass')}
            value={explanation.explained_class === null ? t('evaluation.explanations.predictedClass') : String(explanation.explained_class)}
          />
        )}
      </StatCards>
      <div className="model-charts__panel">
        <h3 className="model-charts__title">{t('evaluation.explanations.summary')}</h3>
        <Chart label={summaryLabel} data={summary.data} layout={summary.layout} height={summary.height} />
      </div>
      {explanation.beeswarm.length > 0 && (
        <div className="model-charts__panel">
          <h3 className="model-charts__title">{t('evaluation.explanations.beeswarm')}</h3>
          <CardNote>{t('evaluation.explanations.beeswarmNote')}</CardNote>
          <Chart label={beeswarmLabel} data={beeswarm.data} layout={beeswarm.layout} height={beeswarm.height} table={beeswarm.table} />
        </div>
      )}
    </>
  );
}
