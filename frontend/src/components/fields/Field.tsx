import type { ReactNode } from 'react';
import { InfoTip } from '../InfoTip/InfoTip';
import './fields.css';

interface FieldProps {
  id: string;
  label: string;
  info?: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}

/** A labelled form control with an optional info tip, hint and error line. */
export function Field({ id, label, info, hint, error, children }: FieldProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {info && <InfoTip>{info}</InfoTip>}
      </span>
      {children}
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : (
        hint && (
          <span id={`${id}-hint`} className="field__hint">
            {hint}
          </span>
        )
      )}
    </div>
  );
}

/** The id of the line under a field's control, for its aria-describedby: the error when shown, else the hint. */
export function describedBy(id: string, { hint, error }: { hint?: string; error?: string | null | boolean }): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}
