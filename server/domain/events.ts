/**
 * Domain events. Domain code emits them after its write commits; the realtime channels, jobs
 * and mail subscribe. A route never broadcasts by itself.
 */
import { EventEmitter } from 'node:events';

export const SIGNATURE_UPDATE_REASONS = [
  'created_by_ipad',
  'created_by_qr_code',
  'transcribed',
  'transcription_confirmed',
  'left_out_of_printed_materials',
  'included_in_printed_materials',
  'synced_with_bridge',
  'retranscribe_queued',
] as const;
export type SignatureUpdateReason = (typeof SIGNATURE_UPDATE_REASONS)[number];

export interface DomainEventMap {
  /** `signature` is the wire Signature (contract shape) as staff see it. */
  signatureUpdated: { accountId: string; reason: SignatureUpdateReason; signature: unknown };
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
