import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { FetchFailedError, fetchLimited, normaliseDate } from '../../server/domain/obituaries';
import { cleanName, obituaryLinks, refreshObituaries } from '../../server/jobs/obituaries-refresh';
import type { Obituary } from '../../src/contract/services';
import { DB_VARIANTS } from '../fixtures/db';
import { createAccount, createStaff } from '../fixtures/factories';
import { api, startTestServer } from '../fixtures/server';

const FIXTURES = path.resolve('tests/fixtures/obituaries');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The funeral home's website, served from tests/fixtures/obituaries on a local port. */
async function startFixtureSite(): Promise<{ server: Server; url: string; hits: string[] }> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#88aacc' } }).png().toBuffer();
  const hits: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    hits.push(url.pathname);
    void (async () => {
      if (url.pathname === '/images/not-an-image.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
      if (url.pathname.startsWith('/images/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (url.pathname === '/big') return res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(64 * 1024));
      if (url.pathname === '/slow') return setTimeout(() => res.writeHead(200).end('late'), 1500);
      const slug = url.pathname === '/obituaries/' || url.pathname === '/obituaries' ? 'listing' : url.pathname.replace(/^\/obituaries\//, '');
      try {
        const html = await readFile(path.join(FIXTURES, `${path.basename(slug)}.html`), 'utf8');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html.replaceAll('http://HOST', `http://${req.headers.host}`));
      } catch {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describe('obituary extraction helpers', () => {
  it('normalises the date spellings obituary sites use to yyyy-MM-dd', () => {
    expect(normaliseDate('2024-03-02T00:00:00Z')).toBe('2024-03-02');
    expect(normaliseDate('March 2, 2024')).toBe('2024-03-02');
    expect(normaliseDate('Jan. 15, 1932')).toBe('1932-01-15');
    expect(normaliseDate('June 21st, 1950')).toBe('1950-06-21');
    expect(normaliseDate('30 December 2024')).toBe('2024-12-30');
    expect(normaliseDate('2/10/2024')).toBe('2024-02-10');
    expect(normaliseDate('February 30, 2024')).toBeNull();
    expect(normaliseDate('sometime last spring')).toBeNull();
  });

  it('cleans names and finds the preferred name', () => {
    expect(cleanName('Robert "Bob" Smith')).toEqual({ fullName: 'Robert Smith', preferredName: 'Bob' });
    expect(cleanName('Obituary of Mary Ann (Molly) Jones')).toEqual({ fullName: 'Mary Ann Jones', preferredName: 'Molly' });
    expect(cleanName("Patrick O'Brien Obituary | Evergreen")).toEqual({ fullName: "Patrick O'Brien", preferredName: null });
    expect(cleanName('In Loving Memory of Anne Lee - Evergreen Funeral Home')).toEqual({ fullName: 'Anne Lee', preferredName: null });
  });

  it('follows at most 40 same-site obituary links', () => {
    const links = Array.from({ length: 60 }, (_, i) => `<a href="/obituaries/person-${i}">p</a>`).join('');
    const doc = new JSDOM(`<a href="https://other.example/obituaries/x">x</a>${links}`).window.document;
    const found = obituaryLinks(doc, 'https://home.example/obituaries');
    expect(found).toHaveLength(40);
    expect(found[0]).toBe('https://home.example/obituaries/person-0');
  });
});

describe.each(DB_VARIANTS)('obituaries on $name', (variant) => {
  let db: Db;
  let drop: () => Promise<void>;
  let server: RunningServer;
  let site: Awaited<ReturnType<typeof startFixtureSite>>;

  beforeAll(async () => {
    ({ db, drop } = await variant.create());
    server = await startTestServer(db, { RUN_JOBS: 'false' });
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await server.stop();
    await drop();
    await new Promise((resolve) => site.server.close(resolve));
  });

  const accountWith = async (settings: Record<string, unknown>) => {
    const account = await createAccount(db, undefined, settings);
    const staff = await createStaff(db, account.id);
    return { account, as: { token: staff.token, membershipId: staff.membershipId } };
  };

  it('crawls the listing, extracts each obituary and lists them newest first', async () => {
    const { account, as } = await accountWith({ link_to_obituary_listing: `${site.url}/obituaries/` });
    expect(await refreshObituaries(db, account.id, silent)).toBe(3);
    expect(site.hits).not.toContain('/about');
    expect(site.hits.filter((h) => h === '/obituaries/robert-smith')).toHaveLength(1);

    const res = await api(server, 'GET', '/authenticated/obituaries-that-can-be-used-to-create-service', as);
    expect(res.status).toBe(200);
    expect(res.json.data?.obituaries_count).toBe(3);
    const results = (res.json.data?.obituaries as Obituary[]).map((o) => [o.url.replace(site.url, ''), o.public_data.latest_obituary_detail_extraction.result]);
    expect(results).toEqual([
      ['/obituaries/anne-lee', { full_name: 'Anne Lee', preferred_name: null, date_of_birth: '1950-06-21', date_of_death: '2024-12-30', avatar_url: `${site.url}/images/not-an-image.png` }],
      ['/obituaries/robert-smith', { full_name: 'Robert Smith', preferred_name: 'Bob', date_of_birth: '1940-01-05', date_of_death: '2024-03-02', avatar_url: `${site.url}/images/robert.png` }],
      ['/obituaries/mary-jones', { full_name: 'Mary Ann Jones', preferred_name: 'Molly', date_of_birth: '1932-01-15', date_of_death: '2024-02-10', avatar_url: `${site.url}/images/site-logo.png` }],
    ]);

    // A second run only refreshes the same rows.
    expect(await refreshObituaries(db, account.id, silent)).toBe(3);
    expect(await db.query('SELECT 1 FROM obituaries WHERE account_id = $1', [account.id])).toHaveLength(3);
  });

  it("uses the account's XPath avatar selector when set, and og:image when it finds nothing or is invalid", async () => {
    const { account } = await accountWith({ link_to_obituary_listing: `${site.url}/obituaries/`, obituary_detail_avatar_url_xpath_selector: '//div[@class="obit-photo"]/img/@src' });
    await refreshObituaries(db, account.id, silent);
    const avatars = await db.query<{ url: string; avatar: string | null }>(
      "SELECT url, public_data->'latest_obituary_detail_extraction'->'result'->>'avatar_url' AS avatar FROM obituaries WHERE account_id = $1 ORDER BY url",
      [account.id],
    );
    expect(avatars.map((a) => a.avatar)).toEqual([`${site.url}/images/not-an-image.png`, `${site.url}/images/mary.png`, `${site.url}/images/robert.png`]);

    const broken = await accountWith({ link_to_obituary_listing: `${site.url}/obituaries/`, obituary_detail_avatar_url_xpath_selector: '//div[' });
    expect(await refreshObituaries(db, broken.account.id, silent)).toBe(3);
  });

  it("proxies an obituary's photo only when it is an image, and only within the account", async () => {
    const { account, as } = await accountWith({ link_to_obituary_listing: `${site.url}/obituaries/` });
    await refreshObituaries(db, account.id, silent);
    const list = (await api(server, 'GET', '/authenticated/obituaries-that-can-be-used-to-create-service', as)).json.data?.obituaries as Obituary[];
    const [anne, robert] = list as [Obituary, Obituary];
    const photo = await fetch(`${server.url}/api/v1/app/authenticated/obituaries/${robert.unique_identifier}/avatar`, {
      headers: { authorization: `Bearer ${as.token}`, 'x-membership-id': as.membershipId },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(40);
    expect((await api(server, 'GET', `/authenticated/obituaries/${anne.unique_identifier}/avatar`, as)).status).toBe(415);
    const stranger = await accountWith({});
    expect((await api(server, 'GET', `/authenticated/obituaries/${robert.unique_identifier}/avatar`, stranger.as)).status).toBe(404);
    expect((await api(server, 'GET', `/authenticated/obituaries/${robert.unique_identifier}/avatar`)).status).toBe(401);
  });

  it('queues one refresh an hour per account, again when the listing link changes, and none without a link', async () => {
    const jobs = async (accountId: string) =>
      (await db.query("SELECT 1 FROM pgboss.job WHERE name = 'obituaries.refresh' AND data->>'accountId' = $1", [accountId])).length;
    const { account, as } = await accountWith({ link_to_obituary_listing: `${site.url}/obituaries/` });
    const call = () => api(server, 'GET', '/authenticated/obituaries-that-can-be-used-to-create-service', as);
    expect((await call()).json.data).toEqual({ obituaries: [], obituaries_count: 0 });
    await call();
    expect(await jobs(account.id)).toBe(1);

    await db.query(`UPDATE accounts SET public_data = jsonb_build_object('link_to_obituary_listing', $2::text) WHERE id = $1`, [account.id, `${site.url}/obituaries`]);
    await db.query("DELETE FROM pgboss.job WHERE name = 'obituaries.refresh'");
    await call();
    expect(await jobs(account.id)).toBe(1);

    await db.query("UPDATE obituary_listing_refreshes SET requested_at = now() - interval '2 hours' WHERE account_id = $1", [account.id]);
    await db.query("DELETE FROM pgboss.job WHERE name = 'obituaries.refresh'");
    await call();
    expect(await jobs(account.id)).toBe(1);

    const none = await accountWith({});
    await api(server, 'GET', '/authenticated/obituaries-that-can-be-used-to-create-service', none.as);
    expect(await jobs(none.account.id)).toBe(0);
    const operator = await createStaff(db, account.id, { superuser: true });
    expect((await api(server, 'GET', '/authenticated/obituaries-that-can-be-used-to-create-service', { token: operator.token, viewAll: true })).status).toBe(403);
  });

  it('fetches with a size cap and a timeout, and records a failed crawl', async () => {
    await expect(fetchLimited(`${site.url}/big`, 1024)).rejects.toBeInstanceOf(FetchFailedError);
    await expect(fetchLimited(`${site.url}/slow`, 1024, 200)).rejects.toBeInstanceOf(FetchFailedError);
    await expect(fetchLimited('file:///etc/passwd', 1024)).rejects.toBeInstanceOf(FetchFailedError);
    const { account } = await accountWith({ link_to_obituary_listing: `${site.url}/gone` });
    await db.query('INSERT INTO obituary_listing_refreshes (account_id, listing_url) VALUES ($1, $2)', [account.id, `${site.url}/gone`]);
    await expect(refreshObituaries(db, account.id, silent)).rejects.toBeInstanceOf(FetchFailedError);
    const state = await db.query<{ last_error: string | null }>('SELECT last_error FROM obituary_listing_refreshes WHERE account_id = $1', [account.id]);
    expect(state[0]?.last_error).toContain('HTTP 404');
  });
});
