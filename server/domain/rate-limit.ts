/**
 * Sliding-window rate limits kept in the database, so they hold across server processes
 * (the per-IP limiter in front of anonymous routes is per process and only a first line).
 */
import type { Queryable } from '../db/db';
import { toNumber } from '../db/db';
import { RateLimitedError } from '../http/errors';

export interface RateRule {
  max: number;
  windowSeconds: number;
  message: string;
}

/** Counts a hit in `bucket`, refusing it when the window already holds `max` hits. */
export async function takeRateLimit(db: Queryable, bucket: string, rule: RateRule): Promise<void> {
  const rows = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM rate_limit_hits WHERE bucket = $1 AND hit_at > now() - make_interval(secs => $2)`,
    [bucket, rule.windowSeconds],
  );
  if (toNumber(rows[0]?.n) >= rule.max) throw new RateLimitedError(rule.message);
  await db.query('INSERT INTO rate_limit_hits (bucket) VALUES ($1)', [bucket]);
}

/** Drops hits older than a day (no rule has a longer window). */
export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.query("DELETE FROM rate_limit_hits WHERE hit_at < now() - interval '1 day'");
}
