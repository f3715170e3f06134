import { useTranslation } from 'react-i18next';
import type { CatalogModel, OptimizationMethod } from '../../api/models';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { SlidersIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CardNote } from '../../components/StepScreen/StepScreen';
import {
  CV_FOLDS,
  ITERATIONS,
  OPTIMIZATION_METHODS,
  usesIterations,
  type OptimizationSettings as Settings,
  type SpaceEdits,
} from './optimizationRules';
import { SearchSpaceSummary } from './SearchSpaceSummary';

export const METHOD_LABELS = {
  grid_search: 'optimization.methods.gridSearch',
  random_search: 'optimization.methods.randomSearch',
  bayesian: 'optimization.methods.bayesian',
} as const satisfies Record<OptimizationMethod, string>;

interface OptimizationSettingsProps {
  /** The models that trained, to choose from. */
  models: string[];
  settings: Settings;
  onChange: (settings: Settings) => void;
  /** Every model's search space; undefined until it has loaded. */
  catalog: readonly CatalogModel[] | undefined;
  disabled: boolean;
  /** The person's narrowing of the search space. */
  edits: SpaceEdits;
  onEdit: (edits: SpaceEdits) => void;
}

/** The model, the search method, the folds and iterations, and what the search will try. */
export function OptimizationSettings({ models, settings, onChange, catalog, disabled, edits, onEdit }: OptimizationSettingsProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('optimization.settings.title')} icon={<SlidersIcon />}>
      <div className="card-stack">
        <div className="settings-grid">
          <SelectField
            label={t('optimization.settings.model')}
            value={settings.model}
            choices={[
              { value: '', label: t('optimization.settings.chooseModel') },
              ...models.map((model) => ({ value: model, label: model })),
            ]}
            disabled={disabled}
            onChange={(model) => onChange({ ...settings, model })}
          />
          <SelectField
            label={t('optimization.settings.method')}
            info={t('optimization.settings.methodInfo')}
            value={settings.method}
            choices={OPTIMIZATION_METHODS.map((method) => ({ value: method, label: t(METHOD_LABELS[method]) }))}
            disabled={disabled}
            onChange={(method) => onChange({ ...settings, method })}
          />
          <NumberField
            label={t('optimization.settings.cvFolds')}
            hint={t('optimization.settings.cvFoldsHint', { min: CV_FOLDS.min, max: CV_FOLDS.max })}
            value={settings.cvFolds}
            min={CV_FOLDS.min}
            max={CV_FOLDS.max}
            step={CV_FOLDS.step}
            integer
            clamp
            disabled={disabled}
            onChange={(cvFolds) => onChange({ ...settings, cvFolds })}
          />
          {usesIterations(settings.method) && (
            <NumberField
              label={t('optimization.settings.iterations')}
              info={t('optimization.settings.iterationsInfo')}
              value={settings.nIterations}
              min={ITERATIONS.min}
              max={ITERATIONS.max}
              step={ITERATIONS.step}
              integer
              disabled={disabled}
              onChange={(nIterations) => onChange({ ...settings, nIterations })}
            />
          )}
        </div>
        {settings.model === '' ? (
          <CardNote>{t('optimization.settings.pickModel')}</CardNote>
        ) : (
          <SearchSpaceSummary
            model={settings.model}
            catalog={catalog}
            method={settings.method}
            methodLabel={t(METHOD_LABELS[settings.method])}
            edits={edits}
            onEdit={onEdit}
            disabled={disabled}
          />
        )}
      </div>
    </SectionCard>
  );
}
