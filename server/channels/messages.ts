/**
 * What server processes tell each other through the fan-out (never seen by clients). Keys are
 * short because every byte counts against NOTIFY's 8000-byte limit.
 */
import { z } from 'zod';
import { PresenceStateSchema } from '../../src/contract/channels';

export const FanoutMessageSchema = z.discriminatedUnion('k', [
  /** A broadcast to topic `t`: event `e`, payload `p`. */
  z.object({ k: z.literal('b'), t: z.string(), e: z.string(), p: z.record(z.string(), z.unknown()) }),
  /** A presence change of the sender's own sockets on topic `t`; `v` is the sender's presence version after it. */
  z.object({ k: z.literal('pd'), v: z.number().int(), t: z.string(), j: PresenceStateSchema, l: PresenceStateSchema }),
  /** The sender is alive; `v` lets receivers notice they missed a change. */
  z.object({ k: z.literal('hb'), v: z.number().int() }),
  /** Please publish your presence snapshot (sent on start-up and after a missed change). */
  z.object({ k: z.literal('want') }),
  /** All presences the sender owns, by topic, at version `v`. */
  z.object({ k: z.literal('snap'), v: z.number().int(), s: z.record(z.string(), PresenceStateSchema) }),
  /** The sender is shutting down: drop its presences. */
  z.object({ k: z.literal('bye') }),
]);
export type FanoutMessage = z.infer<typeof FanoutMessageSchema>;
export type PresenceFanoutMessage = Exclude<FanoutMessage, { k: 'b' }>;
