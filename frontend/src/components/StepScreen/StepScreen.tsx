import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataDownload } from '../DataDownload/DataDownload';
import { DataDownloadContext } from '../DataDownload/dataDownload';
import { DataTable } from '../DataTable/DataTable';
import type { StepSnapshot } from '../DataTable/useStepSnapshot';
import { TableIcon } from '../icons';
import { InfoTip } from '../InfoTip/InfoTip';
import { SectionCard } from '../SectionCard/SectionCard';
import './StepScreen.css';

interface StepScreenProps {
  stepId: number;
  title: string;
  description: string;
  /** Shared with the step's own changes, so the first of them all takes the snapshot. */
  snapshot: StepSnapshot;
  /** The step's summary and settings cards. */
  children: ReactNode;
  /** The buttons at the bottom: Continue, and Skip where the step allows it. */
  actions: ReactNode;
}

/** The layout of a transforming step: title, its cards, the data preview, then the way on. */
export function StepScreen({ stepId, title, description, snapshot, children, actions }: StepScreenProps) {
  const { t } = useTranslation();
  return (
    <div className="step-screen">
      <StepHeader title={title} description={description} />

      {children}

      <SectionCard title={t('preview.title')} icon={<TableIcon />} aside={<InfoTip>{t('preview.stepInfo')}</InfoTip>}>
        <DataTable stepId={stepId} snapshot={snapshot} />
      </SectionCard>

      <div className="step-screen__actions">{actions}</div>
    </div>
  );
}

/**
 * A step screen's title and the sentence that says what the step does, with "Download data"
 * on the steps that have a frame (`DataDownloadContext`). The title takes focus (tabindex -1)
 * when the step opens; see `useStepFocus`.
 */
export function StepHeader({ title, description }: { title: string; description: string }) {
  const downloadable = useContext(DataDownloadContext);
  return (
    <header className="step-screen__header">
      <h1 className="step-screen__title" tabIndex={-1}>
        {title}
      </h1>
      <p className="step-screen__description">{description}</p>
      {downloadable && (
        <div className="step-screen__download">
          <DataDownload />
        </div>
      )}
    </header>
  );
}

/** A short muted line inside a card: an empty state or a note. */
export function CardNote({ children, tone }: { children: ReactNode; tone?: 'warn' }) {
  return <p className={`card-note${tone ? ` card-note--${tone}` : ''}`}>{children}</p>;
}

/** Column names shown as chips, e.g. the columns a global setting will change. */
export function ColumnChips({ label, info, columns }: { label: string; info?: string; columns: readonly string[] }) {
  return (
    <div className="column-chips">
      <span className="muted-label">
        {label}
        {info && <InfoTip>{info}</InfoTip>}
      </span>
      <ul className="column-chips__list">
        {columns.map((column) => (
          <li key={column} className="column-chips__chip" title={column}>
            {column}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ApplyButtonProps {
  label: string;
  /** This button's own call is running: it reads Applying... */
  applying: boolean;
  /** Any call of the screen is running, or the settings are not valid. */
  disabled: boolean;
  onClick: () => void;
}

/** A step's apply button: disabled while the screen is busy, Applying... while its own call runs. */
export function ApplyButton({ label, applying, disabled, onClick }: ApplyButtonProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button button--primary" {...runningButtonProps(applying, disabled, onClick)}>
      {applying ? t('common.applying') : label}
    </button>
  );
}

/** A small spinner with a label, for work running in the background (live detection). */
export function BusyNote({ children }: { children: ReactNode }) {
  return (
    <span className="busy-note" role="status">
      <span className="busy-note__spinner" aria-hidden="true" />
      {children}
    </span>
  );
}

interface ContinueButtonProps {
  label: string;
  /** A call of the screen is running. */
  busy: boolean;
  onClick: () => void;
}

/** A step's primary way on, disabled while the screen is busy. */
export function ContinueButton({ label, busy, onClick }: ContinueButtonProps) {
  return (
    <button type="button" className="button button--primary" disabled={busy} onClick={onClick}>
      {label}
    </button>
  );
}

/**
 * A button whose own call is running stays focusable (aria-disabled, clicks ignored) rather than
 * disabled, so keyboard focus stays on it instead of falling to the page; otherwise `disabled` as given.
 */
export function runningButtonProps(running: boolean, disabled: boolean, onClick: () => void) {
  return {
    disabled: disabled && !running,
    'aria-disabled': running || undefined,
    'aria-busy': running,
    onClick: running ? undefined : onClick,
  };
}
