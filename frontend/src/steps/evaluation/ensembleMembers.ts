import type { Evaluation } from '../../api/training';

export type EnsembleMembers = NonNullable<Evaluation['search']>['ensemble'];

/** The members and weights of `model` when it is the best-model search's ensemble. */
export function ensembleMembers(evaluation: Pick<Evaluation, 'search'>, model: string): EnsembleMembers | undefined {
  const search = evaluation.search;
  const isEnsemble = search?.rows.some((row) => row.model === model && row.stage === 'ensemble') ?? false;
  return isEnsemble ? search?.ensemble : undefined;
}
