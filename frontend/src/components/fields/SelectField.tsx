import { useId } from 'react';
import { describedBy, Field } from './Field';

export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  choices: readonly Choice<Value>[];
  onChange: (value: Value) => void;
  info?: string;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
}

/** A labelled drop-down of the given choices. */
export function SelectField<Value extends string>({
  label,
  value,
  choices,
  onChange,
  info,
  hint,
  error,
  disabled,
}: SelectFieldProps<Value>) {
  const id = useId();
  return (
    <Field id={id} label={label} info={info} hint={hint} error={error}>
      <select
        id={id}
        className="field__control field__select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
