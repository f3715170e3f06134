import type { TFunction } from 'i18next';
import type { Choice } from '../../components/fields/SelectField';

/** A trained model, or (on step 10) the pipeline its optimization fitted. */
export interface ModelVariant {
  model: string;
  optimized: boolean;
}

/** A variant as a select value: the model's name, with a suffix for the optimized one. */
export function variantKey(variant: ModelVariant): string {
  return variant.optimized ? `${variant.model}:optimized` : variant.model;
}

export function findVariant(variants: readonly ModelVariant[], key: string): ModelVariant | undefined {
  return variants.find((variant) => variantKey(variant) === key);
}

/** The file name an export starts with: the model's name (SPEC §8), marked when optimized. */
export function defaultFileStem(variant: ModelVariant | undefined): string {
  if (variant === undefined) return '';
  return variant.optimized ? `${variant.model}_optimized` : variant.model;
}

export function variantChoices(variants: readonly ModelVariant[], t: TFunction): Choice<string>[] {
  return variants.map((variant) => ({
    value: variantKey(variant),
    label: variant.optimized ? t('export.optimizedModel', { model: variant.model }) : variant.model,
  }));
}
