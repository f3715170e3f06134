import { useTranslation } from 'react-i18next';
import type { CatalogModel, OptimizationMethod } from '../../api/models';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { searchParams, type SearchParam } from './optimizationRules';
import { formatParamValue } from './scoreDisplay';

interface SearchSpaceSummaryProps {
  model: string;
  /** Every model's search space; undefined until it has loaded. */
  catalog: readonly CatalogModel[] | undefined;
  method: OptimizationMethod;
  methodLabel: string;
}

function ParamValues({ param }: { param: SearchParam }) {
  const { t } = useTranslation();
  if (param.kind === 'values') return <>{param.values.map(formatParamValue).join(', ')}</>;
  const range = t('optimization.space.range', { low: formatParamValue(param.low), high: formatParamValue(param.high) });
  return <>{`${range} (${t(`optimization.space.scale.${param.scale}`)})`}</>;
}

/** The parameters the chosen search will try, or SPEC §8's warning when there are none. */
export function SearchSpaceSummary({ model, catalog, method, methodLabel }: SearchSpaceSummaryProps) {
  const { t } = useTranslation();
  if (catalog === undefined) return null;
  const params = searchParams(catalog.find((entry) => entry.name === model), method);
  if (params.length === 0) {
    return <CardNote tone="warn">{t('optimization.space.none', { model, method: methodLabel })}</CardNote>;
  }
  return (
    <div className="search-space">
      <h3 className="search-space__title">{t('optimization.space.title')}</h3>
      <dl className="search-space__list">
        {params.map((param) => (
          <div key={param.name} className="search-space__param">
            <dt>{param.name}</dt>
            <dd>
              <ParamValues param={param} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
