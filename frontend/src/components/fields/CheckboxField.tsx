import { useId } from 'react';
import { InfoTip } from '../InfoTip/InfoTip';
import './fields.css';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  info?: string;
  disabled?: boolean;
}

export function CheckboxField({ label, checked, onChange, info, disabled }: CheckboxFieldProps) {
  const id = useId();
  return (
    <span className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        className="field__checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="field__checkbox-label">
        {label}
      </label>
      {info && <InfoTip>{info}</InfoTip>}
    </span>
  );
}
