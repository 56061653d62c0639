import { useEffect } from 'react';
import { getOutbox } from './pageOutbox';
import { retainDrainTriggers } from './triggers';
import { useOutboxStatus } from './useOutboxStatus';

/**
 * For the guest sign page: keeps draining phone signatures queued by queueGuestSignature()
 * while the page is open (start-up, online, visible, every 15 s). Returns the outbox status,
 * e.g. to show "Your signature will be sent when you are back online".
 */
export function useGuestOutboxDrain() {
  useEffect(() => retainDrainTriggers(getOutbox()), []);
  return useOutboxStatus();
}
