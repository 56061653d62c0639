/** The kiosk: setup-code sign-in, its token's reach, and the idempotent signature upload. */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { insertService } from '../../server/db/repos/services';
import type { DomainEventMap } from '../../server/domain/events';
import { SETUP_CODE_CONFIRMS_PER_IP, SETUP_CODE_EXPIRED_MESSAGE, SETUP_CODE_INVALID_MESSAGE } from '../../server/domain/kiosk';
import { CROP_KEYS } from '../../src/contract/crop-keys';
import { MAX_SIGNATURE_UPLOAD_BYTES, type UploadKioskSignatureBody } from '../../src/contract/devices';
import { DB_VARIANTS } from '../fixtures/db';
import { createAccount, createStaff } from '../fixtures/factories';
import { api, startTestServer } from '../fixtures/server';

type Staff = Awaited<ReturnType<typeof createStaff>>;
const CAPTURE = { width: 240, height: 180 } as const;

const png = async (width: number, height: number) =>
  (await sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer()).toString('base64');

let ipCounter = 0;
/** A fresh client address per test, so the per-IP limits of one test never touch another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe.each(DB_VARIANTS)('the iPad kiosk on $name', (variant) => {
  let db: Db;
  let drop: () => Promise<void>;
  let server: RunningServer;
  let staff: Staff;
  let accountId: string;
  let capturePng: string;
  let signaturePng: string;

  const as = (s: Staff) => ({ token: s.token, membershipId: s.membershipId });
  const addIpad = async (name = 'Chapel') => {
    const res = await api(server, 'POST', '/authenticated/add-ipad', { ...as(staff), body: { ipad_name: name } });
    const token = res.json.data?.ipad_setup_token as { short_unique_identifier: string; ipad: { unique_identifier: string } };
    return { code: token.short_unique_identifier, ipadId: token.ipad.unique_identifier };
  };
  const confirm = (code: string, ip = freshIp()) =>
    api(server, 'POST', '/anon/auth/confirm-ipad-setup-code', { body: { code }, headers: { 'x-forwarded-for': ip } });
  /** A signed-in kiosk with a service of the staff's account sent to it. */
  const kiosk = async () => {
    const { code, ipadId } = await addIpad();
    const token = String((await confirm(code)).json.data?.api_token);
    const serviceId = await insertService(db, accountId, { deceased_person: { full_name: 'Ada Lovelace' } });
    await api(server, 'POST', `/authenticated/ipads/${ipadId}/send-service`, { ...as(staff), body: { service_unique_identifier: serviceId } });
    return { token, ipadId, serviceId };
  };
  const card = (serviceId: string, overrides: Partial<UploadKioskSignatureBody> = {}): UploadKioskSignatureBody => ({
    client_id: randomUUID(),
    service_unique_identifier: serviceId,
    captured_at: new Date().toISOString(),
    capture_width: CAPTURE.width,
    capture_height: CAPTURE.height,
    field_rects: Object.fromEntries(CROP_KEYS.map((key, i) => [key, { x: 10, y: 10 + i * 20, width: 200, height: 18 }])) as UploadKioskSignatureBody['field_rects'],
    stroke_format: 1,
    strokes: { signature_image: [{ pointer_type: 'pen', points: [[1, 2, 0.5, 0], [30, 8, 0.6, 16]] }] },
    receive_information_on_advance_planning: true,
    screen_capture_png: capturePng,
    raw_signature_png: signaturePng,
    ...overrides,
  });
  const upload = (token: string, body: unknown) => api(server, 'POST', '/ipad/signatures', { token, body });
  const rowsWithClientId = async (clientId: string) =>
    db.query<{ id: string; kind: string; created_by_ipad_id: string; capture_width: number; is_pre_need: boolean; strokes: unknown; field_rects: unknown }>(
      'SELECT id, kind, created_by_ipad_id, capture_width, is_pre_need, strokes, field_rects FROM signatures WHERE client_id = $1',
      [clientId],
    );

  beforeAll(async () => {
    ({ db, drop } = await variant.create());
    server = await startTestServer(db);
    accountId = (await createAccount(db, 'Kiosk Funeral Home')).id;
    staff = await createStaff(db, accountId);
    capturePng = await png(CAPTURE.width, CAPTURE.height);
    signaturePng = await png(200, 18);
  });
  afterAll(async () => {
    await server.stop();
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM rate_limit_hits');
  });

  describe('setup code sign-in', () => {
    it('signs an iPad in once, typed in lower case with a dash', async () => {
      const { code, ipadId } = await addIpad('Lobby');
      const res = await confirm(`${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`);
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({ role: 'kiosk', ipad: { unique_identifier: ipadId, public_data: { ipad_name: 'Lobby' } } });
      const [ipad] = await db.query<{ has_been_setup: boolean }>('SELECT has_been_setup FROM ipads WHERE id = $1', [ipadId]);
      expect(ipad?.has_been_setup).toBe(true);

      const again = await confirm(code);
      expect(again.status).toBe(400);
      expect(again.json).toMatchObject({ code: 'invalid_code', error: SETUP_CODE_INVALID_MESSAGE });
    });

    it('refuses an expired code, an unknown code and a code replaced by a newer one', async () => {
      const expired = await addIpad();
      await db.query("UPDATE ipad_setup_tokens SET expires_at = now() - interval '1 minute' WHERE short_unique_identifier = $1", [expired.code]);
      expect((await confirm(expired.code)).json).toMatchObject({ code: 'code_expired', error: SETUP_CODE_EXPIRED_MESSAGE });

      expect((await confirm('ZZZZ2222')).json).toMatchObject({ code: 'invalid_code', error: SETUP_CODE_INVALID_MESSAGE });
      expect((await confirm('not a code!')).status).toBe(422);

      const replaced = await addIpad();
      const fresh = await api(server, 'POST', `/authenticated/ipads/${replaced.ipadId}/create-setup-token`, as(staff));
      const freshCode = (fresh.json.data?.ipad_setup_token as { short_unique_identifier: string }).short_unique_identifier;
      expect((await confirm(replaced.code)).status).toBe(400);
      expect((await confirm(freshCode)).status).toBe(200);
    });

    it('rate-limits setup code attempts per IP', async () => {
      const ip = freshIp();
      for (let i = 0; i < SETUP_CODE_CONFIRMS_PER_IP.max; i++) expect((await confirm('ZZZZ2222', ip)).status).toBe(400);
      const limited = await confirm('ZZZZ2222', ip);
      expect(limited.status).toBe(429);
      expect(limited.json.code).toBe('rate_limited');
      // Another address is not affected.
      expect((await confirm('ZZZZ2222')).status).toBe(400);
    });
  });

  describe('the kiosk token', () => {
    it('reads its own iPad and active service, and nothing a staff member can', async () => {
      const { token, ipadId, serviceId } = await kiosk();
      const me = await api(server, 'GET', '/ipad/me', { token });
      expect(me.status).toBe(200);
      expect(me.json.data).toMatchObject({
        ipad: { unique_identifier: ipadId },
        active_service: {
          unique_identifier: serviceId,
          account: { unique_identifier: accountId },
          public_data: { deceased_person: { full_name: 'Ada Lovelace' }, advanced_planning_check_is_hidden: false },
        },
      });

      const other = await addIpad('Someone else');
      for (const path of ['/authenticated/ipads', `/authenticated/ipads/${other.ipadId}`, `/authenticated/ipads/${ipadId}`, '/authenticated/signatures']) {
        expect((await api(server, 'GET', path, { token, membershipId: staff.membershipId })).status).toBe(403);
      }
      expect((await api(server, 'POST', '/authenticated/add-ipad', { token, membershipId: staff.membershipId, body: { ipad_name: 'x' } })).status).toBe(403);
      // And the other way round: staff tokens are not kiosks.
      expect((await api(server, 'GET', '/ipad/me', as(staff))).status).toBe(403);
      expect((await api(server, 'GET', '/ipad/me')).status).toBe(401);

      await api(server, 'POST', `/authenticated/ipads/${ipadId}/remove-service`, as(staff));
      expect((await api(server, 'GET', '/ipad/me', { token })).json.data?.active_service).toBeNull();
    });

    it('stops working once the kiosk signs itself out', async () => {
      const { token } = await kiosk();
      expect((await api(server, 'POST', '/ipad/logout', { token })).status).toBe(200);
      expect((await api(server, 'GET', '/ipad/me', { token })).status).toBe(401);
      // A staff token cannot use the kiosk's sign-out.
      expect((await api(server, 'POST', '/ipad/logout', as(staff))).status).toBe(403);
    });
  });

  describe('signature upload', () => {
    it('stores the signature with its images, strokes, crop resolution and queued transcription, then announces it', async () => {
      const { token, ipadId, serviceId } = await kiosk();
      const events: DomainEventMap['signatureUpdated'][] = [];
      const stop = server.deps.events.on('signatureUpdated', (e) => events.push(e));
      const body = card(serviceId);
      let res;
      try {
        res = await upload(token, body);
      } finally {
        stop();
      }
      expect(res.status).toBe(200);
      const id = String(res.json.data?.signature_unique_identifier);
      expect(res.json.data?.duplicate).toBe(false);

      const [row] = await rowsWithClientId(body.client_id);
      expect(row).toMatchObject({ id, kind: 'ipad', created_by_ipad_id: ipadId, capture_width: CAPTURE.width, is_pre_need: true });
      expect(row?.strokes).toEqual({ stroke_format: 1, fields: body.strokes });
      expect(row?.field_rects).toEqual(body.field_rects);
      const [crop] = await db.query<{ latest_signature_id: string }>(
        'SELECT latest_signature_id FROM crops WHERE specific_resolution = $1 AND account_id IS NULL',
        [`${CAPTURE.width}x${CAPTURE.height}`],
      );
      expect(crop?.latest_signature_id).toBe(id);
      const [account] = await db.query<{ last_signature_at: Date | null }>('SELECT last_signature_at FROM accounts WHERE id = $1', [accountId]);
      expect(account?.last_signature_at).not.toBeNull();
      const jobs = await db.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM (SELECT data FROM pgboss.job WHERE name = 'signatures.transcribe'
           UNION ALL SELECT data FROM pgboss.archive WHERE name = 'signatures.transcribe') j WHERE j.data->>'signatureId' = $1`,
        [id],
      );
      expect(Number(jobs[0]?.n)).toBe(1);

      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ accountId, reason: 'created_by_ipad', signature: { unique_identifier: id, created_by_ipad: { unique_identifier: ipadId } } });

      // The staff list shows it as an iPad signature, waiting for transcription, with both images.
      const list = await api(server, 'GET', '/authenticated/signatures?page=1&onlyPreneed=no', as(staff));
      expect(list.status).toBe(200);
      const listed = (list.json.data?.signatures as { unique_identifier: string; created_by_ipad: unknown; public_data: Record<string, unknown> }[]).find(
        (s) => s.unique_identifier === id,
      );
      expect(listed?.created_by_ipad).toMatchObject({ unique_identifier: ipadId, public_data: { ipad_name: 'Chapel' } });
      expect(listed?.public_data).toMatchObject({ receive_information_on_advance_planning: true, latest_signature_transcription: null });
      for (const key of ['screen_capture_url', 'raw_signature_url']) {
        const image = await fetch(String(listed?.public_data[key]));
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toContain('image/png');
      }
      const capture = await fetch(String(listed?.public_data.screen_capture_url));
      expect(Buffer.from(await capture.arrayBuffer()).toString('base64')).toBe(capturePng);
    });

    it('stores a retried upload once and answers the retry as a duplicate', async () => {
      const { token, serviceId } = await kiosk();
      const body = card(serviceId);
      const first = await upload(token, body);
      const second = await upload(token, body);
      expect(second.status).toBe(200);
      expect(second.json.data).toEqual({ signature_unique_identifier: first.json.data?.signature_unique_identifier, duplicate: true });
      expect(await rowsWithClientId(body.client_id)).toHaveLength(1);
    });

    it('stores 20 concurrent uploads of one card exactly once', async () => {
      const { token, serviceId } = await kiosk();
      const body = card(serviceId);
      const results = await Promise.all(Array.from({ length: 20 }, () => upload(token, body)));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(results.filter((r) => r.json.data?.duplicate === false)).toHaveLength(1);
      expect(new Set(results.map((r) => r.json.data?.signature_unique_identifier)).size).toBe(1);
      expect(await rowsWithClientId(body.client_id)).toHaveLength(1);
      const blobs = await db.query<{ n: number | string }>("SELECT count(*) AS n FROM blobs WHERE file_name LIKE $1", [`%${results[0]?.json.data?.signature_unique_identifier}.png`]);
      expect(Number(blobs[0]?.n)).toBe(2);
    });

    it('accepts any service of its account (an offline kiosk uploads late), not another account’s', async () => {
      const { token, ipadId } = await kiosk();
      await api(server, 'POST', `/authenticated/ipads/${ipadId}/remove-service`, as(staff));
      const ended = await insertService(db, accountId, { deceased_person: { full_name: 'Ended earlier' } });
      expect((await upload(token, card(ended))).status).toBe(200);

      const otherAccount = await createAccount(db);
      const foreign = await insertService(db, otherAccount.id, { deceased_person: { full_name: 'Not ours' } });
      const refused = await upload(token, card(foreign));
      expect(refused.status).toBe(404);
      expect(refused.json.error).toBe('Service not found');
    });

    it('refuses a client_id already used by another iPad (409)', async () => {
      const first = await kiosk();
      const second = await kiosk();
      const body = card(first.serviceId);
      expect((await upload(first.token, body)).status).toBe(200);
      const clash = await upload(second.token, { ...body, service_unique_identifier: second.serviceId });
      expect(clash.status).toBe(409);
      expect(clash.json.code).toBe('conflict');
    });

    it('refuses damaged or mismatched PNGs with a clear 422 and stores nothing', async () => {
      const { token, serviceId } = await kiosk();
      const damaged = card(serviceId, { screen_capture_png: capturePng.slice(0, 120) });
      const res = await upload(token, damaged);
      expect(res.status).toBe(422);
      expect(res.json.error).toContain('screen_capture_png');
      expect((res.json.details as { fields: Record<string, string> }).fields.screen_capture_png).toMatch(/not a readable PNG/);
      expect(await rowsWithClientId(damaged.client_id)).toHaveLength(0);

      const wrongSize = await upload(token, card(serviceId, { capture_width: CAPTURE.width + 10 }));
      expect(wrongSize.status).toBe(422);
      expect(wrongSize.json.error).toMatch(/240x180 pixels but .* says 250x180/);

      const jpeg = (await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).jpeg().toBuffer()).toString('base64');
      const notPng = await upload(token, card(serviceId, { raw_signature_png: jpeg }));
      expect(notPng.status).toBe(422);
      expect(notPng.json.error).toContain('PNG');
    });

    it('answers 413 to a body over the upload limit', async () => {
      const { token, serviceId } = await kiosk();
      const huge = { ...card(serviceId), padding: 'x'.repeat(MAX_SIGNATURE_UPLOAD_BYTES) };
      const res = await upload(token, huge);
      expect(res.status).toBe(413);
      expect(res.json.code).toBe('payload_too_large');
    });
  });
});
