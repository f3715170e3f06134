import type { TFunction } from 'i18next';
import type { RecipeColumn, RecipeStepSettings } from '../api/recipe';
import { formatNumber, formatPercent } from '../i18n/format';

type Key = Parameters<TFunction>[0] & string;

/** The locale key of a setting's name: the same words the step's screen shows for it. */
function settingKey(step: RecipeStepSettings['step'], setting: string): string {
  switch (step) {
    case 'impute_missing':
      return `missing.strategies.${setting}`;
    case 'handle_outliers':
    case 'remove_outlier_rows':
      return `outliers.strategies.${setting}`;
    case 'encode':
      return `encoding.strategies.${setting}`;
    default:
      return `scaling.methods.${setting}`;
  }
}

/** The step in plain words: what it did, with its threshold when it has one. */
export function recipeStepTitle(step: RecipeStepSettings, t: TFunction, language: string): string {
  const share = step.threshold === null || step.threshold === undefined ? '' : formatPercent(step.threshold * 100, 0, language);
  return t(`report.recipe.steps.${step.step}`, { share });
}

/** A column's setting in the step in plain words; empty for a drop. */
export function recipeSettingText(step: RecipeStepSettings, column: RecipeColumn, t: TFunction, language: string): string {
  if (column.setting === null || column.setting === undefined) return '';
  const strategy = t(settingKey(step.step, column.setting) as Key, { defaultValue: column.setting });
  if (column.fill_value !== null && column.fill_value !== undefined) {
    return t('report.recipe.fillValue', { strategy, value: String(column.fill_value) });
  }
  if (column.detection !== null && column.detection !== undefined) {
    const method = t(`outliers.methods.${column.detection}` as Key, { defaultValue: column.detection });
    return t('report.recipe.outlier', { strategy, method, factor: formatNumber(column.factor ?? 0, language) });
  }
  return strategy;
}
