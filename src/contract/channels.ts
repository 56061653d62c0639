/**
 * The realtime wire contract (spec 000 sections 4 and 7): topics, join params, client pushes
 * and server events of the Phoenix-protocol socket at /socket. The server validates what it
 * receives with these schemas and the PWA parses what it receives with them.
 */
import { z } from 'zod';
import { SignatureSchema } from './signatures';

// ---- Timings (spec 000 section 7, "Realtime socket") ----------------------------------------

/** The client sends a heartbeat this often; a missing reply for as long again means a dead link. */
export const REALTIME_HEARTBEAT_INTERVAL_MS = 30_000;
/** Join and push replies not received within this are treated as timeouts. */
export const REALTIME_JOIN_TIMEOUT_MS = 10_000;
/** A websocket that has not opened within this falls back to long-polling. */
export const REALTIME_LONGPOLL_FALLBACK_MS = 20_000;
/** Channel rejoin backoff: 1 s, 2 s, 5 s, then every 10 s. */
export const REALTIME_REJOIN_BACKOFF_MS = [1_000, 2_000, 5_000] as const;
export const REALTIME_REJOIN_MAX_MS = 10_000;

/** Delay before rejoin attempt number `tries` (1-based), as the phoenix client expects it. */
export function rejoinAfterMs(tries: number): number {
  return REALTIME_REJOIN_BACKOFF_MS[tries - 1] ?? REALTIME_REJOIN_MAX_MS;
}

/** The socket endpoint; the phoenix client appends /websocket or /longpoll. */
export const REALTIME_SOCKET_PATH = '/socket';

// ---- Topics ---------------------------------------------------------------------------------

export const WEB_ALL_ACCOUNTS_TOPIC = 'web:all_accounts';
export const webAccountTopic = (accountId: string) => `web:account:${accountId}`;
export const ipadDeviceTopic = (ipadId: string) => `ipad:device:${ipadId}`;

export type ParsedTopic =
  | { kind: 'web_account'; accountId: string }
  | { kind: 'web_all_accounts' }
  | { kind: 'ipad_device'; ipadId: string };

/**
 * Ids in topics are UUIDs in PostgreSQL's lowercase form. Topics are matched exactly (a
 * broadcast goes to one spelling), so any other spelling is not one of our topics.
 */
const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const WEB_ACCOUNT_RE = new RegExp(`^web:account:(${UUID_PATTERN})$`);
const IPAD_DEVICE_RE = new RegExp(`^ipad:device:(${UUID_PATTERN})$`);

export function parseTopic(topic: string): ParsedTopic | null {
  if (topic === WEB_ALL_ACCOUNTS_TOPIC) return { kind: 'web_all_accounts' };
  const account = WEB_ACCOUNT_RE.exec(topic);
  if (account?.[1]) return { kind: 'web_account', accountId: account[1] };
  const device = IPAD_DEVICE_RE.exec(topic);
  if (device?.[1]) return { kind: 'ipad_device', ipadId: device[1] };
  return null;
}

export const TopicSchema = z.string().refine((t) => parseTopic(t) !== null, { message: 'Unknown topic' });

// ---- Join params ----------------------------------------------------------------------------

/**
 * Staff join params. The spec names "from_web and the membership id"; older clients spell the
 * id membershipId, so both are accepted and `membershipIdOf` picks one.
 */
export const WebJoinParamsSchema = z.object({
  from_web: z.literal(true),
  membership_id: z.string().max(100).optional(),
  membershipId: z.string().max(100).optional(),
  contract_version: z.number().int().optional(),
});
export type WebJoinParams = z.infer<typeof WebJoinParamsSchema>;

/** A device channel is joined by staff (from_web) or by the kiosk itself (no params needed). */
export const IpadDeviceJoinParamsSchema = z.object({
  from_web: z.boolean().optional(),
  membership_id: z.string().max(100).optional(),
  membershipId: z.string().max(100).optional(),
  contract_version: z.number().int().optional(),
});
export type IpadDeviceJoinParams = z.infer<typeof IpadDeviceJoinParamsSchema>;

export const membershipIdOf = (params: { membership_id?: string; membershipId?: string }): string | undefined =>
  params.membership_id ?? params.membershipId;

// ---- Client pushes (ipad:device) ------------------------------------------------------------

/** What a kiosk tracks about itself; it is keyed by local_device_id in the presence list. */
export const TrackMetaSchema = z.object({
  // Presence states are objects keyed by this id, so the one key JavaScript treats specially is refused.
  local_device_id: z.string().trim().min(1).max(200).refine((id) => id !== '__proto__', 'Reserved id'),
  pending_count: z.number().int().min(0).max(1_000_000).optional(),
  last_synced_at: z.iso.datetime({ offset: true }).nullable().optional(),
  app_version: z.string().max(100).optional(),
});
export type TrackMeta = z.infer<typeof TrackMetaSchema>;

/** Staff ask a kiosk to sign out; it does so once its outbox is empty. */
export const LogoutFromWebPayloadSchema = z.object({});

export const CLIENT_PUSHES = {
  track: TrackMetaSchema,
  logout_from_web: LogoutFromWebPayloadSchema,
} as const;
export type ClientPushName = keyof typeof CLIENT_PUSHES;
export type ClientPushPayload<E extends ClientPushName> = z.infer<(typeof CLIENT_PUSHES)[E]>;

// ---- Server events --------------------------------------------------------------------------

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
export const SignatureUpdateReasonSchema = z.enum(SIGNATURE_UPDATE_REASONS);
export type SignatureUpdateReason = z.infer<typeof SignatureUpdateReasonSchema>;

/** created_by_ipad / created_by_qr_code prepend to the list; other reasons replace the item. */
export const UpdatedSignatureEventSchema = z.object({
  reason: SignatureUpdateReasonSchema,
  signature: SignatureSchema,
});
export type UpdatedSignatureEvent = z.infer<typeof UpdatedSignatureEventSchema>;

export const RemovedSignatureEventSchema = z.object({
  signature_unique_identifier: z.string(),
  service_unique_identifier: z.string(),
});
export type RemovedSignatureEvent = z.infer<typeof RemovedSignatureEventSchema>;

export const ServiceChangedEventSchema = z.object({
  active_service_unique_identifier: z.string().nullable(),
});
export type ServiceChangedEvent = z.infer<typeof ServiceChangedEventSchema>;

export const LogoutEventSchema = z.object({});
export type LogoutEvent = z.infer<typeof LogoutEventSchema>;

/** A tracked kiosk as every client sees it: its meta plus Phoenix's presence refs. */
export const PresenceMetaSchema = TrackMetaSchema.extend({
  phx_ref: z.string(),
  /** Set on an update: the ref of the meta it replaces. */
  phx_ref_prev: z.string().optional(),
  /** When this device's presence started (kept across meta updates). */
  online_at: z.iso.datetime({ offset: true }),
});
export type PresenceMeta = z.infer<typeof PresenceMetaSchema>;

/** Phoenix presence shape: key (local_device_id) → its metas. */
export const PresenceStateSchema = z.record(z.string(), z.object({ metas: z.array(PresenceMetaSchema) }));
export type PresenceState = z.infer<typeof PresenceStateSchema>;

export const PresenceDiffSchema = z.object({ joins: PresenceStateSchema, leaves: PresenceStateSchema });
export type PresenceDiff = z.infer<typeof PresenceDiffSchema>;

/** Every server event by name (names are unique across topics). */
export const SERVER_EVENTS = {
  updated_signature: UpdatedSignatureEventSchema,
  removed_signature: RemovedSignatureEventSchema,
  service_changed: ServiceChangedEventSchema,
  logout: LogoutEventSchema,
  presence_state: PresenceStateSchema,
  presence_diff: PresenceDiffSchema,
} as const;
export type ServerEventName = keyof typeof SERVER_EVENTS;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof SERVER_EVENTS)[E]>;

/** Topic kind → its join params, the pushes a client may send and the events it receives. */
export const CHANNELS = {
  web_account: {
    joinParams: WebJoinParamsSchema,
    pushes: [] as const,
    events: ['updated_signature', 'removed_signature'] as const,
  },
  web_all_accounts: {
    joinParams: WebJoinParamsSchema,
    pushes: [] as const,
    events: ['updated_signature', 'removed_signature'] as const,
  },
  ipad_device: {
    joinParams: IpadDeviceJoinParamsSchema,
    pushes: ['track', 'logout_from_web'] as const,
    events: ['service_changed', 'logout', 'presence_state', 'presence_diff'] as const,
  },
} as const satisfies Record<
  ParsedTopic['kind'],
  { joinParams: z.ZodType; pushes: readonly ClientPushName[]; events: readonly ServerEventName[] }
>;

// ---- Error replies --------------------------------------------------------------------------

/** `reason` of a `phx_reply {status: "error"}`; refused joins never carry data. */
export const CHANNEL_ERROR_REASONS = [
  'unauthorized',
  'invalid_params',
  'forbidden',
  'unknown_event',
  'unmatched topic',
  'too many channels joined',
  'join crashed',
] as const;
export const ChannelErrorReplySchema = z.object({
  reason: z.enum(CHANNEL_ERROR_REASONS),
  /** Which fields were wrong, for invalid_params. */
  details: z.record(z.string(), z.string()).optional(),
});
export type ChannelErrorReply = z.infer<typeof ChannelErrorReplySchema>;
