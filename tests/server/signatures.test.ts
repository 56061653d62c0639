import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { insertTranscription, recomputePreNeed } from '../../server/db/repos/signatures';
import type { DomainEventMap } from '../../server/domain/events';
import { transcribeSignature, type TranscriptionEngine } from '../../server/jobs/signatures-transcribe';
import { SignatureSchema, type GeneratedJson, type Signature } from '../../src/contract/signatures';
import { DB_VARIANTS } from '../fixtures/db';
import { generatedJson } from '../fixtures/signature';
import { createAccount, createStaff, createService } from '../fixtures/factories';
import { api, startTestServer } from '../fixtures/server';

type Staff = Awaited<ReturnType<typeof createStaff>>;
const as = (staff: Staff) => ({ token: staff.token, membershipId: staff.membershipId });


async function insertQr(db: Db, accountId: string, serviceId: string, options: { name?: string; interested?: boolean; minutesAgo?: number } = {}): Promise<string> {
  const simple = {
    full_name: options.name ?? 'Linda Martinez',
    phone_number: '555 0101',
    email_address: 'linda@example.com',
    mailing_address_line1: null,
    mailing_address_line2: null,
    interested_in_planning_ahead: options.interested ?? false,
  };
  const rows = await db.query<{ id: string }>(
    `INSERT INTO signatures (account_id, service_id, kind, public_data, inserted_at) VALUES ($1, $2, 'qr', $3, now() - make_interval(mins => $4)) RETURNING id`,
    [accountId, serviceId, JSON.stringify({ based_on_simple_signature: simple }), options.minutesAgo ?? 0],
  );
  await recomputePreNeed(db, rows[0]!.id);
  return rows[0]!.id;
}

async function insertIpadSignature(db: Db, accountId: string, serviceId: string, options: { checkbox?: boolean; transcription?: GeneratedJson; minutesAgo?: number } = {}) {
  const ipad = await db.query<{ id: string }>("INSERT INTO ipads (account_id, public_data) VALUES ($1, '{\"ipad_name\":\"Chapel iPad\"}') RETURNING id", [accountId]);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO signatures (account_id, service_id, kind, created_by_ipad_id, public_data, inserted_at)
     VALUES ($1, $2, 'ipad', $3, $4, now() - make_interval(mins => $5)) RETURNING id`,
    [accountId, serviceId, ipad[0]!.id, JSON.stringify({ receive_information_on_advance_planning: options.checkbox ?? false }), options.minutesAgo ?? 0],
  );
  const id = rows[0]!.id;
  await recomputePreNeed(db, id);
  if (options.transcription) await db.transaction((tx) => insertTranscription(tx, id, 'demo', options.transcription!));
  return id;
}

describe.each(DB_VARIANTS)('signatures on $name', (variant) => {
  let db: Db;
  let drop: () => Promise<void>;
  let server: RunningServer;
  let accountA: string;
  let accountB: string;
  let staffA: Staff;
  let staffB: Staff;
  let operator: Staff;
  const events: { name: string; payload: unknown }[] = [];

  beforeAll(async () => {
    ({ db, drop } = await variant.create());
    server = await startTestServer(db);
    accountA = (await createAccount(db)).id;
    accountB = (await createAccount(db)).id;
    staffA = await createStaff(db, accountA);
    staffB = await createStaff(db, accountB);
    operator = await createStaff(db, accountA, { superuser: true });
    for (const name of ['signatureUpdated', 'signatureRemoved'] as const) {
      server.deps.events.on(name, (payload: DomainEventMap[typeof name]) => events.push({ name, payload }));
    }
  });
  afterAll(async () => {
    await server.stop();
    await drop();
  });

  const lastEvent = () => events.at(-1) as { name: string; payload: { reason?: string; signature?: Signature } };

  it('lists a service’s signatures newest first with the whole wire shape, and never removed ones', async () => {
    const serviceId = await createService(db, accountA);
    const qr = await insertQr(db, accountA, serviceId, { minutesAgo: 10 });
    const ipad = await insertIpadSignature(db, accountA, serviceId, { transcription: generatedJson(), minutesAgo: 5 });
    const pending = await insertIpadSignature(db, accountA, serviceId, { minutesAgo: 1 });
    const removed = await insertQr(db, accountA, serviceId);
    await db.query('UPDATE signatures SET removed_at = now() WHERE id = $1', [removed]);
    await db.query("INSERT INTO signature_bridge_syncs (signature_id, synced) VALUES ($1, true)", [qr]);

    const res = await api(server, 'GET', `/authenticated/services/${serviceId}/signatures?page=1&onlyPreneed=no`, as(staffA));
    expect(res.status).toBe(200);
    const list = res.json.data?.signatures as Signature[];
    expect(list.map((s) => s.unique_identifier)).toEqual([pending, ipad, qr]);
    expect(res.json.data?.signatures_count).toBe(3);
    for (const s of list) expect(SignatureSchema.safeParse(s).success).toBe(true);
    const [p, i, q] = list as [Signature, Signature, Signature];
    expect(p.public_data.latest_signature_transcription).toBeNull();
    expect(i.public_data.latest_signature_transcription).toEqual({ latest_generated_json_source: 'demo', generated_json: generatedJson() });
    expect(i.created_by_ipad?.public_data.ipad_name).toBe('Chapel iPad');
    expect(q.public_data.based_on_simple_signature?.full_name).toBe('Linda Martinez');
    expect(q.public_data.bridge_sync).toEqual({ synced: true });
    expect(q.service).toMatchObject({ unique_identifier: serviceId, public_data: { deceased_person: { full_name: 'Margaret Thompson' } }, account: { unique_identifier: accountA } });
  });

  it('filters pre-need: the QR answer, the kiosk checkbox, and a transcription answer that overrides both', async () => {
    const serviceId = await createService(db, accountA);
    const qrYes = await insertQr(db, accountA, serviceId, { interested: true });
    await insertQr(db, accountA, serviceId, { interested: false });
    const kioskYes = await insertIpadSignature(db, accountA, serviceId, { checkbox: true });
    const transcribedYes = await insertIpadSignature(db, accountA, serviceId, { transcription: generatedJson({ receive_information_on_advance_planning: true }) });
    const overridden = await insertIpadSignature(db, accountA, serviceId, { checkbox: true, transcription: generatedJson({ receive_information_on_advance_planning: false }) });
    const res = await api(server, 'GET', `/authenticated/services/${serviceId}/signatures?onlyPreneed=yes`, as(staffA));
    const ids = (res.json.data?.signatures as Signature[]).map((s) => s.unique_identifier);
    expect(new Set(ids)).toEqual(new Set([qrYes, kioskYes, transcribedYes]));
    expect(res.json.data?.signatures_count).toBe(3);
    expect(ids).not.toContain(overridden);

    // A staff correction saying "yes" makes it pre-need again.
    const fixed = await api(server, 'POST', `/authenticated/signatures/${overridden}/update-transcription`, { ...as(staffA), body: { receive_information_on_advance_planning: true } });
    expect((fixed.json.data?.signature as Signature).is_pre_need).toBe(true);
  });

  it('pages 50 at a time: exactly 50 leaves page 2 empty, 51 puts one there', async () => {
    const account = (await createAccount(db)).id;
    const staff = await createStaff(db, account);
    const serviceId = await createService(db, account);
    await db.query(
      `INSERT INTO signatures (account_id, service_id, kind, public_data, inserted_at)
       SELECT $1, $2, 'qr', jsonb_build_object('based_on_simple_signature', jsonb_build_object('full_name', 'Guest ' || g, 'interested_in_planning_ahead', false)),
              now() - make_interval(mins => g) FROM generate_series(1, 50) g`,
      [account, serviceId],
    );
    const page1 = await api(server, 'GET', '/authenticated/signatures?page=1&onlyPreneed=no', as(staff));
    expect(page1.json.data?.signatures).toHaveLength(50);
    expect(page1.json.data?.total_signatures).toBe(50);
    expect((await api(server, 'GET', '/authenticated/signatures?page=2', as(staff))).json.data?.signatures).toEqual([]);
    await insertQr(db, account, serviceId, { name: 'Newest' });
    const page2 = await api(server, 'GET', `/authenticated/services/${serviceId}/signatures?page=2`, as(staff));
    expect((page2.json.data?.signatures as Signature[]).map((s) => s.public_data.based_on_simple_signature?.full_name)).toEqual(['Guest 50']);
    expect(page2.json.data?.signatures_count).toBe(51);
  });

  it('stores corrections as a new "staff" transcription, keeping absent fields, and emits after commit', async () => {
    const serviceId = await createService(db, accountA);
    const id = await insertIpadSignature(db, accountA, serviceId, { transcription: generatedJson() });
    const res = await api(server, 'POST', `/authenticated/signatures/${id}/update-transcription`, { ...as(staffA), body: { name: 'Patricia N. Nguyen', email: '', keep_signature_private: true } });
    expect(res.status).toBe(200);
    const generated = (res.json.data?.signature as Signature).public_data.latest_signature_transcription;
    expect(generated).toEqual({
      latest_generated_json_source: 'staff',
      generated_json: generatedJson({ name: 'Patricia N. Nguyen', email: null, keep_signature_private: true }),
    });
    const rows = await db.query<{ source: string }>('SELECT source FROM signature_transcriptions WHERE signature_id = $1 ORDER BY inserted_at', [id]);
    expect(rows.map((r) => r.source)).toEqual(['demo', 'staff']);
    expect(lastEvent()).toMatchObject({ name: 'signatureUpdated', payload: { reason: 'transcription_confirmed', accountId: accountA } });
    expect((await api(server, 'POST', `/authenticated/signatures/${id}/update-transcription`, { ...as(staffA), body: {} })).status).toBe(200);
    expect((await api(server, 'POST', `/authenticated/signatures/${id}/update-transcription`, { ...as(staffA), body: { name: 'x'.repeat(501) } })).status).toBe(422);
  });

  it('marks signatures left out of printed materials, requests a bridge sync, and removes them', async () => {
    const serviceId = await createService(db, accountA);
    const id = await insertQr(db, accountA, serviceId);
    const out = await api(server, 'POST', `/authenticated/signatures/${id}/update-leave-out-of-printed-materials`, { ...as(staffA), body: { leave_out_of_printed_materials: true } });
    expect((out.json.data?.signature as Signature).leave_signature_out_of_printed_pdf_and_books).toBe(true);
    expect(lastEvent().payload.reason).toBe('left_out_of_printed_materials');
    await api(server, 'POST', `/authenticated/signatures/${id}/update-leave-out-of-printed-materials`, { ...as(staffA), body: { leave_out_of_printed_materials: false } });
    expect(lastEvent().payload.reason).toBe('included_in_printed_materials');
    expect((await api(server, 'POST', `/authenticated/signatures/${id}/update-leave-out-of-printed-materials`, { ...as(staffA), body: {} })).status).toBe(422);

    const sync = await api(server, 'POST', `/authenticated/signatures/${id}/sync-with-bridge`, as(staffA));
    expect((sync.json.data?.signature as Signature).public_data.bridge_sync).toEqual({ synced: false });
    expect(lastEvent().payload.reason).toBe('synced_with_bridge');
    const record = await db.query<{ public_data: { requested_at?: string } }>('SELECT public_data FROM signature_bridge_syncs WHERE signature_id = $1', [id]);
    expect(record[0]?.public_data.requested_at).toBeTruthy();

    const removed = await api(server, 'POST', `/authenticated/signatures/${id}/remove-signature`, as(staffA));
    expect(removed.json.data).toEqual({ ok: true });
    expect(lastEvent()).toMatchObject({ name: 'signatureRemoved', payload: { signatureId: id, serviceId, accountId: accountA } });
    const list = await api(server, 'GET', `/authenticated/services/${serviceId}/signatures`, as(staffA));
    expect(list.json.data?.signatures).toEqual([]);
    expect((await api(server, 'POST', `/authenticated/signatures/${id}/remove-signature`, as(staffA))).status).toBe(404);
  });

  it('retranscribes iPad signatures for superusers only, queuing the job; without an engine the job changes nothing', async () => {
    const serviceId = await createService(db, accountA);
    const ipadSig = await insertIpadSignature(db, accountA, serviceId, { transcription: generatedJson() });
    const qrSig = await insertQr(db, accountA, serviceId);
    expect((await api(server, 'POST', `/authenticated/signatures/${ipadSig}/retranscribe`, as(staffA))).status).toBe(403);
    const qr = await api(server, 'POST', `/authenticated/signatures/${qrSig}/retranscribe`, as(operator));
    expect(qr.status).toBe(409);
    expect(qr.json.error).toBe('Only iPad signatures can be retranscribed.');
    const ok = await api(server, 'POST', `/authenticated/signatures/${ipadSig}/retranscribe`, as(operator));
    expect(ok.status).toBe(200);
    expect(lastEvent().payload.reason).toBe('retranscribe_queued');
    const jobs = await db.query<{ n: number | string }>("SELECT count(*) AS n FROM pgboss.job WHERE name = 'signatures.transcribe' AND data->>'signatureId' = $1", [ipadSig]);
    expect(Number(jobs[0]?.n)).toBe(1);

    const base = { db, events: server.deps.events, log: server.deps.log, config: server.deps.config };
    expect(await transcribeSignature({ ...base, engine: null }, ipadSig)).toBe('skipped');
    const count = async () => (await db.query('SELECT 1 FROM signature_transcriptions WHERE signature_id = $1', [ipadSig])).length;
    expect(await count()).toBe(1);

    // The engine seam: a plugged-in engine gets the capture and the crop map, and its text is stored.
    const blob = await db.query<{ id: string }>("INSERT INTO blobs (content_type, byte_size, bytes) VALUES ('image/png', 1, '\\x00') RETURNING id");
    await db.query(`UPDATE signatures SET screen_capture_blob_id = $2, capture_width = 800, capture_height = 600, field_rects = $3 WHERE id = $1`, [
      ipadSig,
      blob[0]!.id,
      JSON.stringify({ printed_name: { x: 10, y: 10, width: 300, height: 50 } }),
    ]);
    const engine: TranscriptionEngine = { name: 'fake-engine', transcribe: async (_capture, crops) => generatedJson({ name: `Read from ${Object.keys(crops).join(',')}` }) };
    expect(await transcribeSignature({ ...base, engine }, ipadSig)).toBe('transcribed');
    const latest = await api(server, 'GET', `/authenticated/services/${serviceId}/signatures`, as(staffA));
    const transcribed = (latest.json.data?.signatures as Signature[]).find((s) => s.unique_identifier === ipadSig);
    expect(transcribed?.public_data.latest_signature_transcription).toMatchObject({ latest_generated_json_source: 'fake-engine', generated_json: { name: 'Read from printed_name' } });
    expect(lastEvent().payload.reason).toBe('transcribed');
  });

  it("answers 404 for another account's signatures on every call and 403 for a membership that is not the caller's", async () => {
    const otherService = await createService(db, accountB);
    const other = await insertIpadSignature(db, accountB, otherService);
    const calls: [string, unknown?][] = [
      [`/authenticated/signatures/${other}/update-transcription`, { name: 'x' }],
      [`/authenticated/signatures/${other}/update-leave-out-of-printed-materials`, { leave_out_of_printed_materials: true }],
      [`/authenticated/signatures/${other}/sync-with-bridge`],
      [`/authenticated/signatures/${other}/remove-signature`],
    ];
    for (const [path, body] of calls) expect((await api(server, 'POST', path, { ...as(staffA), body })).status, path).toBe(404);
    expect((await api(server, 'POST', `/authenticated/signatures/${other}/retranscribe`, as(operator))).status).toBe(404);
    expect((await api(server, 'GET', `/authenticated/services/${otherService}/signatures`, as(staffA))).status).toBe(404);
    const mine = await api(server, 'GET', '/authenticated/signatures', as(staffA));
    expect((mine.json.data?.signatures as Signature[]).every((s) => s.service.account.unique_identifier === accountA)).toBe(true);
    expect((await api(server, 'GET', `/authenticated/signatures/export.csv?service_unique_identifier=${otherService}`, as(staffA))).status).toBe(404);
    expect((await api(server, 'GET', '/authenticated/signatures/export.csv', { token: staffA.token, membershipId: staffB.membershipId })).status).toBe(403);
    expect((await api(server, 'GET', '/authenticated/signatures', { token: staffA.token, membershipId: staffB.membershipId })).status).toBe(403);
    expect((await api(server, 'GET', '/authenticated/signatures', { token: staffA.token, viewAll: true })).status).toBe(403);

    const all = await api(server, 'GET', '/authenticated/signatures', { token: operator.token, viewAll: true });
    const accounts = new Set((all.json.data?.signatures as Signature[]).map((s) => s.service.account.unique_identifier));
    expect(accounts.has(accountA) && accounts.has(accountB)).toBe(true);
    expect((await api(server, 'POST', `/authenticated/signatures/${other}/sync-with-bridge`, { token: operator.token, viewAll: true })).status).toBe(200);
  });

  it('exports the CSV with the spec columns, the filters and neutralised formulas', async () => {
    const serviceId = await createService(db, accountA, { name: '=Deceased' });
    await insertQr(db, accountA, serviceId, { name: '=HYPERLINK("x")', interested: true, minutesAgo: 2 });
    await insertQr(db, accountA, serviceId, { name: 'Plain Guest', minutesAgo: 1 });
    const res = await api(server, 'GET', `/authenticated/signatures/export.csv?service_unique_identifier=${serviceId}&onlyPreneed=no&tz=UTC`, as(staffA));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="signatures.csv"');
    const rows = Papa.parse<string[]>(String(res.json).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Name', 'Phone Number', 'Email Address', 'Mailing Address', 'Type', 'Pre-Need?', 'Synced?', 'Deceased Name', 'iPad', 'Account', 'Created', 'Link to Signature']);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[5], r[7]])).toEqual([
      ['Plain Guest', 'QR Code', 'No', "'=Deceased"],
      ['\'=HYPERLINK("x")', 'QR Code', 'Yes', "'=Deceased"],
    ]);
    expect(rows[1]?.[10]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const preNeed = await api(server, 'GET', `/authenticated/signatures/export.csv?service_unique_identifier=${serviceId}&onlyPreneed=yes`, as(staffA));
    expect(Papa.parse(String(preNeed.json).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data).toHaveLength(2);
  });
});
