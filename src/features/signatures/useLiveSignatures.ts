/**
 * Keeps the cached signature lists live: joins web:account:{accountId} (or web:all_accounts
 * when viewing all accounts) and applies updated_signature / removed_signature to every cached
 * list with `applySignatureEvent` (spec 000 section 4). After a reconnect the lists are
 * refetched, since events sent while offline are gone.
 */
import { useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONTRACT_VERSION } from '../../contract/common';
import { WEB_ALL_ACCOUNTS_TOPIC, webAccountTopic, type WebJoinParams } from '../../contract/channels';
import { useChannel } from '../../lib/realtime';
import { useSession } from '../auth/AuthProvider';
import { applyEventToCache, signatureKeys } from './api';
import { toSignatureEvent } from './model';

export function useLiveSignatures(): void {
  const { membership, viewingAllAccounts } = useSession();
  const queryClient = useQueryClient();
  const joins = useRef(0);
  const topic = viewingAllAccounts ? WEB_ALL_ACCOUNTS_TOPIC : membership ? webAccountTopic(membership.account.unique_identifier) : null;
  const params = useMemo((): WebJoinParams => ({ from_web: true, membership_id: membership?.unique_identifier, contract_version: CONTRACT_VERSION }), [membership?.unique_identifier]);

  const apply = (name: string, payload: unknown) => {
    const event = toSignatureEvent(name, payload);
    if (event) applyEventToCache(queryClient, event);
  };
  useChannel(
    topic,
    params,
    {
      updated_signature: (payload) => apply('updated_signature', payload),
      removed_signature: (payload) => apply('removed_signature', payload),
    },
    {
      onJoin: () => {
        joins.current += 1;
        if (joins.current > 1) void queryClient.invalidateQueries({ queryKey: signatureKeys.lists() });
      },
    },
  );
}
