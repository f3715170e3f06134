import { useTranslation } from 'react-i18next';
import type { CorrelatedPair } from '../../api/transforms';
import { NumberField } from '../../components/fields/NumberField';
import { LinkIcon } from '../../components/icons';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { ApplyButton, BusyNote, CardNote } from '../../components/StepScreen/StepScreen';
import { columnsToDrop, pairKey, THRESHOLD_FIELD, type PairChoice } from './correlationRules';
import { formatDecimal } from '../../i18n/format';

interface CorrelatedPairsProps {
  threshold: number | null;
  onThresholdChange: (threshold: number | null) => void;
  /** Null until the first preview arrives. */
  pairs: CorrelatedPair[] | null;
  loading: boolean;
  error: string | null;
  choices: Record<string, PairChoice>;
  onChoose: (pair: CorrelatedPair, choice: PairChoice) => void;
  onDrop: () => void;
  dropping: boolean;
}

/** The threshold, the pairs at or above it, and one drop choice per pair. */
export function CorrelatedPairs(props: CorrelatedPairsProps) {
  const { threshold, onThresholdChange, pairs, loading, error, choices, onChoose, onDrop, dropping } = props;
  const { t } = useTranslation();
  const selected = pairs === null ? [] : columnsToDrop(pairs, choices);

  let body;
  if (error !== null) body = <CardNote tone="warn">{error}</CardNote>;
  else if (pairs === null) body = loading && <BusyNote>{t('correlation.pairs.loading')}</BusyNote>;
  else if (pairs.length === 0) body = <CardNote>{t('correlation.pairs.none', { threshold: threshold ?? '' })}</CardNote>;
  else
    body = (
      <ul className="pair-list" aria-label={t('correlation.pairs.title')}>
        {pairs.map((pair) => {
          const key = pairKey(pair);
          const choice = choices[key] ?? null;
          const options: { value: PairChoice; label: string }[] = [
            { value: null, label: t('correlation.pairs.keepBoth') },
            { value: 'col1', label: t('correlation.pairs.drop', { column: pair.col1 }) },
            { value: 'col2', label: t('correlation.pairs.drop', { column: pair.col2 }) },
          ];
          return (
            <li key={key} className="pair-list__item">
              <div className="pair-list__pair">
                <span className="pair-list__names" title={t('correlation.pairs.pair', { first: pair.col1, second: pair.col2 })}>
                  <span className="pair-list__name">{pair.col1}</span>
                  <span className="pair-list__link" aria-hidden="true">
                    ↔
                  </span>
                  <span className="pair-list__name">{pair.col2}</span>
                </span>
                <span className="pair-list__value">
                  {t('correlation.pairs.correlation', { value: formatDecimal(pair.correlation, 3) })}
                </span>
                <span className="pair-list__meter" aria-hidden="true">
                  <span style={{ width: `${Math.min(1, Math.abs(pair.correlation)) * 100}%` }} />
                </span>
              </div>
              <div
                className="segmented"
                role="radiogroup"
                aria-label={`${t('correlation.pairs.choice')}: ${t('correlation.pairs.pair', { first: pair.col1, second: pair.col2 })}`}
              >
                {options.map((option) => (
                  <label
                    key={option.value ?? 'keep'}
                    className={`segmented__option${choice === option.value ? ' segmented__option--on' : ''}`}
                  >
                    <input
                      type="radio"
                      name={key}
                      checked={choice === option.value}
                      disabled={dropping}
                      onChange={() => onChoose(pair, option.value)}
                    />
                    <span>{option.label}</span>
                  </label>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <SectionCard
      title={t('correlation.pairs.title')}
      icon={<LinkIcon />}
      aside={
        <>
          {loading && pairs !== null && <BusyNote>{t('correlation.pairs.loading')}</BusyNote>}
          <InfoTip>{t('correlation.pairs.info')}</InfoTip>
        </>
      }
    >
      <div className="card-stack">
        <div className="settings-grid">
          <NumberField
            label={t('correlation.pairs.threshold')}
            hint={t('correlation.pairs.thresholdHint')}
            value={threshold}
            {...THRESHOLD_FIELD}
            onChange={onThresholdChange}
          />
        </div>
        {body}
      </div>
      <div className="settings-actions">
        {selected.length > 0 && (
          <span className="settings-actions__note">{t('correlation.pairs.selected', { names: selected.join(', ') })}</span>
        )}
        <ApplyButton
          label={t('correlation.pairs.apply')}
          applying={dropping}
          disabled={threshold === null || pairs === null || pairs.length === 0}
          onClick={onDrop}
        />
      </div>
    </SectionCard>
  );
}
