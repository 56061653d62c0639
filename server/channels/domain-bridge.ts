/**
 * Domain events → channel events. Each process emits domain events only for its own writes,
 * so every event is broadcast exactly once and the fan-out carries it to the other processes.
 */
import {
  ipadDeviceTopic,
  webAccountTopic,
  WEB_ALL_ACCOUNTS_TOPIC,
  type RemovedSignatureEvent,
  type ServiceChangedEvent,
  type UpdatedSignatureEvent,
} from '../../src/contract/channels';
import type { DomainEvents } from '../domain/events';
import type { Broadcast } from './types';

export function bridgeDomainEvents(events: DomainEvents, broadcast: Broadcast): () => void {
  const toStaff = (accountId: string, event: string, payload: Record<string, unknown>) => {
    broadcast(webAccountTopic(accountId), event, payload);
    broadcast(WEB_ALL_ACCOUNTS_TOPIC, event, payload);
  };
  const unsubscribers = [
    events.on('signatureUpdated', ({ accountId, reason, signature }) => {
      toStaff(accountId, 'updated_signature', { reason, signature } satisfies UpdatedSignatureEvent);
    }),
    events.on('signatureRemoved', ({ accountId, signatureId, serviceId }) => {
      toStaff(accountId, 'removed_signature', {
        signature_unique_identifier: signatureId,
        service_unique_identifier: serviceId,
      } satisfies RemovedSignatureEvent);
    }),
    events.on('ipadServiceChanged', ({ ipadId, activeServiceId }) => {
      broadcast(ipadDeviceTopic(ipadId), 'service_changed', { active_service_unique_identifier: activeServiceId } satisfies ServiceChangedEvent);
    }),
    events.on('ipadLogoutRequested', ({ ipadId }) => {
      broadcast(ipadDeviceTopic(ipadId), 'logout', {});
    }),
  ];
  return () => {
    for (const off of unsubscribers) off();
  };
}
