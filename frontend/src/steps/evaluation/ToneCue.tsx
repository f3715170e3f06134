import { useTranslation } from 'react-i18next';
import type { MetricTone } from './metrics';

const SHAPES: Record<Exclude<MetricTone, 'neutral'>, string> = {
  good: 'M3.5 8.5l3 3 6-7',
  fair: 'M4 8h8',
  poor: 'M4.5 4.5l7 7M11.5 4.5l-7 7',
};

/**
 * A metric's quality told by more than its colour (WCAG 1.4.1): a shape (check, dash, cross)
 * beside the value and the word, good, fair or poor, for screen readers.
 */
export function ToneCue({ tone }: { tone: MetricTone }) {
  const { t } = useTranslation();
  if (tone === 'neutral') return null;
  return (
    <span className="tone-cue">
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d={SHAPES[tone]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden"> {t(`evaluation.details.tone.${tone}`)}</span>
    </span>
  );
}
