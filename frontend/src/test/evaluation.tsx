import type { TableData } from '../api/dataset';
import { EvaluationStep } from '../steps/evaluation/EvaluationStep';
import { json, stubApi, type Handler } from './api';
import { TEST_METRIC_CATALOG } from './metricCatalog';
import { renderStep, sessionAt } from './steps';

/** The Evaluation step opened on `table` with `stepResults`, the metric catalogue served and `routes` stubbed over it. */
export function openEvaluation(table: TableData, stepResults: Record<number, unknown>, routes: Record<string, Handler>) {
  const api = stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG), ...routes });
  return { api, ...renderStep(EvaluationStep, sessionAt(9, table, stepResults)) };
}
