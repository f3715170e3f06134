import './ToneCue.css';

/** A quality graded in colour: a metric on Evaluation, the data-quality score on Analyze. */
export type QualityTone = 'good' | 'fair' | 'poor';

const SHAPES: Record<QualityTone, string> = {
  good: 'M3.5 8.5l3 3 6-7',
  fair: 'M4 8h8',
  poor: 'M4.5 4.5l7 7M11.5 4.5l-7 7',
};

interface ToneCueProps {
  tone: QualityTone;
  /** The grade in words (good, fair, poor), in the interface language. */
  word: string;
  /** Shows the word beside the shape; otherwise it is there for screen readers only. */
  showWord?: boolean;
}

/**
 * A quality told by more than its colour (WCAG 1.4.1): a shape (check, dash, cross) beside the
 * value, and the grade's word, read out always and shown when `showWord`.
 */
export function ToneCue({ tone, word, showWord = false }: ToneCueProps) {
  return (
    <span className="tone-cue">
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d={SHAPES[tone]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={showWord ? 'tone-cue__word' : 'visually-hidden'}> {word}</span>
    </span>
  );
}
