/**
 * Job `obituaries.refresh` {accountId}: crawls the account's obituary listing page, follows
 * its links to obituary pages on the same site, extracts each person's names, dates and photo,
 * and upserts the `obituaries` rows the create-service picker reads.
 *
 * Retry is safe: rows are upserted by (account_id, url), so a second run only refreshes them.
 * Scripts on the crawled pages never run (jsdom without `runScripts`), and nothing but the
 * HTML itself is loaded.
 */
import { JSDOM } from 'jsdom';
import { z } from 'zod';
import { AccountPublicDataSchema } from '../../src/contract/accounts';
import type { ObituaryExtractionResult } from '../../src/contract/services';
import type { Db } from '../db/db';
import { findAccountById } from '../db/repos/accounts';
import { ANY_DATE_SOURCE, fetchLimited, normaliseDate, OBITUARIES_REFRESH_JOB } from '../domain/obituaries';
import type { JobDefinition, JobLogger } from './queue';

/** Obituary pages are small; 2 MB stops a crawl from swallowing a huge or endless page. */
export const OBITUARY_PAGE_MAX_BYTES = 2 * 1024 * 1024;
/** A listing shows the latest few dozen; more is an archive we do not need. */
export const OBITUARY_PAGES_PER_REFRESH = 40;
/** Pages fetched at once: quick enough, and polite to a small funeral-home site. */
const FETCH_CONCURRENCY = 4;
const NON_PAGE_EXTENSION = /\.(jpe?g|png|gif|webp|svg|pdf|css|js|ico|xml|json|zip|mp4|mp3)$/i;
/** Path words of obituary pages on the usual funeral-home platforms. */
const OBITUARY_PATH = /obit|tribute|memorial|in-memory/i;

export const ObituariesRefreshPayload = z.object({ accountId: z.uuid() });

type Document = JSDOM['window']['document'];

function parse(html: string, url: string): JSDOM {
  return new JSDOM(html, { url, contentType: 'text/html' });
}

/** Same-site links that look like obituary pages, in page order, at most `limit`. */
export function obituaryLinks(doc: Document, listingUrl: string, limit = OBITUARY_PAGES_PER_REFRESH): string[] {
  const listing = new URL(listingUrl);
  const listingPath = listing.pathname.replace(/\/+$/, '');
  const seen = new Set<string>();
  for (const a of Array.from(doc.querySelectorAll('a[href]'))) {
    let url: URL;
    try {
      url = new URL(a.getAttribute('href') ?? '', listingUrl);
    } catch {
      continue;
    }
    url.hash = '';
    const path = url.pathname.replace(/\/+$/, '');
    if (url.hostname !== listing.hostname || !/^https?:$/.test(url.protocol) || path === listingPath || NON_PAGE_EXTENSION.test(path)) continue;
    if (!(path.startsWith(`${listingPath}/`) || OBITUARY_PATH.test(path))) continue;
    seen.add(url.toString());
    if (seen.size >= limit) break;
  }
  return [...seen];
}

interface Structured {
  name?: string;
  alternateName?: string;
  birthDate?: string;
  deathDate?: string;
  image?: string;
}

/** schema.org Person data from JSON-LD (also inside @graph) or microdata. */
function structuredPerson(doc: Document): Structured {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      const json: unknown = JSON.parse(script.textContent ?? '');
      const items = (Array.isArray(json) ? json : [json]).flatMap((i: unknown) => (i && typeof i === 'object' && '@graph' in i ? (i['@graph'] as unknown[]) : [i]));
      for (const item of items) {
        if (!item || typeof item !== 'object') continue;
        const person = item as Record<string, unknown>;
        if (!String(person['@type'] ?? '').includes('Person')) continue;
        const image = person.image;
        const imageUrl = typeof image === 'string' ? image : image && typeof image === 'object' && 'url' in image ? String(image.url) : undefined;
        const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
        return { name: text(person.name), alternateName: text(person.alternateName), birthDate: text(person.birthDate), deathDate: text(person.deathDate), image: imageUrl };
      }
    } catch {
      // Malformed JSON-LD is common; the other sources still apply.
    }
  }
  const scope = doc.querySelector('[itemtype*="schema.org/Person"]');
  if (!scope) return {};
  const prop = (name: string) => {
    const el = scope.querySelector(`[itemprop="${name}"]`);
    return el?.getAttribute('content') ?? el?.getAttribute('datetime') ?? el?.getAttribute('src') ?? el?.textContent ?? undefined;
  };
  return { name: prop('name'), birthDate: prop('birthDate'), deathDate: prop('deathDate'), image: prop('image') };
}

/** "Obituary of Robert "Bob" Smith | Evergreen" → full name "Robert Smith", preferred "Bob". */
export function cleanName(raw: string): { fullName: string; preferredName: string | null } {
  let name = raw.replace(/\s+/g, ' ').trim();
  name = name.split(/\s[|–—-]\s/)[0] ?? name;
  name = name.replace(/^(obituary (of|for)|in (loving )?memory of|remembering|celebrating the life of)\s+/i, '');
  name = name.replace(/['’]s obituary$/i, '').replace(/\s+obituary$/i, '');
  name = name.replace(/,?\s*\(?\d{4}\s*[-–]\s*\d{4}\)?$/, '').trim();
  const nick = /\s*(?:["“”]([^"“”]{1,40})["“”]|\(([^()]{1,40})\))\s*/.exec(name);
  const preferredName = nick ? (nick[1] ?? nick[2] ?? '').trim() || null : null;
  const fullName = nick ? name.replace(nick[0], ' ').replace(/\s+/g, ' ').trim() : name;
  return { fullName, preferredName };
}

/** Birth and death dates from the visible text: "Born … Died …" labels, else a "date – date" range. */
function datesFromText(doc: Document): { birth: string | null; death: string | null } {
  const main = doc.querySelector('main, article, [role="main"]') ?? doc.body;
  const text = (main?.textContent ?? '').replace(/\s+/g, ' ');
  const born = new RegExp(`\\b(?:born|birth)\\b[^.]{0,40}?(${ANY_DATE_SOURCE})`, 'i').exec(text);
  const died = new RegExp(`\\b(?:died|passed away|passed|death|departed)\\b[^.]{0,60}?(${ANY_DATE_SOURCE})`, 'i').exec(text);
  if (born || died) return { birth: normaliseDate(born?.[1]), death: normaliseDate(died?.[1]) };
  const dates = [...text.matchAll(new RegExp(ANY_DATE_SOURCE, 'gi'))];
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i]!, dates[i + 1]!];
    if (/^\s*(?:-|–|—|~|to)\s*$/i.test(text.slice(a.index + a[0].length, b.index))) return { birth: normaliseDate(a[0]), death: normaliseDate(b[0]) };
  }
  return { birth: null, death: null };
}

const absoluteHttp = (value: string | null | undefined, base: string): string | null => {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return /^https?:$/.test(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
};

/** The photo by the account's XPath selector when set (and it finds one), else og:image. */
function avatarUrl(dom: JSDOM, pageUrl: string, xpath: string | null | undefined, structured: Structured, log: JobLogger): string | null {
  const { document, XPathResult, Node } = dom.window;
  if (xpath) {
    try {
      const result = document.evaluate(xpath, document, null, XPathResult.ANY_TYPE, null);
      let value: string | null = null;
      if (result.resultType === XPathResult.STRING_TYPE) value = result.stringValue;
      else if (result.resultType === XPathResult.UNORDERED_NODE_ITERATOR_TYPE || result.resultType === XPathResult.ORDERED_NODE_ITERATOR_TYPE) {
        const node = result.iterateNext();
        if (node?.nodeType === Node.ATTRIBUTE_NODE) value = (node as Attr).value;
        else if (node?.nodeType === Node.ELEMENT_NODE) {
          const el = node as Element;
          value = el.getAttribute('src') ?? el.getAttribute('data-src') ?? el.getAttribute('srcset')?.split(/\s+/)[0] ?? el.getAttribute('content') ?? el.getAttribute('href');
        } else value = node?.textContent ?? null;
      }
      const url = absoluteHttp(value, pageUrl);
      if (url) return url;
    } catch (err) {
      log.warn({ xpath, err: err instanceof Error ? err.message : String(err) }, 'obituary avatar XPath selector failed; using og:image');
    }
  }
  const og = document.querySelector('meta[property="og:image"], meta[name="og:image"]')?.getAttribute('content');
  return absoluteHttp(og, pageUrl) ?? absoluteHttp(structured.image, pageUrl);
}

/** Everything we can read about the person on one obituary page; null without a name. */
export function extractObituary(html: string, pageUrl: string, xpath: string | null | undefined, log: JobLogger): ObituaryExtractionResult | null {
  const dom = parse(html, pageUrl);
  const doc = dom.window.document;
  const structured = structuredPerson(doc);
  const heading = doc.querySelector('h1')?.textContent;
  const og = doc.querySelector('meta[property="og:title"]')?.getAttribute('content');
  const raw = structured.name ?? heading ?? og ?? doc.title;
  const { fullName, preferredName } = cleanName(raw ?? '');
  if (!fullName) return null;
  const textDates = structured.birthDate && structured.deathDate ? null : datesFromText(doc);
  return {
    full_name: fullName,
    preferred_name: structured.alternateName?.trim() || preferredName,
    date_of_birth: normaliseDate(structured.birthDate) ?? textDates?.birth ?? null,
    date_of_death: normaliseDate(structured.deathDate) ?? textDates?.death ?? null,
    avatar_url: avatarUrl(dom, pageUrl, xpath, structured, log),
  };
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One full refresh of an account; returns how many obituaries were stored. */
export async function refreshObituaries(db: Db, accountId: string, log: JobLogger): Promise<number> {
  const account = await findAccountById(db, accountId);
  const settings = AccountPublicDataSchema.safeParse(account?.public_data ?? {}).data;
  const listingUrl = settings?.link_to_obituary_listing;
  if (!account || !listingUrl) return 0;
  let stored = 0;
  try {
    const listing = await fetchLimited(listingUrl, OBITUARY_PAGE_MAX_BYTES);
    const links = obituaryLinks(parse(listing.bytes.toString('utf8'), listing.finalUrl).window.document, listing.finalUrl);
    const results = await mapLimited(links, FETCH_CONCURRENCY, async (url) => {
      try {
        const page = await fetchLimited(url, OBITUARY_PAGE_MAX_BYTES);
        if (!/html/i.test(page.contentType)) return null;
        return { url, result: extractObituary(page.bytes.toString('utf8'), page.finalUrl, settings?.obituary_detail_avatar_url_xpath_selector, log) };
      } catch (err) {
        log.warn({ accountId, url, err: err instanceof Error ? err.message : String(err) }, 'obituary page skipped');
        return null;
      }
    });
    for (const item of results) {
      if (!item?.result) continue;
      await db.query(
        `INSERT INTO obituaries (account_id, url, public_data) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, url) DO UPDATE SET public_data = EXCLUDED.public_data, updated_at = now()
          WHERE obituaries.public_data IS DISTINCT FROM EXCLUDED.public_data`,
        [accountId, item.url, JSON.stringify({ latest_obituary_detail_extraction: { result: item.result } })],
      );
      stored++;
    }
    await db.query('UPDATE obituary_listing_refreshes SET finished_at = now(), found_count = $2, last_error = NULL WHERE account_id = $1', [accountId, stored]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db.query('UPDATE obituary_listing_refreshes SET finished_at = now(), last_error = $2 WHERE account_id = $1', [accountId, message.slice(0, 500)]);
    throw err;
  }
  return stored;
}

export function obituariesRefreshJob(deps: { db: Db; log: JobLogger }): JobDefinition<typeof ObituariesRefreshPayload> {
  return {
    name: OBITUARIES_REFRESH_JOB,
    payload: ObituariesRefreshPayload,
    // One retry for a site that hiccuped; the next picker visit after an hour tries again anyway.
    retryLimit: 1,
    retryDelaySeconds: 60,
    handler: async ({ accountId }) => {
      const stored = await refreshObituaries(deps.db, accountId, deps.log);
      deps.log.info({ accountId, stored }, 'obituaries refreshed');
    },
  };
}
