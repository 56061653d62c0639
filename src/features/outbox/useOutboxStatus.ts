import { useSyncExternalStore } from 'react';
import type { OutboxStatusSnapshot } from './Outbox';
import { getOutbox } from './pageOutbox';

/** {pending, needsAttention, lastSyncedAt, isDraining, lastError}, re-rendered on change. */
export function useOutboxStatus(): OutboxStatusSnapshot {
  const outbox = getOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getStatus, outbox.getStatus);
}
