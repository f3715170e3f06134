import { beforeAll, describe, expect, it } from 'vitest';
import type { RecipeStepKind, RecipeStepSettings } from '../api/recipe';
import { chooseLanguage, i18n } from '../i18n/i18n';
import { languages } from '../i18n/languages';
import { recipeSettingText, recipeStepTitle, SETTING_WORDS } from './recipeWords';

const KINDS = Object.keys(SETTING_WORDS) as RecipeStepKind[];

function step(kind: RecipeStepKind, setting: string | null = null): RecipeStepSettings {
  return { step: kind, threshold: 0.25, columns: [{ column: 'age', setting }] };
}

/** The settings a language names under `words`, e.g. `scaling.methods`. */
function settingNames(code: string, words: string): Record<string, string> {
  return i18n.getResource(code, 'translation', words) as Record<string, string>;
}

beforeAll(async () => {
  for (const { code } of languages) await chooseLanguage(code);
});

describe('recipeWords', () => {
  it('knows every kind of recipe step the server names', () => {
    expect(KINDS).toEqual([
      'drop_columns',
      'drop_missing_rows',
      'drop_missing_columns',
      'impute_missing',
      'handle_outliers',
      'remove_outlier_rows',
      'encode',
      'scale',
    ]);
  });

  it.each(languages.map(({ code }) => code))('words every kind and its settings in %s', (code) => {
    const t = i18n.getFixedT(code);
    for (const kind of KINDS) {
      expect(i18n.exists(`report.recipe.steps.${kind}`, { lng: code }), kind).toBe(true);
      expect(recipeStepTitle(step(kind), t, code)).not.toBe(kind);
      const words = SETTING_WORDS[kind];
      if (words === null) continue;
      const names = settingNames(code, words);
      for (const [setting, name] of Object.entries(names)) {
        expect(recipeSettingText(step(kind, setting), { column: 'age', setting }, t, code)).toBe(name);
      }
      expect(Object.keys(names).length, `${kind} in ${code}`).toBeGreaterThan(0);
    }
  });

  it("words each kind's settings with its own screen's words", () => {
    const t = i18n.getFixedT('en');
    const text = (kind: RecipeStepKind, setting: string) => recipeSettingText(step(kind, setting), { column: 'age', setting }, t, 'en');
    expect(text('scale', 'robust')).toBe('Robust (median and IQR)');
    expect(text('encode', 'onehot')).toBe('One-hot');
    expect(text('impute_missing', 'mode')).toBe('Most frequent (mode)');
    expect(recipeStepTitle(step('drop_missing_rows'), t, 'en')).toBe('Dropped the rows with more than 25% of their values missing');
  });

  it('words a kind it does not know as what it is, not as another step', () => {
    const t = i18n.getFixedT('en');
    const unknown = step('bin_values' as RecipeStepKind, 'robust');
    expect(recipeStepTitle(unknown, t, 'en')).toBe('bin_values');
    expect(recipeSettingText(unknown, { column: 'age', setting: 'robust' }, t, 'en')).toBe('robust');
  });
});
