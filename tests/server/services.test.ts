import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import type { Service } from '../../src/contract/services';
import { DB_VARIANTS } from '../fixtures/db';
import { createAccount, createStaff, createService } from '../fixtures/factories';
import { api, startTestServer } from '../fixtures/server';

type Staff = Awaited<ReturnType<typeof createStaff>>;
const as = (staff: Staff) => ({ token: staff.token, membershipId: staff.membershipId });

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 140, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'private camera data' } })
    .toBuffer();

function serviceForm(fields: Record<string, string>, photo?: { bytes: Buffer; type: string; name?: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (photo) form.append('deceased_person_photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name ?? 'photo.jpg');
  return form;
}

describe.each(DB_VARIANTS)('services on $name', (variant) => {
  let db: Db;
  let drop: () => Promise<void>;
  let server: RunningServer;
  let accountA: string;
  let accountB: string;
  let staffA: Staff;
  let staffB: Staff;
  let operator: Staff;

  beforeAll(async () => {
    ({ db, drop } = await variant.create());
    server = await startTestServer(db);
    accountA = (await createAccount(db)).id;
    accountB = (await createAccount(db)).id;
    staffA = await createStaff(db, accountA);
    staffB = await createStaff(db, accountB);
    operator = await createStaff(db, accountA, { superuser: true });
  });
  afterAll(async () => {
    await server.stop();
    await drop();
  });

  it('creates a service from the form; the photo becomes a square PNG of at most 1024 px without metadata', async () => {
    const form = serviceForm(
      {
        deceased_person_full_name: '  Margaret Ellen Thompson ',
        deceased_person_preferred_name: 'Maggie',
        deceased_person_birth_date: '1941-03-12',
        deceased_person_death_date: '2025-01-04',
        advanced_planning_check_is_hidden: 'true',
        mobile_advanced_planning_question: 'Would you like to plan ahead?',
      },
      { bytes: await jpeg(1600, 1200), type: 'image/jpeg' },
    );
    const res = await api(server, 'POST', '/authenticated/create-service', { ...as(staffA), body: form });
    expect(res.status).toBe(200);
    const service = res.json.data?.service as Service;
    expect(service).toMatchObject({
      account: { unique_identifier: accountA },
      is_active: false,
      last_start_log_item: null,
      last_stop_log_item: null,
      qr_code_sign_url: `${server.url}/sign/${service.unique_identifier}`,
      public_data: {
        deceased_person: { full_name: 'Margaret Ellen Thompson', preferred_name: 'Maggie', birth_date: '1941-03-12', death_date: '2025-01-04' },
        ipad_templates: [],
        latest_digital_download_pdf_url: null,
        advanced_planning_check_text: null,
        advanced_planning_check_is_hidden: true,
        mobile_advanced_planning_label_header: null,
        mobile_advanced_planning_question: 'Would you like to plan ahead?',
      },
    });
    const photo = Buffer.from(await (await fetch(service.public_data.deceased_person.avatar_url!)).arrayBuffer());
    const meta = await sharp(photo).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    expect(meta.exif).toBeUndefined();
    const account = await db.query<{ last_service_at: Date | null }>('SELECT last_service_at FROM accounts WHERE id = $1', [accountA]);
    expect(account[0]?.last_service_at).not.toBeNull();
  });

  it('refuses a non-image photo (415), an 11 MB photo (413), a missing photo or name (422) and all-accounts mode (403)', async () => {
    const fields = { deceased_person_full_name: 'Someone' };
    const text = await api(server, 'POST', '/authenticated/create-service', { ...as(staffA), body: serviceForm(fields, { bytes: Buffer.from('hello'), type: 'text/plain', name: 'a.txt' }) });
    expect(text.status).toBe(415);
    expect(text.json.code).toBe('unsupported_media_type');
    const disguised = await api(server, 'POST', '/authenticated/create-service', { ...as(staffA), body: serviceForm(fields, { bytes: Buffer.from('not a png at all'), type: 'image/png' }) });
    expect(disguised.status).toBe(415);
    expect(disguised.json.error).toContain('could not be read as an image');
    const huge = await api(server, 'POST', '/authenticated/create-service', { ...as(staffA), body: serviceForm(fields, { bytes: Buffer.alloc(11 * 1024 * 1024, 1), type: 'image/png' }) });
    expect(huge.status).toBe(413);
    const missing = await api(server, 'POST', '/authenticated/create-service', { ...as(staffA), body: serviceForm(fields) });
    expect(missing.status).toBe(422);
    const nameless = await api(server, 'POST', '/authenticated/create-service', { ...as(staffA), body: serviceForm({}, { bytes: await jpeg(200, 200), type: 'image/jpeg' }) });
    expect(nameless.status).toBe(422);
    const all = await api(server, 'POST', '/authenticated/create-service', { token: operator.token, viewAll: true, body: serviceForm(fields, { bytes: await jpeg(200, 200), type: 'image/jpeg' }) });
    expect(all.status).toBe(403);
  });

  it('updates the form: no new photo keeps the old one, absent advanced fields keep, empty ones clear', async () => {
    const created = await api(server, 'POST', '/authenticated/create-service', {
      ...as(staffA),
      body: serviceForm({ deceased_person_full_name: 'Robert Whitaker', advanced_planning_check_text: 'Plan with us' }, { bytes: await jpeg(300, 300), type: 'image/jpeg' }),
    });
    const before = created.json.data?.service as Service;
    const res = await api(server, 'POST', `/authenticated/services/${before.unique_identifier}/update`, {
      ...as(staffA),
      body: serviceForm({ deceased_person_full_name: 'Robert J. Whitaker', mobile_advanced_planning_label_header: 'Plan ahead' }),
    });
    expect(res.status).toBe(200);
    const after = res.json.data?.service as Service;
    expect(after.public_data.deceased_person).toMatchObject({ full_name: 'Robert J. Whitaker', avatar_url: before.public_data.deceased_person.avatar_url });
    expect(after.public_data.advanced_planning_check_text).toBe('Plan with us');
    expect(after.public_data.mobile_advanced_planning_label_header).toBe('Plan ahead');
    const cleared = await api(server, 'POST', `/authenticated/services/${before.unique_identifier}/update`, {
      ...as(staffA),
      body: serviceForm({ deceased_person_full_name: 'Robert J. Whitaker', advanced_planning_check_text: '' }, { bytes: await jpeg(400, 300), type: 'image/jpeg' }),
    });
    const last = cleared.json.data?.service as Service;
    expect(last.public_data.advanced_planning_check_text).toBeNull();
    expect(last.public_data.deceased_person.avatar_url).not.toBe(before.public_data.deceased_person.avatar_url);
    const badDates = await api(server, 'POST', `/authenticated/services/${before.unique_identifier}/update`, {
      ...as(staffA),
      body: serviceForm({ deceased_person_full_name: 'X', deceased_person_birth_date: '2000-01-02', deceased_person_death_date: '1999-01-01' }),
    });
    expect(badDates.status).toBe(422);
  });

  it('starts and ends a service with the spec texts for the refused cases, writing log items and releasing iPads', async () => {
    const id = await createService(db, accountA, { name: 'Test Person' });
    const ipad = await db.query<{ id: string }>("INSERT INTO ipads (account_id, public_data) VALUES ($1, '{\"ipad_name\":\"Door\"}') RETURNING id", [accountA]);
    const changes: (string | null)[] = [];
    const off = server.deps.events.on('ipadServiceChanged', (e) => changes.push(e.activeServiceId));

    const start = await api(server, 'POST', `/authenticated/services/${id}/start`, as(staffA));
    expect(start.status).toBe(200);
    const started = start.json.data?.service as Service;
    expect(started.is_active).toBe(true);
    expect(started.last_start_log_item).not.toBeNull();
    const again = await api(server, 'POST', `/authenticated/services/${id}/start`, as(staffA));
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This service is already active and cannot be started.');

    await db.query('UPDATE ipads SET active_service_id = $1 WHERE id = $2', [id, ipad[0]!.id]);
    const end = await api(server, 'POST', `/authenticated/services/${id}/end`, as(staffA));
    expect(end.status).toBe(200);
    expect((end.json.data?.service as Service).is_active).toBe(false);
    expect((end.json.data?.service as Service).last_stop_log_item).not.toBeNull();
    const endAgain = await api(server, 'POST', `/authenticated/services/${id}/end`, as(staffA));
    expect(endAgain.status).toBe(409);
    expect(endAgain.json.error).toBe('This service is not active and cannot be ended.');

    const logs = await db.query<{ kind: string }>('SELECT kind FROM service_log_items WHERE service_id = $1 ORDER BY inserted_at', [id]);
    expect(logs.map((l) => l.kind)).toEqual(['start', 'stop']);
    const released = await db.query<{ active_service_id: string | null }>('SELECT active_service_id FROM ipads WHERE id = $1', [ipad[0]!.id]);
    expect(released[0]?.active_service_id).toBeNull();
    expect(changes).toEqual([null]);
    off();
  });

  it("answers 404 for another account's service on every call, and 403 for a membership that is not the caller's", async () => {
    const otherId = await createService(db, accountB, { name: 'Test Person', active: true });
    const form = () => serviceForm({ deceased_person_full_name: 'Hacked' });
    const calls: [string, string, unknown?][] = [
      ['GET', `/authenticated/services/${otherId}`],
      ['POST', `/authenticated/services/${otherId}/update`, form()],
      ['POST', `/authenticated/services/${otherId}/start`],
      ['POST', `/authenticated/services/${otherId}/end`],
      ['POST', `/authenticated/services/${otherId}/svg-to-png`, { svg: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>' }],
      ['GET', `/authenticated/services/${otherId}/signatures`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(server, method as 'GET' | 'POST', path, { ...as(staffA), body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const list = await api(server, 'GET', '/authenticated/services', as(staffA));
    expect((list.json.data?.services as Service[]).some((s) => s.unique_identifier === otherId)).toBe(false);
    const foreignHeader = await api(server, 'GET', '/authenticated/services', { token: staffA.token, membershipId: staffB.membershipId });
    expect(foreignHeader.status).toBe(403);
    expect((await api(server, 'GET', '/authenticated/services', { token: staffA.token, viewAll: true })).status).toBe(403);
    expect((await api(server, 'GET', '/authenticated/services')).status).toBe(401);
  });

  it('lists every account for an operator in all-accounts mode, who may also act on any service', async () => {
    const otherId = await createService(db, accountB, { name: 'Across Accounts' });
    const res = await api(server, 'GET', '/authenticated/services', { token: operator.token, viewAll: true });
    expect(res.status).toBe(200);
    const services = res.json.data?.services as Service[];
    expect(new Set(services.map((s) => s.account.unique_identifier))).toEqual(new Set([accountA, accountB]));
    expect(res.json.data?.total_services).toBeGreaterThanOrEqual(services.length);
    const get = await api(server, 'GET', `/authenticated/services/${otherId}`, { token: operator.token, viewAll: true });
    expect(get.status).toBe(200);
    expect((await api(server, 'GET', `/authenticated/services/${otherId}`, as(operator))).status).toBe(404);
  });

  it('pages 50 at a time, newest first: exactly 50 leaves page 2 empty, 51 puts one there', async () => {
    const account = (await createAccount(db)).id;
    const staff = await createStaff(db, account);
    await db.query(
      `INSERT INTO services (account_id, public_data, inserted_at)
       SELECT $1, jsonb_build_object('deceased_person', jsonb_build_object('full_name', 'Person ' || g)), now() - make_interval(mins => g)
         FROM generate_series(1, 50) g`,
      [account],
    );
    const page1 = await api(server, 'GET', '/authenticated/services?page=1', as(staff));
    const names = (page1.json.data?.services as Service[]).map((s) => s.public_data.deceased_person.full_name);
    expect(names).toHaveLength(50);
    expect(names[0]).toBe('Person 1');
    expect(page1.json.data?.total_services).toBe(50);
    expect((await api(server, 'GET', '/authenticated/services?page=2', as(staff))).json.data?.services).toEqual([]);
    await createService(db, account, { name: 'Newest' });
    const after = await api(server, 'GET', '/authenticated/services?page=2', as(staff));
    expect((after.json.data?.services as Service[]).map((s) => s.public_data.deceased_person.full_name)).toEqual(['Person 50']);
    expect(after.json.data?.total_services).toBe(51);
    expect((await api(server, 'GET', '/authenticated/services?page=0', as(staff))).status).toBe(422);
  });

  it('serves the public service (family PDF only with a live invitation) and its QR code PNG', async () => {
    const id = await createService(db, accountA, { name: 'Public Person' });
    await db.query(`UPDATE services SET public_data = public_data || '{"latest_digital_download_pdf_url":"https://files.example/x.pdf"}' WHERE id = $1`, [id]);
    const anon = await api(server, 'GET', `/anon/services/${id}`);
    expect(anon.status).toBe(200);
    expect((anon.json.data?.service as Service).public_data).toMatchObject({ deceased_person: { full_name: 'Public Person' }, latest_digital_download_pdf_url: null });
    const member = await db.query<{ id: string }>("INSERT INTO family_members (service_id, full_name, email_address) VALUES ($1, 'Kin', 'kin@example.com') RETURNING id", [id]);
    const invitation = await db.query<{ id: string }>('INSERT INTO family_invitations (family_member_id, service_id) VALUES ($1, $2) RETURNING id', [member[0]!.id, id]);
    const invited = await api(server, 'GET', `/anon/services/${id}?invitation_unique_identifier=${invitation[0]!.id}`);
    expect((invited.json.data?.service as Service).public_data.latest_digital_download_pdf_url).toBe('https://files.example/x.pdf');
    expect((await api(server, 'GET', `/anon/services/${crypto.randomUUID()}`)).status).toBe(404);

    const qr = await fetch(`${server.url}/api/v1/app/anon/services/${id}/qr-code`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await qr.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 2048, height: 2048 });
    const cornerPng = await sharp(Buffer.from(await (await fetch(`${server.url}/api/v1/app/anon/services/${id}/qr-code?size=512`)).arrayBuffer()))
      .extract({ left: 0, top: 0, width: 25, height: 25 })
      .toBuffer();
    // The spec's margin is 100 px in 2048, so 25 px at 512: all white.
    const corner = await sharp(cornerPng).stats();
    expect(corner.channels[0]?.min).toBe(255);
    expect((await fetch(`${server.url}/api/v1/app/anon/services/${crypto.randomUUID()}/qr-code`)).status).toBe(404);
  });

  it('renders the QR frame SVG into a one-page PDF and refuses scripts and external links', async () => {
    const id = await createService(db, accountA, { name: 'Test Person' });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="404.8" height="537.6" viewBox="0 0 4048 5376"><rect width="4048" height="5376" fill="#eee"/><rect x="1000" y="1500" width="2048" height="2048" fill="#000"/></svg>`;
    const res = await api(server, 'POST', `/authenticated/services/${id}/svg-to-png`, { ...as(staffA), body: { svg } });
    expect(res.status).toBe(200);
    const pdf = await fetch(String(res.json.data?.resulting_pdf_url));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getPageCount()).toBe(1);

    for (const bad of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="http://169.254.169.254/x.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(http://evil.example/a)"/></svg>',
      'no svg here',
    ]) {
      const refused = await api(server, 'POST', `/authenticated/services/${id}/svg-to-png`, { ...as(staffA), body: { svg: bad } });
      expect(refused.status, bad).toBe(422);
    }
    const dot = (await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } }).png().toBuffer()).toString('base64');
    const inline = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="50"><image href="data:image/png;base64,${dot}" width="4" height="4"/></svg>`;
    expect((await api(server, 'POST', `/authenticated/services/${id}/svg-to-png`, { ...as(staffA), body: { svg: inline } })).status).toBe(200);
  });
});
