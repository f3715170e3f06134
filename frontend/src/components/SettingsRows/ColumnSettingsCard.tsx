import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify';
import { SelectField } from '../fields/SelectField';
import { ColumnsIcon } from '../icons';
import { InfoTip } from '../InfoTip/InfoTip';
import { SectionCard } from '../SectionCard/SectionCard';
import { ApplyButton } from '../StepScreen/StepScreen';
import { columnChoices } from './columnChoices';
import { SettingsRows } from './SettingsRows';
import type { Keyed } from './useRowList';

interface ColumnSettingsCardProps<Row extends { column: string }> {
  rows: Keyed<Row>[];
  /** The columns a row may choose (SPEC §5). */
  candidates: string[];
  info: string;
  emptyText: string;
  onAdd: () => void;
  onChange: (id: number, change: Partial<Row>) => void;
  onRemove: (id: number) => void;
  /** Called only when there is at least one row. */
  onApply: () => void;
  applying: boolean;
  busy: boolean;
  /** The row's fields after its column choice. */
  renderFields: (row: Keyed<Row>, change: (change: Partial<Row>) => void) => ReactNode;
  /** What else changes with the row's column, e.g. a strategy the new column's type offers. */
  onColumnChange?: (row: Keyed<Row>, column: string) => Partial<Row>;
  /** Some row's settings are not valid: the apply button is disabled. */
  invalid?: boolean;
}

/** The column-specific settings card: a column choice and the step's fields per row, and their apply button. */
export function ColumnSettingsCard<Row extends { column: string }>(props: ColumnSettingsCardProps<Row>) {
  const { rows, candidates, info, emptyText, onAdd, onChange, onRemove, onApply, applying, busy } = props;
  const { renderFields, onColumnChange, invalid = false } = props;
  const { t } = useTranslation();

  const apply = () => {
    if (rows.length === 0) {
      notify.warning(t('common.addFirst'));
      return;
    }
    onApply();
  };

  return (
    <SectionCard title={t('common.columnSettings')} icon={<ColumnsIcon />} aside={<InfoTip>{info}</InfoTip>}>
      <SettingsRows
        rows={rows}
        emptyText={emptyText}
        onAdd={onAdd}
        onRemove={onRemove}
        disabled={busy}
        renderRow={(row) => (
          <>
            <SelectField
              label={t('common.column')}
              value={row.column}
              choices={columnChoices(candidates, rows, row.column).map((column) => ({ value: column, label: column }))}
              onChange={(column) => onChange(row.id, { column, ...onColumnChange?.(row, column) } as Partial<Row>)}
            />
            {renderFields(row, (change) => onChange(row.id, change))}
          </>
        )}
      />
      <div className="settings-actions">
        <ApplyButton label={t('common.applyColumns')} applying={applying} disabled={busy || invalid} onClick={apply} />
      </div>
    </SectionCard>
  );
}
