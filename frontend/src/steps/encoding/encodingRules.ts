import type { ColumnEncodingSetting, EncodeRequest, EncodingStrategy } from '../../api/transforms';
import { columnsOfKind, type ColumnKinds } from '../common/columnKinds';

export const ENCODING_STRATEGIES: readonly EncodingStrategy[] = ['auto', 'label', 'onehot', 'ordinal', 'binary', 'target'];

/** SPEC §5 and §9: max categories (auto only) is at least 2, 10 by default. */
export const MAX_CATEGORIES_FIELD = { min: 2, step: 1, integer: true } as const;
export const DEFAULT_MAX_CATEGORIES = 10;

export interface GlobalEncodingSettings {
  strategy: EncodingStrategy;
  /** Null while the field does not hold a whole number of at least 2. */
  maxCategories: number | null;
}

export const DEFAULT_GLOBAL_ENCODING: GlobalEncodingSettings = { strategy: 'auto', maxCategories: DEFAULT_MAX_CATEGORIES };

export interface EncodingRow {
  column: string;
  strategy: EncodingStrategy;
  /** Unknown categories become -1 (checked, the default) or missing. */
  ordinal: boolean;
}

/** The ordinal flag matters where a column may get category numbers: label, ordinal, and auto. */
export function usesOrdinalFlag(strategy: EncodingStrategy): boolean {
  return strategy === 'label' || strategy === 'ordinal' || strategy === 'auto';
}

/**
 * The categorical columns encoding turns into numbers (the server's kinds: text, category,
 * object; not numbers, booleans or datetimes), the target never among them.
 */
export function encodingCandidates(columns: readonly string[], kinds: ColumnKinds, target: string): string[] {
  return columnsOfKind(columns, kinds, ['categorical']).filter((column) => column !== target);
}

export function newEncodingRow(column: string): EncodingRow {
  return { column, strategy: 'auto', ordinal: true };
}

/** A request to send, or the translation key of the reason it cannot be sent. */
export type Checked =
  { request: EncodeRequest } | { error: 'encoding.targetRequired' | 'encoding.columnTargetRequired' | 'common.addFirst' };

function targetField(target: string): Pick<EncodeRequest, 'target_column'> {
  return target === '' ? {} : { target_column: target };
}

/**
 * The global request. The target column goes along whenever one is chosen, so it is never
 * encoded as a feature; the target strategy needs it (SPEC §5).
 */
export function globalEncodingRequest(settings: GlobalEncodingSettings, target: string): Checked | null {
  if (settings.strategy === 'target' && target === '') return { error: 'encoding.targetRequired' };
  if (settings.strategy === 'auto' && settings.maxCategories === null) return null;
  return {
    request: {
      default_strategy: settings.strategy,
      max_categories: settings.maxCategories ?? DEFAULT_MAX_CATEGORIES,
      ...targetField(target),
    },
  };
}

/** The column-specific request: at least one row, and a target column when a row uses the target strategy. */
export function columnEncodingRequest(rows: readonly EncodingRow[], target: string, maxCategories: number | null): Checked {
  if (rows.length === 0) return { error: 'common.addFirst' };
  if (target === '' && rows.some((row) => row.strategy === 'target')) return { error: 'encoding.columnTargetRequired' };
  const settings: ColumnEncodingSetting[] = rows.map((row) => ({ column: row.column, strategy: row.strategy, ordinal: row.ordinal }));
  return {
    request: {
      default_strategy: 'auto',
      max_categories: maxCategories ?? DEFAULT_MAX_CATEGORIES,
      ...targetField(target),
      column_specific_settings: settings,
    },
  };
}
