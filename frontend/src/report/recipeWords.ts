import type { TFunction } from 'i18next';
import type { RecipeColumn, RecipeStepKind, RecipeStepSettings } from '../api/recipe';
import { formatNumber, formatPercent } from '../i18n/format';
import type { ColumnSettingsStep } from '../steps/stepKeys';

type Key = Parameters<TFunction>[0] & string;

/**
 * Where each kind of recipe step finds the names of its settings: the same words its screen
 * shows for them, or none for a drop. A kind the server adds must be given its words here.
 */
export const SETTING_WORDS = {
  drop_columns: null,
  drop_missing_rows: null,
  drop_missing_columns: null,
  impute_missing: 'missing.strategies',
  handle_outliers: 'outliers.strategies',
  remove_outlier_rows: 'outliers.strategies',
  encode: 'encoding.strategies',
  scale: 'scaling.methods',
} as const satisfies Record<RecipeStepKind, `${ColumnSettingsStep}.${'strategies' | 'methods'}` | null>;

/** The step in plain words: what it did, with its threshold when it has one. */
export function recipeStepTitle(step: RecipeStepSettings, t: TFunction, language: string): string {
  const share = step.threshold === null || step.threshold === undefined ? '' : formatPercent(step.threshold * 100, 0, language);
  return t(`report.recipe.steps.${step.step}`, { share, defaultValue: step.step });
}

/** A column's setting in the step in plain words; empty for a drop. */
export function recipeSettingText(step: RecipeStepSettings, column: RecipeColumn, t: TFunction, language: string): string {
  if (column.setting === null || column.setting === undefined) return '';
  const words: string | null | undefined = SETTING_WORDS[step.step];
  const strategy = words ? t(`${words}.${column.setting}` as Key, { defaultValue: column.setting }) : column.setting;
  if (column.fill_value !== null && column.fill_value !== undefined) {
    return t('report.recipe.fillValue', { strategy, value: String(column.fill_value) });
  }
  if (column.detection !== null && column.detection !== undefined) {
    const method = t(`outliers.methods.${column.detection}` as Key, { defaultValue: column.detection });
    return t('report.recipe.outlier', { strategy, method, factor: formatNumber(column.factor ?? 0, language) });
  }
  return strategy;
}
