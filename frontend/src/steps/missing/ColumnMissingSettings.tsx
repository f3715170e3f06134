import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/fields/SelectField';
import { TextField } from '../../components/fields/TextField';
import { ColumnsIcon } from '../../components/icons';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { columnChoices } from '../../components/SettingsRows/columnChoices';
import { SettingsRows } from '../../components/SettingsRows/SettingsRows';
import type { Keyed } from '../../components/SettingsRows/useRowList';
import { ApplyButton } from '../../components/StepScreen/StepScreen';
import { needsFillValue, strategiesFor, strategyForColumn, type MissingRow } from './missingRules';

interface ColumnMissingSettingsProps {
  rows: Keyed<MissingRow>[];
  /** The columns a row may choose (SPEC §5). */
  candidates: string[];
  dtypes: Record<string, string>;
  onAdd: () => void;
  onChange: (id: number, change: Partial<MissingRow>) => void;
  onRemove: (id: number) => void;
  onApply: () => void;
  applying: boolean;
  busy: boolean;
}

/** A strategy (and fill value for constant) per column, with the strategies its type offers. */
export function ColumnMissingSettings(props: ColumnMissingSettingsProps) {
  const { rows, candidates, dtypes, onAdd, onChange, onRemove, onApply, applying, busy } = props;
  const { t } = useTranslation();

  return (
    <SectionCard title={t('common.columnSettings')} icon={<ColumnsIcon />} aside={<InfoTip>{t('missing.columns.info')}</InfoTip>}>
      <SettingsRows
        rows={rows}
        emptyText={t('missing.columns.empty')}
        onAdd={onAdd}
        onRemove={onRemove}
        disabled={busy}
        renderRow={(row) => (
          <>
            <SelectField
              label={t('common.column')}
              value={row.column}
              choices={columnChoices(candidates, rows, row.column).map((column) => ({ value: column, label: column }))}
              onChange={(column) => onChange(row.id, { column, strategy: strategyForColumn(row.strategy, dtypes[column]) })}
            />
            <SelectField
              label={t('common.strategy')}
              value={row.strategy}
              choices={strategiesFor(dtypes[row.column]).map((value) => ({ value, label: t(`missing.strategies.${value}`) }))}
              onChange={(strategy) => onChange(row.id, { strategy })}
            />
            {needsFillValue(row.strategy) && (
              <TextField
                label={t('missing.fillValue')}
                value={row.fillValue}
                onChange={(fillValue) => onChange(row.id, { fillValue })}
              />
            )}
          </>
        )}
      />
      <div className="settings-actions">
        <ApplyButton label={t('common.applyColumns')} applying={applying} disabled={busy} onClick={onApply} />
      </div>
    </SectionCard>
  );
}
