/**
 * `ipad:device:{ipadId}`: joined by the kiosk itself (its own iPad token) and by staff of the
 * iPad's account (or superusers). Everyone gets presence_state after each join; the kiosk
 * tracks itself with `track`; staff send `logout_from_web`, which reaches the kiosk as
 * `logout` (it signs out once its outbox is empty).
 */
import { IpadDeviceJoinParamsSchema, TrackMetaSchema } from '../../../src/contract/channels';
import type { Principal } from '../../http/auth';
import type { Payload } from '../protocol';
import { errorReply, okReply, refuse, type ChannelBehaviour, type ChannelHandle, type InReply, type JoinResult } from '../types';
import { isUuid, issueDetails, type TopicContext } from './context';

async function staffMayJoin(ctx: TopicContext, ipadId: string, principal: Extract<Principal, { kind: 'user' }>): Promise<boolean> {
  const rows = await ctx.db.query<{ is_member: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM memberships m WHERE m.account_id = i.account_id AND m.user_id = $2) AS is_member
       FROM ipads i WHERE i.id = $1`,
    [ipadId, principal.user.id],
  );
  const row = rows[0];
  if (!row) return false;
  return principal.user.is_superuser || row.is_member;
}

async function track(ctx: TopicContext, ipadId: string, payload: Payload, channel: ChannelHandle): Promise<InReply> {
  if (channel.principal.kind !== 'ipad') return errorReply('forbidden');
  const parsed = TrackMetaSchema.safeParse(payload);
  if (!parsed.success) return errorReply('invalid_params', issueDetails(parsed.error.issues));
  const { first } = ctx.presence.track(channel.id, channel.topic, parsed.data);
  if (first) {
    // The console shows when an iPad was last online and whether it was ever set up.
    await ctx.db
      .query('UPDATE ipads SET last_seen_online_at = now(), has_been_setup = true WHERE id = $1', [ipadId])
      .catch((err: unknown) => ctx.log.warn({ err, ipadId }, 'realtime: could not record that an iPad is online'));
  }
  return okReply();
}

function deviceBehaviour(ctx: TopicContext, ipadId: string): ChannelBehaviour {
  return {
    afterJoin: (channel) => channel.push('presence_state', ctx.presence.list(channel.topic)),
    handleIn: async (event, payload, channel) => {
      if (event === 'track') return track(ctx, ipadId, payload, channel);
      if (event === 'logout_from_web') {
        if (channel.principal.kind !== 'user') return errorReply('forbidden');
        ctx.broadcast(channel.topic, 'logout', {});
        return okReply();
      }
      return errorReply('unknown_event');
    },
    terminate: (channel) => {
      ctx.presence.untrack(channel.id);
      // Leaving is the moment the kiosk was last online: staff read it as "offline since".
      if (channel.principal.kind !== 'ipad') return;
      void ctx.db
        .query('UPDATE ipads SET last_seen_online_at = now() WHERE id = $1', [ipadId])
        .catch((err: unknown) => ctx.log.warn({ err, ipadId }, 'realtime: could not record when an iPad went offline'));
    },
  };
}

export async function joinIpadDevice(ctx: TopicContext, ipadId: string, params: Payload, principal: Principal): Promise<JoinResult> {
  const parsed = IpadDeviceJoinParamsSchema.safeParse(params);
  if (!parsed.success) return refuse('invalid_params', issueDetails(parsed.error.issues));
  if (!isUuid(ipadId)) return refuse('unauthorized');
  const allowed = principal.kind === 'ipad' ? principal.ipadId === ipadId : await staffMayJoin(ctx, ipadId, principal);
  if (!allowed) return refuse('unauthorized');
  return { ok: true, behaviour: deviceBehaviour(ctx, ipadId) };
}
