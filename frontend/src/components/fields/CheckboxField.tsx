import { useId } from 'react';
import { InfoTip } from '../InfoTip/InfoTip';
import { describedBy } from './Field';
import './fields.css';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  info?: string;
  /** A line under the box, tied to it with aria-describedby. */
  hint?: string;
  disabled?: boolean;
}

export function CheckboxField({ label, checked, onChange, info, hint, disabled }: CheckboxFieldProps) {
  const id = useId();
  const box = (
    <span className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        className="field__checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy(id, { hint })}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="field__checkbox-label">
        {label}
      </label>
      {info && <InfoTip>{info}</InfoTip>}
    </span>
  );
  if (hint === undefined) return box;
  return (
    <div className="field field--hinted-checkbox">
      {box}
      <span id={`${id}-hint`} className="field__hint">
        {hint}
      </span>
    </div>
  );
}
