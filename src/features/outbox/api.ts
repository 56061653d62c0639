/** The outbox feature's public surface (other features import only this file). */
export { getOutbox, queueGuestSignature, queueKioskSignature } from './pageOutbox';
export { retainDrainTriggers, DRAIN_INTERVAL_MS } from './triggers';
export { useOutboxStatus } from './useOutboxStatus';
export { useGuestOutboxDrain } from './useGuestOutboxDrain';
export type { OutboxStatusSnapshot } from './Outbox';
export { newClientId } from './model';
export { kioskCallContext } from './transport';
