/** What topic handlers may use: narrowed dependencies, never the whole server. */
import type { Db } from '../../db/db';
import type { PresenceTracker } from '../presence';
import type { Broadcast, RealtimeLog } from '../types';

export interface TopicContext {
  db: Db;
  presence: PresenceTracker;
  broadcast: Broadcast;
  log: RealtimeLog;
}

/** Postgres rejects malformed uuids with an error; check the shape before querying. */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** zod issues → `path: message`, the shape of invalid_params details. */
export function issueDetails(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) details[issue.path.map(String).join('.') || '_'] = issue.message;
  return details;
}
