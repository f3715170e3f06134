import { useId } from 'react';
import { describedBy, Field } from './Field';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  disabled?: boolean;
}

export function TextField({ label, value, onChange, hint, disabled }: TextFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint}>
      <input
        id={id}
        className="field__control"
        type="text"
        value={value}
        disabled={disabled}
        aria-describedby={describedBy(id, { hint })}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
