/** Staff iPad calls: add, list, read, rename, send/remove a service, setup tokens, tenancy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { insertService } from '../../server/db/repos/services';
import type { DomainEventMap } from '../../server/domain/events';
import { IPAD_SETUP_CODE_ALPHABET, IPAD_SETUP_CODE_LENGTH, IPAD_SETUP_TOKEN_VALIDITY_MS } from '../../src/contract/devices';
import { DB_VARIANTS } from '../fixtures/db';
import { createAccount, createStaff } from '../fixtures/factories';
import { api, startTestServer } from '../fixtures/server';

type Staff = Awaited<ReturnType<typeof createStaff>>;
interface WireIpad {
  unique_identifier: string;
  public_data: { ipad_name: string };
  account: { unique_identifier: string; name: string };
  active_service: { unique_identifier: string; public_data: { deceased_person: { full_name: string } } } | null;
  has_been_setup?: boolean;
  ipad_is_enabled?: boolean;
}
interface WireSetupToken {
  short_unique_identifier: string;
  qr_code_url: string;
  expires_at: string;
  ipad_setup_token_is_enabled: boolean;
  ipad: WireIpad;
}

const CODE_PATTERN = new RegExp(`^[${IPAD_SETUP_CODE_ALPHABET}]{${IPAD_SETUP_CODE_LENGTH}}$`);

describe.each(DB_VARIANTS)('staff iPad calls on $name', (variant) => {
  let db: Db;
  let drop: () => Promise<void>;
  let server: RunningServer;
  let a: { id: string; staff: Staff };
  let b: { id: string; staff: Staff };
  let superuser: Staff;

  const as = (staff: Staff) => ({ token: staff.token, membershipId: staff.membershipId });
  const addIpad = async (staff: Staff, name: string): Promise<WireSetupToken> => {
    const res = await api(server, 'POST', '/authenticated/add-ipad', { ...as(staff), body: { ipad_name: name } });
    expect(res.status).toBe(200);
    return res.json.data?.ipad_setup_token as WireSetupToken;
  };
  const service = (accountId: string, fullName: string) => insertService(db, accountId, { deceased_person: { full_name: fullName } });

  beforeAll(async () => {
    ({ db, drop } = await variant.create());
    server = await startTestServer(db);
    const accountA = await createAccount(db, 'Alpha Funeral Home');
    const accountB = await createAccount(db, 'Beta Chapel');
    a = { id: accountA.id, staff: await createStaff(db, accountA.id) };
    b = { id: accountB.id, staff: await createStaff(db, accountB.id) };
    superuser = await createStaff(db, accountA.id, { superuser: true });
  });
  afterAll(async () => {
    await server.stop();
    await drop();
  });

  it('adds an iPad with a 24-hour setup token whose QR opens the sign-in page', async () => {
    const before = Date.now();
    const token = await addIpad(a.staff, '  Chapel entrance ');
    expect(token.short_unique_identifier).toMatch(CODE_PATTERN);
    expect(token.qr_code_url).toBe(`${server.url}/auth/login?setup=${token.short_unique_identifier}`);
    expect(token.ipad_setup_token_is_enabled).toBe(true);
    const expiresIn = Date.parse(token.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(IPAD_SETUP_TOKEN_VALIDITY_MS - 60_000);
    expect(expiresIn).toBeLessThan(IPAD_SETUP_TOKEN_VALIDITY_MS + 60_000);
    expect(token.ipad.public_data.ipad_name).toBe('Chapel entrance');
    expect(token.ipad.account.unique_identifier).toBe(a.id);
    expect(token.ipad.active_service).toBeNull();

    const detail = await api(server, 'GET', `/authenticated/ipads/${token.ipad.unique_identifier}`, as(a.staff));
    expect(detail.status).toBe(200);
    expect(detail.json.data?.ipad).toMatchObject({ has_been_setup: false, ipad_is_enabled: true, last_seen_online_at: null });
  });

  it('requires a name and refuses to add an iPad while viewing all accounts', async () => {
    const empty = await api(server, 'POST', '/authenticated/add-ipad', { ...as(a.staff), body: { ipad_name: '   ' } });
    expect(empty.status).toBe(422);
    expect(empty.json.error).toContain('Please fill out all required fields.');
    const allAccounts = await api(server, 'POST', '/authenticated/add-ipad', { token: superuser.token, viewAll: true, body: { ipad_name: 'Lobby' } });
    expect(allAccounts.status).toBe(403);
  });

  it('lists the account’s iPads by name; another account and all-accounts mode see their own', async () => {
    const account = await createAccount(db);
    const staff = await createStaff(db, account.id);
    const zulu = await addIpad(staff, 'zulu');
    const alpha = await addIpad(staff, 'Alpha');
    const mid = await addIpad(staff, 'mike');
    const list = await api(server, 'GET', '/authenticated/ipads', as(staff));
    expect(list.status).toBe(200);
    const names = (list.json.data?.ipads as WireIpad[]).map((i) => i.public_data.ipad_name);
    expect(names).toEqual(['Alpha', 'mike', 'zulu']);

    const other = await api(server, 'GET', '/authenticated/ipads', as(b.staff));
    const otherIds = (other.json.data?.ipads as WireIpad[]).map((i) => i.unique_identifier);
    expect(otherIds).not.toContain(zulu.ipad.unique_identifier);

    const all = await api(server, 'GET', '/authenticated/ipads', { token: superuser.token, viewAll: true });
    const allIds = (all.json.data?.ipads as WireIpad[]).map((i) => i.unique_identifier);
    expect(allIds).toEqual(expect.arrayContaining([zulu.ipad.unique_identifier, alpha.ipad.unique_identifier, mid.ipad.unique_identifier]));

    // Staff who are not operators cannot ask for all accounts.
    expect((await api(server, 'GET', '/authenticated/ipads', { token: staff.token, viewAll: true })).status).toBe(403);
  });

  it('lists the iPads for a service’s tab, and 404s on another account’s service', async () => {
    const account = await createAccount(db);
    const staff = await createStaff(db, account.id);
    const one = await addIpad(staff, 'One');
    const two = await addIpad(staff, 'Two');
    const serviceId = await service(account.id, 'Ada Lovelace');
    await api(server, 'POST', `/authenticated/ipads/${one.ipad.unique_identifier}/send-service`, { ...as(staff), body: { service_unique_identifier: serviceId } });

    const res = await api(server, 'GET', `/authenticated/ipads?service_unique_identifier=${serviceId}`, as(staff));
    expect(res.status).toBe(200);
    const ipads = res.json.data?.ipads as WireIpad[];
    expect(ipads.map((i) => i.unique_identifier)).toEqual([one.ipad.unique_identifier, two.ipad.unique_identifier]);
    expect(ipads[0]?.active_service?.unique_identifier).toBe(serviceId);
    expect(ipads[1]?.active_service).toBeNull();

    const foreign = await api(server, 'GET', `/authenticated/ipads?service_unique_identifier=${serviceId}`, as(b.staff));
    expect(foreign.status).toBe(404);
    const viaAll = await api(server, 'GET', `/authenticated/ipads?service_unique_identifier=${serviceId}`, { token: superuser.token, viewAll: true });
    expect((viaAll.json.data?.ipads as WireIpad[]).map((i) => i.unique_identifier)).toEqual([one.ipad.unique_identifier, two.ipad.unique_identifier]);
  });

  it('keeps another account’s iPads out of reach (404) and refuses a foreign membership header (403)', async () => {
    const { ipad } = await addIpad(a.staff, 'Private');
    const path = `/authenticated/ipads/${ipad.unique_identifier}`;
    expect((await api(server, 'GET', path, as(b.staff))).status).toBe(404);
    expect((await api(server, 'POST', `${path}/update`, { ...as(b.staff), body: { ipad_name: 'Mine now' } })).status).toBe(404);
    expect((await api(server, 'POST', `${path}/remove-service`, as(b.staff))).status).toBe(404);
    expect((await api(server, 'POST', `${path}/create-setup-token`, as(b.staff))).status).toBe(404);
    const bService = await service(b.id, 'Someone');
    expect((await api(server, 'POST', `${path}/send-service`, { ...as(b.staff), body: { service_unique_identifier: bService } })).status).toBe(404);
    expect((await api(server, 'GET', '/authenticated/ipads/00000000-0000-4000-8000-000000000000', as(a.staff))).status).toBe(404);

    const foreignMembership = await api(server, 'GET', path, { token: b.staff.token, membershipId: a.staff.membershipId });
    expect(foreignMembership.status).toBe(403);
    expect((await api(server, 'GET', path)).status).toBe(401);
    // Still the same name: nothing above changed it.
    expect((await api(server, 'GET', path, as(a.staff))).json.data?.ipad).toMatchObject({ public_data: { ipad_name: 'Private' } });
  });

  it('renames an iPad', async () => {
    const { ipad } = await addIpad(a.staff, 'Old name');
    const res = await api(server, 'POST', `/authenticated/ipads/${ipad.unique_identifier}/update`, { ...as(a.staff), body: { ipad_name: 'New name' } });
    expect(res.status).toBe(200);
    expect(res.json.data?.ipad).toMatchObject({ unique_identifier: ipad.unique_identifier, public_data: { ipad_name: 'New name' } });
    expect((await api(server, 'POST', `/authenticated/ipads/${ipad.unique_identifier}/update`, { ...as(a.staff), body: { ipad_name: '' } })).status).toBe(422);
  });

  it('sends a service (active or not) and removes it, telling the kiosk after each change', async () => {
    const events: DomainEventMap['ipadServiceChanged'][] = [];
    const stop = server.deps.events.on('ipadServiceChanged', (e) => events.push(e));
    try {
      const { ipad } = await addIpad(a.staff, 'Front door');
      const serviceId = await service(a.id, 'Grace Hopper');
      const path = `/authenticated/ipads/${ipad.unique_identifier}`;

      const sent = await api(server, 'POST', `${path}/send-service`, { ...as(a.staff), body: { service_unique_identifier: serviceId } });
      expect(sent.status).toBe(200);
      expect(sent.json.data?.ipad).toMatchObject({
        active_service: { unique_identifier: serviceId, public_data: { deceased_person: { full_name: 'Grace Hopper' } } },
      });
      expect(events).toEqual([{ accountId: a.id, ipadId: ipad.unique_identifier, activeServiceId: serviceId }]);

      // Sending the same service again changes nothing and does not disturb the kiosk.
      expect((await api(server, 'POST', `${path}/send-service`, { ...as(a.staff), body: { service_unique_identifier: serviceId } })).status).toBe(200);
      expect(events).toHaveLength(1);

      const removed = await api(server, 'POST', `${path}/remove-service`, as(a.staff));
      expect(removed.status).toBe(200);
      expect(removed.json.data?.ipad).toMatchObject({ active_service: null });
      expect(events.at(-1)).toEqual({ accountId: a.id, ipadId: ipad.unique_identifier, activeServiceId: null });

      // Another account's service is 404 and leaves the iPad as it was.
      const foreign = await service(b.id, 'Not yours');
      const refused = await api(server, 'POST', `${path}/send-service`, { ...as(a.staff), body: { service_unique_identifier: foreign } });
      expect(refused.status).toBe(404);
      expect(refused.json.error).toBe('Service not found');
      expect(events).toHaveLength(2);
    } finally {
      stop();
    }
  });

  it('lets an operator in all-accounts mode manage any iPad, with services of that iPad’s account only', async () => {
    const { ipad } = await addIpad(a.staff, 'Operator test');
    const path = `/authenticated/ipads/${ipad.unique_identifier}`;
    const op = { token: superuser.token, viewAll: true };
    expect((await api(server, 'GET', path, op)).status).toBe(200);
    const own = await service(a.id, 'Same account');
    expect((await api(server, 'POST', `${path}/send-service`, { ...op, body: { service_unique_identifier: own } })).status).toBe(200);
    const foreign = await service(b.id, 'Other account');
    expect((await api(server, 'POST', `${path}/send-service`, { ...op, body: { service_unique_identifier: foreign } })).status).toBe(404);
    expect((await api(server, 'POST', `${path}/create-setup-token`, op)).status).toBe(200);
  });

  it('creates a new setup token and switches off the earlier ones', async () => {
    const first = await addIpad(a.staff, 'Re-login');
    const res = await api(server, 'POST', `/authenticated/ipads/${first.ipad.unique_identifier}/create-setup-token`, as(a.staff));
    expect(res.status).toBe(200);
    const second = res.json.data?.ipad_setup_token as WireSetupToken;
    expect(second.short_unique_identifier).toMatch(CODE_PATTERN);
    expect(second.short_unique_identifier).not.toBe(first.short_unique_identifier);
    expect(second.qr_code_url).toBe(`${server.url}/auth/login?setup=${second.short_unique_identifier}`);
    const rows = await db.query<{ short_unique_identifier: string; ipad_setup_token_is_enabled: boolean }>(
      'SELECT short_unique_identifier, ipad_setup_token_is_enabled FROM ipad_setup_tokens WHERE ipad_id = $1',
      [first.ipad.unique_identifier],
    );
    const enabled = Object.fromEntries(rows.map((r) => [r.short_unique_identifier, r.ipad_setup_token_is_enabled]));
    expect(enabled).toEqual({ [first.short_unique_identifier]: false, [second.short_unique_identifier]: true });
  });
});
