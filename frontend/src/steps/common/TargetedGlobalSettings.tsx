import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidersIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { ApplyButton, CardNote, ColumnChips } from '../../components/StepScreen/StepScreen';
import { TargetField } from './TargetField';

/** What a step screen hands its global settings card with a target column. */
export interface TargetedSettingsProps {
  target: string;
  onTargetChange: (target: string) => void;
  columns: string[];
  /** The columns the global settings will change. */
  candidates: string[];
  onApply: () => void;
  applying: boolean;
  /** Any call of the screen is running. */
  busy: boolean;
}

interface TargetedGlobalSettingsProps extends Omit<TargetedSettingsProps, 'busy'> {
  /** The step's own global fields, before the target choice. */
  children: ReactNode;
  targetInfo: string;
  /** Shown instead of the chips when there is no candidate. */
  noCandidates: string;
  candidatesLabel: string;
  candidatesInfo?: string;
  /** Any call of the screen is running, or the settings are not valid. */
  disabled: boolean;
}

/** A global settings card with a target column: the step's fields, the columns they change, and the apply button. */
export function TargetedGlobalSettings(props: TargetedGlobalSettingsProps) {
  const { children, target, onTargetChange, targetInfo, columns, candidates, noCandidates, candidatesLabel, candidatesInfo } = props;
  const { t } = useTranslation();

  return (
    <SectionCard title={t('common.globalSettings')} icon={<SlidersIcon />}>
      <div className="card-stack">
        <div className="settings-grid">
          {children}
          <TargetField columns={columns} value={target} onChange={onTargetChange} info={targetInfo} />
        </div>
        {candidates.length === 0 ? (
          <CardNote tone="warn">{noCandidates}</CardNote>
        ) : (
          <ColumnChips label={candidatesLabel} info={candidatesInfo} columns={candidates} />
        )}
      </div>
      <div className="settings-actions">
        <ApplyButton label={t('common.applyGlobal')} applying={props.applying} disabled={props.disabled} onClick={props.onApply} />
      </div>
    </SectionCard>
  );
}
