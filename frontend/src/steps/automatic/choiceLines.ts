import type { TFunction } from 'i18next';
import type { RecipeColumn, RecipeStepSettings } from '../../api/recipe';
import { formatInteger, formatPercent } from '../../i18n/format';

/** The step screens that say what "Prepare automatically" chose, or why it chose nothing there. */
export type ChoiceScreen = 'missing' | 'outliers' | 'encoding' | 'correlation' | 'scaling';

type Reason = NonNullable<RecipeColumn['reason']>;

/** The screen each reason code belongs to: drops and fills are step 3's, encodings step 5's. */
const SCREEN_OF: Record<string, ChoiceScreen> = {
  constant: 'missing',
  id_like: 'missing',
  no_missing: 'missing',
  few_missing: 'missing',
  many_missing: 'missing',
  encoded_label: 'encoding',
  encoded_onehot: 'encoding',
  encoded_target: 'encoding',
};

/** True when the recipe holds steps "Prepare automatically" recorded (each of their columns has a reason). */
export function preparedAutomatically(recipe: readonly RecipeStepSettings[]): boolean {
  return recipe.some((step) => step.columns.some((column) => column.reason != null));
}

function fillWords(column: RecipeColumn, t: TFunction): string {
  if (column.setting === 'median') return t('automatic.fill.median');
  if (column.setting === 'constant') return t('automatic.fill.constant', { value: String(column.fill_value) });
  return t('automatic.fill.mode');
}

function missingLine(column: RecipeColumn, reason: Reason, t: TFunction): string {
  const values = { column: column.column, fill: fillWords(column, t), share: formatPercent((reason.missing_share ?? 0) * 100) };
  if (reason.code === 'no_missing') return t('automatic.reasons.noMissing', values);
  return column.indicator === true ? t('automatic.reasons.missingIndicator', values) : t('automatic.reasons.missing', values);
}

function line(column: RecipeColumn, reason: Reason, t: TFunction): string {
  const levels = formatInteger(reason.levels ?? 0);
  switch (reason.code) {
    case 'constant':
      return t('automatic.reasons.constant', { column: column.column });
    case 'id_like':
      return t('automatic.reasons.idLike', { column: column.column });
    case 'encoded_label':
      return t('automatic.reasons.label', { column: column.column, levels });
    case 'encoded_onehot':
      return t('automatic.reasons.onehot', { column: column.column, levels });
    case 'encoded_target':
      return t('automatic.reasons.target', { column: column.column, levels });
    default:
      return missingLine(column, reason, t);
  }
}

/** One line per column the recipe's automatic steps chose something for on `screen`, in recipe order. */
export function choiceLines(recipe: readonly RecipeStepSettings[], screen: ChoiceScreen, t: TFunction): string[] {
  return recipe.flatMap((step) =>
    step.columns.flatMap((column) => {
      const reason = column.reason;
      return reason != null && SCREEN_OF[reason.code] === screen ? [line(column, reason, t)] : [];
    }),
  );
}
