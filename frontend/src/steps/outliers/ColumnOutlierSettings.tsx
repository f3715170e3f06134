import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { ColumnsIcon } from '../../components/icons';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { columnChoices } from '../../components/SettingsRows/columnChoices';
import { SettingsRows } from '../../components/SettingsRows/SettingsRows';
import type { Keyed } from '../../components/SettingsRows/useRowList';
import { ApplyButton } from '../../components/StepScreen/StepScreen';
import { FACTOR_FIELD, OUTLIER_METHODS, OUTLIER_STRATEGIES, type OutlierRow } from './outlierRules';

interface ColumnOutlierSettingsProps {
  rows: Keyed<OutlierRow>[];
  candidates: string[];
  onAdd: () => void;
  onChange: (id: number, change: Partial<OutlierRow>) => void;
  onRemove: (id: number) => void;
  onApply: () => void;
  applying: boolean;
  busy: boolean;
}

/** A strategy, method and factor per numeric column; the live summary uses their method and factor too. */
export function ColumnOutlierSettings(props: ColumnOutlierSettingsProps) {
  const { rows, candidates, onAdd, onChange, onRemove, onApply, applying, busy } = props;
  const { t } = useTranslation();

  return (
    <SectionCard title={t('common.columnSettings')} icon={<ColumnsIcon />} aside={<InfoTip>{t('outliers.columns.info')}</InfoTip>}>
      <SettingsRows
        rows={rows}
        emptyText={t('outliers.columns.empty')}
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
              label={t('common.strategy')}
              value={row.strategy}
              choices={OUTLIER_STRATEGIES.map((value) => ({ value, label: t(`outliers.strategies.${value}`) }))}
              onChange={(strategy) => onChange(row.id, { strategy })}
            />
            <SelectField
              label={t('common.method')}
              value={row.method}
              choices={OUTLIER_METHODS.map((value) => ({ value, label: t(`outliers.methods.${value}`) }))}
              onChange={(method) => onChange(row.id, { method })}
            />
            <NumberField
              label={t('common.factor')}
              value={row.factor}
              {...FACTOR_FIELD}
              onChange={(factor) => onChange(row.id, { factor })}
            />
          </>
        )}
      />
      <div className="settings-actions">
        <ApplyButton
          label={t('common.applyColumns')}
          applying={applying}
          disabled={busy || rows.some((row) => row.factor === null)}
          onClick={onApply}
        />
      </div>
    </SectionCard>
  );
}
