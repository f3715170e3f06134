import type { CatalogModel } from '../api/models';

const NO_SEARCH = { grid: {}, distributions: {} };

/** A catalogue entry as `GET /api/model-catalog/` answers it. */
export function catalogModel(name: string, problem_type: CatalogModel['problem_type']): CatalogModel {
  return { name, problem_type, row_limit: null, search_space: NO_SEARCH, scaled_target: false };
}

/** A small catalogue for the screens' tests: three models of each problem type, in the server's order. */
export const TEST_CATALOG: CatalogModel[] = [
  catalogModel('LogisticRegression', 'classification'),
  catalogModel('RandomForestClassifier', 'classification'),
  catalogModel('SVC', 'classification'),
  catalogModel('LinearRegression', 'regression'),
  catalogModel('RandomForestRegressor', 'regression'),
  catalogModel('Ridge', 'regression'),
  catalogModel('KMeans', 'clustering'),
  catalogModel('DBSCAN', 'clustering'),
  catalogModel('Birch', 'clustering'),
];
