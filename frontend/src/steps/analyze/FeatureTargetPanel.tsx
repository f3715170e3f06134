import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/BarChart';
import { TargetIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { topFeatureTarget } from './analysisCharts';
import type { StoredAnalysis } from './analysisRun';
import { formatDecimal } from '../../i18n/format';

interface FeatureTargetPanelProps {
  analysis: StoredAnalysis;
  columns: string[];
  target: string | null;
  analyzing: boolean;
  onTargetChange: (target: string | null) => void;
}

function formatPValue(value: number): string {
  return value < 0.001 ? value.toExponential(1) : formatDecimal(value, 3);
}

/** The optional target selector and the top 20 features by their association with it. */
export function FeatureTargetPanel({ analysis, columns, target, analyzing, onTargetChange }: FeatureTargetPanelProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const items = topFeatureTarget(analysis.feature_target_assoc);
  const current = target !== null && analysis.target === target;

  const selector = (
    <div className="target-select">
      <label htmlFor={selectId} className="target-select__label">
        {t('analyze.target.label')}
      </label>
      <select
        id={selectId}
        className="target-select__input"
        value={target ?? ''}
        onChange={(event) => onTargetChange(event.target.value === '' ? null : event.target.value)}
      >
        <option value="">{t('analyze.target.none')}</option>
        {columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </select>
    </div>
  );

  let body;
  if (target === null) {
    body = <p className="analyze__empty">{t('analyze.featureTarget.chooseTarget')}</p>;
  } else if (!current && analyzing) {
    body = (
      <p className="analyze__inline-loading" role="status">
        <span className="analyze__spinner analyze__spinner--small" aria-hidden="true" />
        {t('analyze.analyzing')}
      </p>
    );
  } else if (!current || items.length === 0) {
    body = <p className="analyze__empty">{t('analyze.featureTarget.empty')}</p>;
  } else {
    body = (
      <BarChart
        label={t('analyze.featureTarget.chart', { target })}
        orientation="h"
        valueTitle={t('analyze.featureTarget.score')}
        valueRange={[0, 1]}
        bars={items.map((item) => {
          const test = t(`analyze.featureTarget.tests.${item.test}`);
          return {
            name: item.column,
            value: item.score,
            text: `${formatDecimal(item.score, 2)} · ${test}`,
            hover: item.pValue === null ? test : `${test} · ${t('analyze.featureTarget.pValue', { value: formatPValue(item.pValue) })}`,
          };
        })}
      />
    );
  }

  return (
    <SectionCard title={t('analyze.featureTarget.title')} icon={<TargetIcon />} aside={selector}>
      {body}
      <p className="analyze__chart-note">{t('analyze.featureTarget.note')}</p>
    </SectionCard>
  );
}
