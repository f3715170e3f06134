import { useTranslation } from 'react-i18next';
import type { CatalogModel, OptimizationMethod } from '../../api/models';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { searchParams, type SearchParam, type SpaceEdits } from './optimizationRules';
import { formatParamValue } from './scoreDisplay';

interface SearchSpaceSummaryProps {
  model: string;
  /** Every model's search space; undefined until it has loaded. */
  catalog: readonly CatalogModel[] | undefined;
  method: OptimizationMethod;
  methodLabel: string;
  /** The person's narrowing of the space; a parameter not named searches the catalogue's values. */
  edits: SpaceEdits;
  onEdit: (edits: SpaceEdits) => void;
  disabled?: boolean;
}

const ENDS = ['low', 'high'] as const;

const same = (one: unknown, other: unknown) => JSON.stringify(one) === JSON.stringify(other);

function without(edits: SpaceEdits, name: string): SpaceEdits {
  return Object.fromEntries(Object.entries(edits).filter(([key]) => key !== name));
}

interface ParamEditorProps {
  param: SearchParam;
  edits: SpaceEdits;
  onEdit: (edits: SpaceEdits) => void;
  disabled: boolean;
}

/** A parameter's values as ticks: unticking leaves a value out of the search (one at least stays). */
function ValuesEditor({ param, edits, onEdit, disabled }: ParamEditorProps & { param: { kind: 'values'; values: unknown[] } }) {
  const edit = edits[param.name];
  const chosen = edit !== undefined && 'choices' in edit ? edit.choices : param.values;
  const toggle = (value: unknown) => {
    const next = chosen.some((choice) => same(choice, value))
      ? chosen.filter((choice) => !same(choice, value))
      : param.values.filter((option) => same(option, value) || chosen.some((choice) => same(choice, option)));
    if (next.length === 0) return;
    onEdit(next.length === param.values.length ? without(edits, param.name) : { ...edits, [param.name]: { choices: next } });
  };
  return (
    <span className="search-space__choices">
      {param.values.map((value) => (
        <label key={JSON.stringify(value)} className="search-space__choice">
          <input
            type="checkbox"
            checked={chosen.some((choice) => same(choice, value))}
            disabled={disabled}
            onChange={() => toggle(value)}
          />
          {formatParamValue(value)}
        </label>
      ))}
    </span>
  );
}

/** A range's two ends, each within the catalogue's range. */
function RangeEditor({ param, edits, onEdit, disabled }: ParamEditorProps & { param: Extract<SearchParam, { kind: 'range' }> }) {
  const { t } = useTranslation();
  const edit = edits[param.name];
  const [low, high] = edit !== undefined && 'low' in edit ? [edit.low, edit.high] : [param.low, param.high];
  const change = (end: 'low' | 'high', text: string) => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) return;
    const next = end === 'low' ? { low: value, high } : { low, high: value };
    onEdit(next.low === param.low && next.high === param.high ? without(edits, param.name) : { ...edits, [param.name]: next });
  };
  const step = param.scale === 'integer' ? 1 : 'any';
  return (
    <span className="search-space__range">
      {ENDS.map((end) => (
        <input
          key={end}
          type="number"
          className="search-space__bound"
          aria-label={t(`optimization.spaceEdit.${end}`, { name: param.name })}
          min={param.low}
          max={param.high}
          step={step}
          value={end === 'low' ? low : high}
          disabled={disabled}
          onChange={(event) => change(end, event.target.value)}
        />
      ))}
      <span className="search-space__scale">{t(`optimization.space.scale.${param.scale}`)}</span>
    </span>
  );
}

/**
 * The parameters the chosen search will try, each editable within the catalogue's bounds
 * (the server checks them again), or SPEC §8's warning when there are none.
 */
export function SearchSpaceSummary({ model, catalog, method, methodLabel, edits, onEdit, disabled = false }: SearchSpaceSummaryProps) {
  const { t } = useTranslation();
  if (catalog === undefined) return null;
  const entry = catalog.find((candidate) => candidate.name === model);
  const params = searchParams(entry, method);
  if (params.length === 0) {
    return <CardNote tone="warn">{t('optimization.space.none', { model, method: methodLabel })}</CardNote>;
  }
  return (
    <div className="search-space">
      <h3 className="search-space__title">{t('optimization.space.title')}</h3>
      <p className="search-space__hint">{t('optimization.spaceEdit.hint')}</p>
      {entry?.scaled_target && <p className="search-space__hint">{t('optimization.space.scaledTarget', { model })}</p>}
      <dl className="search-space__list">
        {params.map((param) => (
          <div key={param.name} className="search-space__param">
            <dt>{param.name}</dt>
            <dd>
              {param.kind === 'values' ? (
                <ValuesEditor param={param} edits={edits} onEdit={onEdit} disabled={disabled} />
              ) : (
                <RangeEditor param={param} edits={edits} onEdit={onEdit} disabled={disabled} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
