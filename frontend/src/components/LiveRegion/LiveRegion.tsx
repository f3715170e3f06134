import { useSyncExternalStore } from 'react';
import { currentAnnouncement, subscribeAnnouncements } from './announce';

/** The page's one polite live region; `announce` fills it. Always in the page, so the first message is read. */
export function LiveRegion() {
  const { message, count } = useSyncExternalStore(subscribeAnnouncements, currentAnnouncement);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-region">
      {/* a new node per announcement, so the same words twice are read twice */}
      <span key={count}>{message}</span>
    </div>
  );
}
