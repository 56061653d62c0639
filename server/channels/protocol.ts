/**
 * Phoenix Channels V2 JSON frames (vsn 2.0.0): `[join_ref, ref, topic, event, payload]`.
 * Only text frames are spoken here; the binary serializer is not supported.
 */

/** Every payload on the wire is a JSON object (the phoenix serializer refuses anything else). */
export type Payload = Record<string, unknown>;

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Payload;
}

export type ReplyStatus = 'ok' | 'error';

/** The serializer version we speak; clients send it as the `vsn` connect param. */
export const SUPPORTED_VSN = '2.0.0';

/** Phoenix's reserved events and the socket-level topic. */
export const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  heartbeat: 'heartbeat',
} as const;
export const SOCKET_TOPIC = 'phoenix';

/** Refs and topics longer than this are not something the phoenix client produces. */
const MAX_FIELD_LENGTH = 512;

const isRef = (v: unknown): v is string | null => v === null || (typeof v === 'string' && v.length <= MAX_FIELD_LENGTH);
const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_FIELD_LENGTH;
export const isPayload = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses one text frame; null for anything that is not a well-formed V2 message. */
export function decodeMessage(raw: string): Message | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) return null;
  const [joinRef, ref, topic, event, payload] = parsed as unknown[];
  if (!isRef(joinRef) || !isRef(ref) || !isName(topic) || !isName(event) || !isPayload(payload)) return null;
  return { joinRef, ref, topic, event, payload };
}

/**
 * An encoded frame on its way out. A broadcast's frame is shared by every subscriber, so its
 * UTF-8 bytes are computed once instead of once per websocket.
 */
export class OutFrame {
  private cached: Buffer | null = null;
  constructor(readonly text: string) {}
  get bytes(): Buffer {
    this.cached ??= Buffer.from(this.text, 'utf8');
    return this.cached;
  }
}

export function encodeMessage(joinRef: string | null, ref: string | null, topic: string, event: string, payload: Payload): string {
  return JSON.stringify([joinRef, ref, topic, event, payload]);
}

export function encodeReply(joinRef: string | null, ref: string | null, topic: string, status: ReplyStatus, response: Payload): string {
  return encodeMessage(joinRef, ref, topic, EVENTS.reply, { status, response });
}

/** A server push to one channel: carries the join's ref so a later join drops it as stale. */
export function encodePush(joinRef: string, topic: string, event: string, payload: Payload): string {
  return encodeMessage(joinRef, null, topic, event, payload);
}

/** A broadcast (Phoenix "fastlane"): no refs, so every current join of the topic accepts it. */
export function encodeBroadcast(topic: string, event: string, payload: Payload): string {
  return encodeMessage(null, null, topic, event, payload);
}

/** Tells the client a join is over (left, replaced by a duplicate join, or closed by us). */
export function encodeClose(joinRef: string, topic: string): string {
  return encodeMessage(joinRef, joinRef, topic, EVENTS.close, {});
}
