import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { Cell, ColumnKind, TableData } from '../api/dataset';
import type { SavedSession } from '../app/savedState';
import { completeStep, emptySession, type Session } from '../session/session';
import { seedSessionData } from '../queries/sessionData';
import { renderWithProviders } from './render';

/** The kind the server answers for each dtype the tests use. */
const KIND_OF_DTYPE: Record<string, ColumnKind> = {
  int64: 'numeric',
  float64: 'numeric',
  bool: 'boolean',
  'datetime64[ns]': 'datetime',
  str: 'categorical',
  object: 'categorical',
  category: 'categorical',
};

/**
 * A frame as the server answers it: preview rows, full shape, dtypes, missing counts, the
 * kinds of the dtypes, and as scaling candidates the numeric columns and the `scalableText`.
 */
export function frame(
  columns: string[],
  data: Cell[][],
  dtypes: Record<string, string>,
  missing: Record<string, number> = {},
  message = 'Done.',
  scalableText: string[] = [],
) {
  const kinds = Object.fromEntries(Object.entries(dtypes).map(([column, dtype]) => [column, KIND_OF_DTYPE[dtype] ?? 'categorical']));
  return {
    columns,
    data,
    shape: [data.length, columns.length],
    dtypes,
    missing_values: Object.fromEntries(columns.map((column) => [column, missing[column] ?? 0])),
    column_kinds: kinds,
    scaling_candidates: columns.filter((column) => kinds[column] === 'numeric' || scalableText.includes(column)),
    filename: 'data.csv',
    message,
  };
}

/** A session that has reached `step`, saved with this data: what a reload finds. */
export function sessionAt(step: number, table: TableData, stepResults: Record<number, unknown> = {}): SavedSession {
  let session: Session = { ...emptySession(), sessionId: 's1' };
  for (let id = 1; id < step; id += 1) session = completeStep(session, id, stepResults[id] ?? {});
  return { session, table };
}

interface StepProps<Result> {
  session: Session;
  onContinue: (result: Result) => void;
}

/** Renders a step screen as the pipeline does after a reload: its session, and the saved frame in the query cache. */
export function renderStep<Result>(Step: ComponentType<StepProps<Result>>, { session, table }: SavedSession) {
  const onContinue = vi.fn<(result: Result) => void>();
  const rendered = renderWithProviders(<Step session={session} onContinue={onContinue} />, (queryClient) =>
    seedSessionData(queryClient, table),
  );
  return { ...rendered, onContinue };
}

/** The value shown on a summary card. */
export function cardValue(container: HTMLElement, label: string): string | null | undefined {
  const card = [...container.querySelectorAll('.stat-card')].find((element) => element.querySelector('dt')?.textContent === label);
  return card?.querySelector('dd')?.textContent;
}
