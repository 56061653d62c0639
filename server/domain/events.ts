/**
 * Domain events. Domain code emits them after its write commits; the realtime channels, jobs
 * and mail subscribe. A route never broadcasts by itself.
 */
import { EventEmitter } from 'node:events';

// The reasons are part of the wire contract: one list for both sides.
export { SIGNATURE_UPDATE_REASONS, type SignatureUpdateReason } from '../../src/contract/channels';
import type { SignatureUpdateReason } from '../../src/contract/channels';
import type { Signature } from '../../src/contract/signatures';

export interface DomainEventMap {
  /** `signature` is the wire Signature as staff see it. */
  signatureUpdated: { accountId: string; reason: SignatureUpdateReason; signature: Signature };
  signatureRemoved: { accountId: string; signatureId: string; serviceId: string };
  /** An iPad's assigned service changed (sent, removed, or the service itself changed). */
  ipadServiceChanged: { accountId: string; ipadId: string; activeServiceId: string | null };
  /** Staff asked a kiosk to sign out (it does so once its outbox is empty). */
  ipadLogoutRequested: { accountId: string; ipadId: string };
}

export type DomainEventName = keyof DomainEventMap;

export class DomainEvents {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(100);
  }
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }
  on<K extends DomainEventName>(name: K, listener: (payload: DomainEventMap[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
