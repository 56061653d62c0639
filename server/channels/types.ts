/** Shared types of the realtime server: topics implement ChannelBehaviour, sessions host them. */
import type { ChannelErrorReply } from '../../src/contract/channels';
import type { Principal } from '../http/auth';
import type { Payload, ReplyStatus } from './protocol';

export interface RealtimeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Sends an event to every subscriber of a topic, in this process and in all others. */
export type Broadcast = (topic: string, event: string, payload: Payload) => void;

/** One joined channel as topic code sees it. */
export interface ChannelHandle {
  /** Unique in this process; presence uses it as the owner of a tracked entry. */
  readonly id: string;
  readonly topic: string;
  readonly joinRef: string;
  readonly principal: Principal;
  /** A push to this channel only (tagged with its join_ref). */
  push(event: string, payload: Payload): void;
}

export type InReply = { status: ReplyStatus; response: Payload };

export type CloseReason = 'leave' | 'duplicate' | 'crash' | 'transport_closed';

export interface ChannelBehaviour {
  /** Runs right after the ok reply went out (e.g. to push presence_state). */
  afterJoin?(channel: ChannelHandle): void;
  /** A client push; the result is sent back as its phx_reply. */
  handleIn?(event: string, payload: Payload, channel: ChannelHandle): Promise<InReply>;
  /** The channel is gone (left, replaced by a duplicate join, crashed, or its socket closed). */
  terminate?(channel: ChannelHandle, reason: CloseReason): void;
}

export type JoinResult =
  | { ok: true; response?: Payload; behaviour: ChannelBehaviour }
  | { ok: false; error: ChannelErrorReply };

/** Authorises a join of one concrete topic and returns how the joined channel behaves. */
export type JoinHandler = (params: Payload, principal: Principal) => Promise<JoinResult>;

export interface TopicRouter {
  /** null when the topic is not one we serve ("unmatched topic"). */
  match(topic: string): JoinHandler | null;
}

export const refuse = (reason: ChannelErrorReply['reason'], details?: Record<string, string>): JoinResult => ({
  ok: false,
  error: details ? { reason, details } : { reason },
});

export const errorReply = (reason: ChannelErrorReply['reason'], details?: Record<string, string>): InReply => ({
  status: 'error',
  response: details ? { reason, details } : { reason },
});

export const okReply = (response: Payload = {}): InReply => ({ status: 'ok', response });
