/**
 * Obituaries a service can be created from (spec 000 sections 2, 3). The account's listing
 * page is crawled by the `obituaries.refresh` job; this module answers the picker from the
 * stored extractions, queues a refresh at most hourly, and proxies an obituary's photo so the
 * browser never fetches a third-party site itself.
 */
import sharp from 'sharp';
import { AccountPublicDataSchema } from '../../src/contract/accounts';
import { ObituaryExtractionResultSchema, SERVICE_PHOTO_MAX_BYTES, type Obituary } from '../../src/contract/services';
import { toNumber, type Db } from '../db/db';
import { findAccountById, iso } from '../db/repos/accounts';
import { requireAccountScope, scopeAccountId, type Scope } from '../http/auth';
import { AppError, NotFoundError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import { UnsupportedMediaError } from './services';

export const OBITUARIES_REFRESH_JOB = 'obituaries.refresh';
/** The spec's freshness rule: stored obituaries older than an hour are refreshed. */
export const OBITUARY_REFRESH_INTERVAL_SECONDS = 60 * 60;
/** The picker shows 4 and "Show more"; nobody scrolls past the latest hundred. */
export const OBITUARIES_LIST_LIMIT = 100;
/** A slow funeral-home site must not hold a job (or a staff request) for long. */
export const FETCH_TIMEOUT_MS = 10_000;
const AVATAR_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
const USER_AGENT = 'SignatureGuestbook/1.0 (obituary import)';

export class FetchFailedError extends Error {}

/** GET with a timeout and a byte cap; only http(s). Throws FetchFailedError on any failure. */
export async function fetchLimited(url: string, maxBytes: number, timeoutMs = FETCH_TIMEOUT_MS): Promise<{ bytes: Buffer; contentType: string; finalUrl: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchFailedError(`not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FetchFailedError(`not http(s): ${url}`);
  try {
    const res = await fetch(parsed, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow', headers: { 'user-agent': USER_AGENT } });
    if (!res.ok || !res.body) throw new FetchFailedError(`HTTP ${res.status} for ${url}`);
    if (Number(res.headers.get('content-length') ?? 0) > maxBytes) throw new FetchFailedError(`too large: ${url}`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > maxBytes) throw new FetchFailedError(`too large: ${url}`);
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks), contentType: res.headers.get('content-type') ?? '', finalUrl: res.url || url };
  } catch (err) {
    if (err instanceof FetchFailedError) throw err;
    throw new FetchFailedError(`${url}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/** The date spellings obituary sites use, as regex sources (each captures its own parts). */
export const DATE_PATTERNS = [
  '(\\d{4})-(\\d{1,2})-(\\d{1,2})',
  `${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`,
  `(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME},?\\s+(\\d{4})`,
  '(\\d{1,2})/(\\d{1,2})/(\\d{4})',
] as const;
export const ANY_DATE_SOURCE = DATE_PATTERNS.map((p) => `(?:${p})`).join('|');

function isoDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day || year < 1800) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const monthIndex = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** The first date in `text` as yyyy-MM-dd; US order for numeric dates (the customers are US funeral homes). */
export function normaliseDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const [isoRe, monthFirst, dayFirst, numeric] = DATE_PATTERNS.map((p) => new RegExp(p, 'i'));
  let m = isoRe!.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = monthFirst!.exec(text);
  if (m) return isoDate(Number(m[3]), monthIndex(m[1]!), Number(m[2]));
  m = dayFirst!.exec(text);
  if (m) return isoDate(Number(m[3]), monthIndex(m[2]!), Number(m[1]));
  m = numeric!.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[1]), Number(m[2]));
  return null;
}

interface ObituaryRow {
  id: string;
  url: string;
  public_data: unknown;
  inserted_at: Date;
  updated_at: Date;
}

function toObituary(row: ObituaryRow): Obituary | null {
  const data = row.public_data as { latest_obituary_detail_extraction?: { result?: unknown } } | null;
  const result = ObituaryExtractionResultSchema.safeParse(data?.latest_obituary_detail_extraction?.result);
  if (!result.success || !result.data.full_name) return null;
  return {
    unique_identifier: row.id,
    inserted_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
    url: row.url,
    public_data: { latest_obituary_detail_extraction: { result: result.data } },
  };
}

export function obituariesDomain(deps: { db: Db; queue: JobQueue }) {
  const { db, queue } = deps;

  /** Queues one crawl per account an hour, or at once when the listing link changed. */
  async function refreshIfStale(accountId: string): Promise<void> {
    const account = await findAccountById(db, accountId);
    const link = AccountPublicDataSchema.safeParse(account?.public_data ?? {}).data?.link_to_obituary_listing;
    if (!link || !/^https?:\/\//i.test(link)) return;
    const claimed = await db.query<{ account_id: string }>(
      `INSERT INTO obituary_listing_refreshes (account_id, listing_url) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET listing_url = EXCLUDED.listing_url, requested_at = now()
        WHERE obituary_listing_refreshes.requested_at < now() - make_interval(secs => $3)
           OR obituary_listing_refreshes.listing_url <> EXCLUDED.listing_url
       RETURNING account_id`,
      [accountId, link, OBITUARY_REFRESH_INTERVAL_SECONDS],
    );
    if (claimed[0]) await queue.send(OBITUARIES_REFRESH_JOB, { accountId }, { singletonKey: `obituaries:${accountId}` });
  }

  return {
    refreshIfStale,

    /** Newest first: the latest date of death, then the latest found. Creating a service needs one account. */
    async list(scope: Scope | null): Promise<{ obituaries: Obituary[]; obituaries_count: number }> {
      const { accountId } = requireAccountScope(scope);
      await refreshIfStale(accountId);
      const where = `account_id = $1 AND coalesce(public_data->'latest_obituary_detail_extraction'->'result'->>'full_name', '') <> ''`;
      const rows = await db.query<ObituaryRow>(
        `SELECT id, url, public_data, inserted_at, updated_at FROM obituaries WHERE ${where}
          ORDER BY public_data->'latest_obituary_detail_extraction'->'result'->>'date_of_death' DESC NULLS LAST, inserted_at DESC, id
          LIMIT $2`,
        [accountId, OBITUARIES_LIST_LIMIT],
      );
      const count = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM obituaries WHERE ${where}`, [accountId]);
      const obituaries = rows.map(toObituary).filter((o): o is Obituary => o !== null);
      return { obituaries, obituaries_count: Math.min(toNumber(count[0]?.n), OBITUARIES_LIST_LIMIT) };
    },

    /** The obituary's photo, fetched by the server and checked to really be an image. */
    async avatar(scope: Scope | null, id: string): Promise<{ bytes: Buffer; contentType: string }> {
      const rows = await db.query<ObituaryRow>(
        'SELECT id, url, public_data, inserted_at, updated_at FROM obituaries WHERE id = $1 AND ($2::uuid IS NULL OR account_id = $2::uuid)',
        [id, scopeAccountId(scope)],
      );
      const url = rows[0] ? toObituary(rows[0])?.public_data.latest_obituary_detail_extraction.result.avatar_url : null;
      if (!url) throw new NotFoundError('Obituary photo');
      let bytes: Buffer;
      try {
        ({ bytes } = await fetchLimited(url, SERVICE_PHOTO_MAX_BYTES));
      } catch {
        throw new AppError(502, 'bad_gateway', 'The obituary photo could not be fetched from the obituary site.');
      }
      const format = await sharp(bytes)
        .metadata()
        .then((m) => m.format)
        .catch(() => undefined);
      if (!format || !AVATAR_FORMATS.has(format)) throw new UnsupportedMediaError('The obituary photo is not a PNG, JPEG, WebP or GIF image.');
      return { bytes, contentType: `image/${format}` };
    },
  };
}

export type ObituariesDomain = ReturnType<typeof obituariesDomain>;
