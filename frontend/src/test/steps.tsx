import { useState, type ComponentType } from 'react';
import { vi } from 'vitest';
import type { Cell, TableData } from '../api/dataset';
import { completeStep, emptySession, withTableData, type Session } from '../app/session';
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

/** A session that has reached `step` with this data. */
export function sessionAt(step: number, table: TableData, stepResults: Record<number, unknown> = {}): Session {
  let session: Session = { ...withTableData(emptySession(), table), sessionId: 's1' };
  for (let id = 1; id < step; id += 1) session = completeStep(session, id, stepResults[id] ?? {});
  return session;
}

interface StepProps<Result> {
  session: Session;
  onDataChange: (table: TableData) => void;
  onContinue: (result: Result) => void;
}

/** Renders a step screen holding its session as the pipeline does, so data changes show up. */
export function renderStep<Result>(Step: ComponentType<StepProps<Result>>, initial: Session) {
  const onContinue = vi.fn<(result: Result) => void>();
  const sessions: Session[] = [];
  function Harness() {
    const [session, setSession] = useState(initial);
    return (
      <Step
        session={session}
        onDataChange={(table) =>
          setSession((current) => {
            const next = withTableData(current, table);
            sessions.push(next);
            return next;
          })
        }
        onContinue={onContinue}
      />
    );
  }
  return { ...renderWithProviders(<Harness />), onContinue, sessions };
}

/** The value shown on a summary card. */
export function cardValue(container: HTMLElement, label: string): string | null | undefined {
  const card = [...container.querySelectorAll('.stat-card')].find((element) => element.querySelector('dt')?.textContent === label);
  return card?.querySelector('dd')?.textContent;
}
