/** The message the polite live region reads out next, with a count so a repeated message reads again. */
interface Announcement {
  message: string;
  count: number;
}

let current: Announcement = { message: '', count: 0 };
const listeners = new Set<() => void>();

/** Has the screen reader say `message` when it is next idle (step changes, progress, results). */
export function announce(message: string): void {
  current = { message, count: current.count + 1 };
  for (const listener of listeners) listener();
}

export function subscribeAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAnnouncement(): Announcement {
  return current;
}
