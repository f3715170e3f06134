import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from './Field';
import { clampedNumber, readNumber } from './numberInput';

interface NumberFieldProps {
  label: string;
  /** The last valid value; null while the text is not one. */
  value: number | null;
  min?: number;
  max?: number;
  step: number;
  integer?: boolean;
  /** A number outside the bounds is moved to the nearest bound instead of being refused. */
  clamp?: boolean;
  /** Called with every edit: the number, or null when the text is empty or out of bounds. */
  onChange: (value: number | null) => void;
  info?: string;
  hint?: string;
  disabled?: boolean;
}

/**
 * A number input with min, max and step. What is typed stays as typed; a value outside the
 * bounds is reported as null, with a message, so a screen cannot apply or send it; with
 * `clamp` it is reported as the nearest bound, and shown as that when the field is left.
 */
export function NumberField({ label, value, min, max, step, integer, clamp = false, onChange, info, hint, disabled }: NumberFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (value === null ? '' : String(value));
  const read = (input: string) => (clamp ? clampedNumber : readNumber)(input, { min, max, integer });
  const invalid = read(text) === null;

  let error: string | null = null;
  if (invalid) {
    if (clamp) error = t('fields.number');
    else if (min !== undefined && max !== undefined) error = t('fields.numberRange', { min, max });
    else if (min !== undefined) error = t('fields.numberMin', { min });
    else error = t('fields.number');
  }

  return (
    <Field id={id} label={label} info={info} hint={hint} error={error}>
      <input
        id={id}
        className="field__control field__number"
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={text}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={describedBy(id, { hint, error: invalid })}
        onChange={(event) => {
          setDraft(event.target.value);
          onChange(read(event.target.value));
        }}
        onBlur={() => {
          // a valid entry is shown as the number it stands for ("1." reads 1)
          if (!invalid) setDraft(null);
        }}
      />
    </Field>
  );
}
