import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { Cell, TableData } from '../api/dataset';
import type { SavedSession } from '../app/savedState';
import { completeStep, emptySession, type Session } from '../session/session';
import { seedSessionData } from '../queries/sessionData';
import { renderWithProviders } from './render';

/** A frame as the server answers it: preview rows, full shape, dtypes and missing counts. */
export function frame(
  columns: string[],
  data: Cell[][],
  dtypes: Record<string, string>,
  missing: Record<string, number> = {},
  message = 'Done.',
) {
  return {
    columns,
    data,
    shape: [data.length, columns.length],
    dtypes,
    missing_values: Object.fromEntries(columns.map((column) => [column, missing[column] ?? 0])),
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
  const rendered = renderWithProviders(<Step session={session} onContinue={onContinue} />, (queryClient) => seedSessionData(queryClient, table));
  return { ...rendered, onContinue };
}

/** The value shown on a summary card. */
export function cardValue(container: HTMLElement, label: string): string | null | undefined {
  const card = [...container.querySelectorAll('.stat-card')].find((element) => element.querySelector('dt')?.textContent === label);
  return card?.querySelector('dd')?.textContent;
}
