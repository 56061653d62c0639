/**
 * When the page drains the outbox (style.md pattern 11; iPadOS Safari has no Background Sync):
 * at start-up, when the browser says it is online, when the page becomes visible, on a timer,
 * and (called by the kiosk) when the realtime socket rejoins. Reference-counted so the kiosk
 * and the guest page can both ask for it.
 */
import type { Outbox } from './Outbox';

/** The timer trigger: often enough that a quiet recovery is noticed within seconds. */
export const DRAIN_INTERVAL_MS = 15_000;

let holders = 0;
let release: (() => void) | null = null;

function start(outbox: Outbox): () => void {
  // The network coming back is a strong hint: skip the remaining backoff.
  const onOnline = () => outbox.requestDrain({ ignoreBackoff: true });
  const onVisibility = () => {
    if (document.visibilityState === 'visible') outbox.requestDrain({ ignoreBackoff: true });
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  const timer = window.setInterval(() => outbox.requestDrain(), DRAIN_INTERVAL_MS);
  outbox.requestDrain({ ignoreBackoff: true });
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
    window.clearInterval(timer);
  };
}

/** Starts the triggers (once per page, however many callers); returns the caller's release. */
export function retainDrainTriggers(outbox: Outbox): () => void {
  holders += 1;
  release ??= start(outbox);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) {
      release?.();
      release = null;
    }
  };
}
