/** The last error shown as a toast, kept until dismissed or the step changes, so it stays reachable. */
export interface LastError {
  message: string;
  detail?: string;
  count: number;
}

let current: LastError | null = null;
let count = 0;
const listeners = new Set<() => void>();

function publish(next: LastError | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function keepError(message: string, detail?: string): void {
  count += 1;
  publish({ message, detail: detail === message ? undefined : detail, count });
}

export function clearLastError(): void {
  if (current !== null) publish(null);
}

export function subscribeLastError(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function lastError(): LastError | null {
  return current;
}
