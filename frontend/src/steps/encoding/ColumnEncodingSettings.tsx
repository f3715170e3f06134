import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/fields/CheckboxField';
import { SelectField } from '../../components/fields/SelectField';
import { ColumnsIcon } from '../../components/icons';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { columnChoices } from '../../components/SettingsRows/columnChoices';
import { SettingsRows } from '../../components/SettingsRows/SettingsRows';
import type { Keyed } from '../../components/SettingsRows/useRowList';
import { ApplyButton } from '../../components/StepScreen/StepScreen';
import { ENCODING_STRATEGIES, usesOrdinalFlag, type EncodingRow } from './encodingRules';

interface ColumnEncodingSettingsProps {
  rows: Keyed<EncodingRow>[];
  candidates: string[];
  onAdd: () => void;
  onChange: (id: number, change: Partial<EncodingRow>) => void;
  onRemove: (id: number) => void;
  onApply: () => void;
  applying: boolean;
  busy: boolean;
}

/** A strategy per categorical column, and whether unknown categories become -1. */
export function ColumnEncodingSettings(props: ColumnEncodingSettingsProps) {
  const { rows, candidates, onAdd, onChange, onRemove, onApply, applying, busy } = props;
  const { t } = useTranslation();

  return (
    <SectionCard title={t('common.columnSettings')} icon={<ColumnsIcon />} aside={<InfoTip>{t('encoding.columns.info')}</InfoTip>}>
      <SettingsRows
        rows={rows}
        emptyText={t('encoding.columns.empty')}
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
              choices={ENCODING_STRATEGIES.map((value) => ({ value, label: t(`encoding.strategies.${value}`) }))}
              onChange={(strategy) => onChange(row.id, { strategy })}
            />
            {usesOrdinalFlag(row.strategy) && (
              <CheckboxField
                label={t('encoding.ordinal')}
                info={t('encoding.ordinalInfo')}
                checked={row.ordinal}
                onChange={(ordinal) => onChange(row.id, { ordinal })}
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
