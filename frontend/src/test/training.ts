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

export { NO_CHARTS } from '../steps/optimization/optimizedRow';
