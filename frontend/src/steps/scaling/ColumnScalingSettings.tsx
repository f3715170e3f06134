import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/fields/SelectField';
import { ColumnsIcon } from '../../components/icons';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { columnChoices } from '../../components/SettingsRows/columnChoices';
import { SettingsRows } from '../../components/SettingsRows/SettingsRows';
import type { Keyed } from '../../components/SettingsRows/useRowList';
import { ApplyButton } from '../../components/StepScreen/StepScreen';
import { SCALING_METHODS, type ScalingRow } from './scalingRules';

interface ColumnScalingSettingsProps {
  rows: Keyed<ScalingRow>[];
  candidates: string[];
  onAdd: () => void;
  onChange: (id: number, change: Partial<ScalingRow>) => void;
  onRemove: (id: number) => void;
  onApply: () => void;
  applying: boolean;
  busy: boolean;
}

/** A method per column; only these columns are scaled. */
export function ColumnScalingSettings(props: ColumnScalingSettingsProps) {
  const { rows, candidates, onAdd, onChange, onRemove, onApply, applying, busy } = props;
  const { t } = useTranslation();

  return (
    <SectionCard title={t('common.columnSettings')} icon={<ColumnsIcon />} aside={<InfoTip>{t('scaling.columns.info')}</InfoTip>}>
      <SettingsRows
        rows={rows}
        emptyText={t('scaling.columns.empty')}
        onAdd={onAdd}
        onRemove={onRemove}
        disabled={busy}
        renderRow={(row) => (
          <>
            <SelectField
              label={t('common.column')}
              value={row.column}
              choices={columnChoices(candidates, rows, row.column).map((column) => ({ value: column, label: column }))}
              onChange={(column) => onChange(row.id, { column })}
            />
            <SelectField
              label={t('common.method')}
              value={row.method}
              choices={SCALING_METHODS.map((value) => ({ value, label: t(`scaling.methods.${value}`) }))}
              onChange={(method) => onChange(row.id, { method })}
            />
          </>
        )}
      />
      <div className="settings-actions">
        <ApplyButton label={t('common.applyColumns')} applying={applying} disabled={busy} onClick={onApply} />
      </div>
    </SectionCard>
  );
}
