/** The training summary fields of a classification run on the tests' small `member` data. */
export const TRAINING_SUMMARY = {
  problem_type: 'classification',
  target_column: 'member',
  validation_method: 'train_test',
  test_size: 0.2,
  cv_folds: null,
  dataset_shape: [120, 2],
  rows_without_target: 0,
  converted_columns: {},
  primary_metric: 'accuracy',
  best_model: 'RandomForestClassifier',
} as const;

import { NO_CHARTS } from '../steps/optimization/optimizedRow';

export { NO_CHARTS };

/** A trained model's evaluation result with an accuracy of 0.8 and no charts; `extra` adds or overrides fields. */
export const modelResult = (model: string, extra: Record<string, unknown> = {}) => ({
  model,
  metrics: { accuracy: 0.8 },
  error: null,
  train_seconds: 0.1,
  sampling: [],
  charts: NO_CHARTS,
  ...extra,
});
