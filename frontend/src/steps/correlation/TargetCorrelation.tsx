import { useTranslation } from 'react-i18next';
import type { CorrelationMethod } from '../../api/transforms';
import { BarChart } from '../../components/charts/BarChart';
import { CHART_COLORS } from '../../components/charts/chartTheme';
import { TargetIcon } from '../../components/icons';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { BusyNote, CardNote } from '../../components/StepScreen/StepScreen';
import { TargetField } from '../common/TargetField';
import { CORRELATION_METHODS, TARGET_CHART_LIMIT } from './correlationRules';
import { formatDecimal } from '../../i18n/format';

interface TargetCorrelationProps {
  /** Numeric columns that may be the target. */
  candidates: string[];
  target: string;
  onTargetChange: (target: string) => void;
  method: CorrelationMethod;
  onMethodChange: (method: CorrelationMethod) => void;
  correlations: { column: string; correlation: number }[] | null;
  loading: boolean;
  error: string | null;
}

/** The correlation of every numeric column with the target, Pearson or Spearman, strongest first. */
export function TargetCorrelation(props: TargetCorrelationProps) {
  const { candidates, target, onTargetChange, method, onMethodChange, correlations, loading, error } = props;
  const { t } = useTranslation();

  let body;
  if (candidates.length === 0) body = <CardNote>{t('correlation.target.noNumericTarget')}</CardNote>;
  else if (target === '') body = <CardNote>{t('correlation.target.choose')}</CardNote>;
  else if (error !== null) body = <CardNote tone="warn">{error}</CardNote>;
  else if (correlations === null) body = loading && <BusyNote>{t('correlation.target.loading')}</BusyNote>;
  else if (correlations.length === 0) body = <CardNote>{t('correlation.target.empty')}</CardNote>;
  else
    body = (
      <BarChart
        label={t('correlation.target.chart', { target })}
        orientation="h"
        valueTitle={t('correlation.target.axis')}
        valueRange={[-1, 1]}
        bars={correlations.slice(0, TARGET_CHART_LIMIT).map(({ column, correlation }) => ({
          name: column,
          value: correlation,
          text: formatDecimal(correlation, 3),
          color: correlation >= 0 ? CHART_COLORS.accent : CHART_COLORS.danger,
        }))}
      />
    );

  return (
    <SectionCard title={t('correlation.target.title')} icon={<TargetIcon />} aside={<InfoTip>{t('correlation.target.info')}</InfoTip>}>
      <div className="card-stack">
        <div className="settings-grid">
          <TargetField columns={candidates} value={target} onChange={onTargetChange} />
          <div className="field">
            <span className="field__label">{t('correlation.target.method')}</span>
            <div className="segmented" role="radiogroup" aria-label={t('correlation.target.method')}>
              {CORRELATION_METHODS.map((value) => (
                <label key={value} className={`segmented__option${method === value ? ' segmented__option--on' : ''}`}>
                  <input type="radio" name="target-correlation-method" checked={method === value} onChange={() => onMethodChange(value)} />
                  <span>{t(`correlation.target.${value}`)}</span>
                </label>
              ))}
            </div>
          </div>
        </div>
        {body}
      </div>
    </SectionCard>
  );
}
