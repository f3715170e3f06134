import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlusIcon } from '../icons';
import type { Keyed } from './useRowList';
import './SettingsRows.css';

interface SettingsRowsProps<Row extends { column: string }> {
  rows: Keyed<Row>[];
  /** The fields of one row (its column choice first). */
  renderRow: (row: Keyed<Row>) => ReactNode;
  onAdd: () => void;
  onRemove: (id: number) => void;
  /** Shown while there is no row. */
  emptyText: string;
  disabled?: boolean;
}

/** The column-specific settings editor: one row of fields per column, an add and a remove button. */
export function SettingsRows<Row extends { column: string }>({
  rows,
  renderRow,
  onAdd,
  onRemove,
  emptyText,
  disabled,
}: SettingsRowsProps<Row>) {
  const { t } = useTranslation();
  return (
    <div className="settings-rows">
      {rows.length === 0 ? (
        <p className="settings-rows__empty">{emptyText}</p>
      ) : (
        <ul className="settings-rows__list">
          {rows.map((row) => (
            <li key={row.id} className="settings-rows__row">
              <div className="settings-rows__fields">{renderRow(row)}</div>
              <button
                type="button"
                className="icon-button settings-rows__remove"
                aria-label={t('settingsRows.remove', { column: row.column })}
                disabled={disabled}
                onClick={() => onRemove(row.id)}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--ghost button--small settings-rows__add" onClick={onAdd} disabled={disabled}>
        <PlusIcon />
        {t('settingsRows.add')}
      </button>
    </div>
  );
}
