/**
 * Staff console topics. `web:account:{accountId}` needs a membership of the caller in that
 * account, named in the join params; `web:all_accounts` is for superusers. Both only receive
 * broadcasts (updated_signature, removed_signature) and accept no pushes.
 */
import { membershipIdOf, WebJoinParamsSchema } from '../../../src/contract/channels';
import { findMembership } from '../../db/repos/accounts';
import type { Principal } from '../../http/auth';
import type { Payload } from '../protocol';
import { refuse, type ChannelBehaviour, type JoinResult } from '../types';
import { isUuid, issueDetails, type TopicContext } from './context';

/** Nothing to do per channel: every event arrives as a broadcast. */
const listenOnly: ChannelBehaviour = {};

export async function joinWebAccount(ctx: TopicContext, accountId: string, params: Payload, principal: Principal): Promise<JoinResult> {
  if (principal.kind !== 'user') return refuse('unauthorized');
  const parsed = WebJoinParamsSchema.safeParse(params);
  if (!parsed.success) return refuse('invalid_params', issueDetails(parsed.error.issues));
  const membershipId = membershipIdOf(parsed.data);
  if (!membershipId) return refuse('invalid_params', { membership_id: 'Required' });
  if (!isUuid(membershipId)) return refuse('unauthorized');
  const membership = await findMembership(ctx.db, membershipId, principal.user.id);
  if (!membership || membership.account_id !== accountId) return refuse('unauthorized');
  return { ok: true, behaviour: listenOnly };
}

export async function joinWebAllAccounts(_ctx: TopicContext, params: Payload, principal: Principal): Promise<JoinResult> {
  if (principal.kind !== 'user' || !principal.user.is_superuser) return refuse('unauthorized');
  const parsed = WebJoinParamsSchema.safeParse(params);
  if (!parsed.success) return refuse('invalid_params', issueDetails(parsed.error.issues));
  return { ok: true, behaviour: listenOnly };
}
