import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { insertTranscription } from '../../server/db/repos/signatures';
import type { RegistrySignature } from '../../src/contract/guests';
import type { GeneratedJson, Signature } from '../../src/contract/signatures';
import { DB_VARIANTS } from '../fixtures/db';
import { createAccount, createStaff, createService } from '../fixtures/factories';
import { api, startTestServer } from '../fixtures/server';
import { EMPTY_GENERATED_JSON } from '../fixtures/signature';

async function invite(db: Db, serviceId: string): Promise<string> {
  const member = await db.query<{ id: string }>("INSERT INTO family_members (service_id, full_name, email_address) VALUES ($1, 'Kin', 'kin@example.com') RETURNING id", [serviceId]);
  const rows = await db.query<{ id: string }>('INSERT INTO family_invitations (family_member_id, service_id) VALUES ($1, $2) RETURNING id', [member[0]!.id, serviceId]);
  return rows[0]!.id;
}

const guest = (name: string, extra: Record<string, unknown> = {}) => ({
  full_name: name,
  phone_number: '555 0101',
  email_address: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  mailing_address_line1: '412 Oak Street',
  mailing_address_line2: '',
  interested_in_planning_ahead: false,
  ...extra,
});

describe.each(DB_VARIANTS)('guest pages on $name', (variant) => {
  let db: Db;
  let drop: () => Promise<void>;
  let server: RunningServer;
  let accountId: string;
  let serviceId: string;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  let ip = 0;
  /** Each test signs from its own address, so the per-IP limit only bites where it is tested. */
  const sign = (id: string, body: unknown, from = `10.20.0.${ip}`) => api(server, 'POST', `/anon/services/${id}/sign`, { body, headers: { 'x-forwarded-for': from } });

  beforeAll(async () => {
    ({ db, drop } = await variant.create());
    server = await startTestServer(db);
    accountId = (await createAccount(db)).id;
    staff = await createStaff(db, accountId);
  });
  beforeEach(async () => {
    ip++;
    serviceId = await createService(db, accountId);
  });
  afterAll(async () => {
    await server.stop();
    await drop();
  });

  it('stores a guest signature as a QR signature staff see, pre-need when asked, and tells listeners', async () => {
    const events: string[] = [];
    const off = server.deps.events.on('signatureUpdated', (e) => events.push(e.reason));
    const res = await sign(serviceId, guest('Linda Martinez', { interested_in_planning_ahead: true }));
    expect(res.status).toBe(200);
    const id = String(res.json.data?.signature_unique_identifier);
    const list = await api(server, 'GET', `/authenticated/services/${serviceId}/signatures`, { token: staff.token, membershipId: staff.membershipId });
    const signature = (list.json.data?.signatures as Signature[])[0]!;
    expect(signature.unique_identifier).toBe(id);
    expect(signature.is_pre_need).toBe(true);
    expect(signature.created_by_ipad).toBeNull();
    expect(signature.public_data).toMatchObject({
      receive_information_on_advance_planning: true,
      based_on_simple_signature: { full_name: 'Linda Martinez', mailing_address_line1: '412 Oak Street', mailing_address_line2: null, interested_in_planning_ahead: true },
      latest_signature_transcription: null,
      screen_capture_url: null,
    });
    expect(events).toEqual(['created_by_qr_code']);
    off();
    const account = await db.query<{ last_signature_at: Date | null }>('SELECT last_signature_at FROM accounts WHERE id = $1', [accountId]);
    expect(account[0]?.last_signature_at).not.toBeNull();
  });

  it('validates the form and refuses unknown services', async () => {
    expect((await sign(serviceId, { full_name: '   ' })).status).toBe(422);
    expect((await sign(serviceId, {})).status).toBe(422);
    const email = await sign(serviceId, guest('Bad Mail', { email_address: 'not-an-email' }));
    expect(email.status).toBe(422);
    expect(email.json.details).toMatchObject({ fields: { email_address: 'Please enter a valid e-mail address.' } });
    expect((await sign(serviceId, guest('x'.repeat(201)))).status).toBe(422);
    expect((await sign(serviceId, { full_name: 'Only A Name' })).status).toBe(200);
    expect((await sign(serviceId, guest('Empty Mail', { email_address: '' }))).status).toBe(200);
    expect((await sign(crypto.randomUUID(), guest('Nobody'))).status).toBe(404);
    expect((await sign('not-a-uuid', guest('Nobody'))).status).toBe(422);
  });

  it('answers a retried submission (same client_id) with the stored signature instead of a second one', async () => {
    const clientId = crypto.randomUUID();
    const first = await sign(serviceId, guest('Retry Person', { client_id: clientId }));
    const second = await sign(serviceId, guest('Retry Person', { client_id: clientId }));
    expect(second.json.data?.signature_unique_identifier).toBe(first.json.data?.signature_unique_identifier);
    const rows = await db.query('SELECT 1 FROM signatures WHERE client_id = $1', [clientId]);
    expect(rows).toHaveLength(1);
    const otherService = await createService(db, accountId);
    expect((await sign(otherService, guest('Retry Person', { client_id: clientId }))).status).toBe(409);
  });

  it('rate-limits signing per IP address', async () => {
    await db.query('DELETE FROM rate_limit_hits');
    const from = '10.99.0.1';
    for (let i = 0; i < 30; i++) expect((await sign(serviceId, { full_name: `Guest ${i}` }, from)).status).toBe(200);
    const blocked = await sign(serviceId, { full_name: 'One too many' }, from);
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('rate_limited');
    expect((await sign(serviceId, { full_name: 'Another phone' }, '10.99.0.2')).status).toBe(200);
  });

  it('shows names only without a live invitation, contacts with one, and never removed, left-out, private or nameless signatures', async () => {
    const ids: Record<string, string> = {};
    for (const name of ['Ann Able', 'Ben Baker', 'Cal Cook', 'Dee Dunn', 'Eve East']) {
      ids[name] = String((await sign(serviceId, guest(name))).json.data?.signature_unique_identifier);
    }
    await db.query('UPDATE signatures SET removed_at = now() WHERE id = $1', [ids['Ben Baker']]);
    await db.query('UPDATE signatures SET leave_signature_out_of_printed_pdf_and_books = true WHERE id = $1', [ids['Cal Cook']]);
    const transcription = (overrides: Partial<GeneratedJson>): GeneratedJson => ({ ...EMPTY_GENERATED_JSON, ...overrides });
    await db.transaction((tx) => insertTranscription(tx, ids['Dee Dunn']!, 'staff', transcription({ keep_signature_private: true })));
    await db.transaction((tx) => insertTranscription(tx, ids['Eve East']!, 'staff', transcription({ name: 'Eve Easton', phone_number: '555 9999' })));
    await db.query("INSERT INTO signatures (account_id, service_id, kind) VALUES ($1, $2, 'ipad')", [accountId, serviceId]);

    const path = `/anon/families/services/${serviceId}/signatures`;
    const open = await api(server, 'GET', path);
    expect(open.status).toBe(200);
    expect(open.json.data?.signatures_count).toBe(2);
    const names = open.json.data?.signatures as RegistrySignature[];
    expect(names.map((s) => [s.name, s.phone_number, s.email_address])).toEqual([
      ['Ann Able', null, null],
      ['Eve Easton', null, null],
    ]);

    const invitation = await invite(db, serviceId);
    const invited = await api(server, 'GET', `${path}?page=1&invitation_unique_identifier=${invitation}`);
    expect((invited.json.data?.signatures as RegistrySignature[]).map((s) => [s.name, s.phone_number, s.email_address])).toEqual([
      ['Ann Able', '555 0101', 'ann.able@example.com'],
      ['Eve Easton', '555 9999', 'eve.east@example.com'],
    ]);

    const foreign = await invite(db, await createService(db, accountId));
    for (const i of [foreign, 'garbage', crypto.randomUUID()]) {
      const res = await api(server, 'GET', `${path}?invitation_unique_identifier=${i}`);
      expect((res.json.data?.signatures as RegistrySignature[]).every((s) => s.email_address === null && s.phone_number === null), i).toBe(true);
    }
    await db.query('UPDATE family_invitations SET revoked_at = now() WHERE id = $1', [invitation]);
    const revoked = await api(server, 'GET', `${path}?invitation_unique_identifier=${invitation}`);
    expect((revoked.json.data?.signatures as RegistrySignature[])[0]?.email_address).toBeNull();
    expect((await api(server, 'GET', `/anon/families/services/${crypto.randomUUID()}/signatures`)).status).toBe(404);
  });

  it('pages the registry 50 at a time, oldest first', async () => {
    await db.query(
      `INSERT INTO signatures (account_id, service_id, kind, public_data, inserted_at)
       SELECT $1, $2, 'qr', jsonb_build_object('based_on_simple_signature', jsonb_build_object('full_name', 'Guest ' || g)), now() - make_interval(mins => 100 - g)
         FROM generate_series(1, 51) g`,
      [accountId, serviceId],
    );
    const page1 = await api(server, 'GET', `/anon/families/services/${serviceId}/signatures?page=1`);
    expect(page1.json.data?.signatures).toHaveLength(50);
    expect((page1.json.data?.signatures as RegistrySignature[])[0]?.name).toBe('Guest 1');
    const page2 = await api(server, 'GET', `/anon/families/services/${serviceId}/signatures?page=2`);
    expect((page2.json.data?.signatures as RegistrySignature[]).map((s) => s.name)).toEqual(['Guest 51']);
    expect(page2.json.data?.signatures_count).toBe(51);
  });
});
