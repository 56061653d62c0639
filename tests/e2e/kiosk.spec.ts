/**
 * The iPad kiosk end to end, in a real Chromium against the real server on PGlite: sign-in
 * with a setup code, a service arriving live, signing offline (across a reload) and each
 * signature reaching the server exactly once, the deferred sign-out, and "Are you still there?".
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { Socket } from 'phoenix';
import { WebSocket } from 'ws';
import type { Browser, BrowserContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { KioskPage } from './pages/KioskPage';
import { LoginPage } from './pages/LoginPage';
import { IpadsAddPage } from './pages/IpadsAddPage';
import { IpadsManagePage } from './pages/IpadsManagePage';
import { SignaturesPage } from './pages/SignaturesPage';
import { createAccount, createStaff, createUser } from '../fixtures/factories';
import { api } from '../fixtures/server';
import type { Db } from '../../server/db/db';
import { ensureMembership } from '../../server/db/repos/accounts';
import { insertService } from '../../server/db/repos/services';
import { putBlob } from '../../server/storage/blobs';
import { ipadDeviceTopic } from '../../src/contract/channels';

const unique = () => randomBytes(3).toString('hex');
const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
const PORTRAIT = { width: 1024, height: 1366 };
const LANDSCAPE = { width: 1366, height: 1024 };
const PHONE = { width: 390, height: 844 };
const PLANNING_TEXT = 'Please send me information about planning ahead';

async function createService(db: Db, accountId: string, fullName: string, publicData: Record<string, unknown> = {}): Promise<string> {
  const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 118, g: 136, b: 168 } } }).png().toBuffer();
  const avatar = await putBlob(db, { contentType: 'image/png', bytes: photo, fileName: 'photo.png' });
  const id = await insertService(db, accountId, {
    deceased_person: { full_name: fullName, birth_date: '1941-03-04', death_date: '2024-11-30', avatar_blob_id: avatar },
    ...publicData,
  });
  await db.query('UPDATE services SET is_active = true WHERE id = $1', [id]);
  return id;
}

async function kioskContext(browser: Browser, baseURL: string, options: { blockServiceWorkers?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: PORTRAIT, serviceWorkers: options.blockServiceWorkers ? 'block' : 'allow' });
}

/** An account with a staff token, an iPad and a fresh setup code for it (through the API). */
async function ipadWithCode(app: { db: Db; server: Parameters<typeof api>[0] }, name = `Chapel ${unique()}`) {
  const account = await createAccount(app.db, `Oak Funeral Home ${unique()}`);
  const staff = await createStaff(app.db, account.id);
  const as = { token: staff.token, membershipId: staff.membershipId };
  const res = await api(app.server, 'POST', '/authenticated/add-ipad', { ...as, body: { ipad_name: name } });
  const token = res.json.data?.ipad_setup_token as { short_unique_identifier: string; ipad: { unique_identifier: string } };
  return { account, staff, as, name, code: token.short_unique_identifier, ipadId: token.ipad.unique_identifier };
}

test.describe('the iPad kiosk', () => {
  test.beforeEach(async ({ app }) => {
    await app.db.query('DELETE FROM rate_limit_hits');
  });

  test('signs in with a setup code, shows its service live, keeps three signatures through an offline reload and delivers each once', async ({ browser, page, app, baseURL }) => {
    // Staff: sign in and add the iPad on /add-ipad.
    const account = await createAccount(app.db, `Maple Funeral Home ${unique()}`);
    const user = await createUser(app.db);
    await ensureMembership(app.db, account.id, user.id);
    const fullName = `Margaret Whitfield ${unique()}`;
    const serviceId = await createService(app.db, account.id, fullName, { advanced_planning_check_text: PLANNING_TEXT });
    await new LoginPage(page).signIn(user.email, app.smtp);
    const addPage = new IpadsAddPage(page);
    await addPage.goto();
    const ipadName = `Chapel Entrance ${unique()}`;
    await addPage.submit(ipadName);
    const code = await addPage.displayedCode();

    // The kiosk: the code typed into the e-mail field.
    const context = await kioskContext(browser, baseURL);
    const kioskPage = await context.newPage();
    const kiosk = new KioskPage(kioskPage);
    await kiosk.signInWithCode(code);
    await expect(kioskPage.getByRole('heading', { name: ipadName })).toBeVisible();
    await expect(kiosk.status).toContainText('Online');
    await kiosk.waitForOfflineReady();

    // Staff send the service; the kiosk shows it without a reload.
    await expect(page).toHaveURL(/\/ipads\/[0-9a-f-]+\/manage-service$/, { timeout: 20_000 });
    const manage = new IpadsManagePage(page);
    await manage.serviceSelect.selectOption(serviceId);
    await page.getByRole('button', { name: 'Send Service' }).click();
    await expect(kioskPage.getByRole('heading', { name: fullName })).toBeVisible({ timeout: 15_000 });
    await expect(kioskPage.getByText('March 4, 1941 – November 30, 2024')).toBeVisible();
    await expect(kioskPage.getByText(PLANNING_TEXT)).toBeVisible();

    // Nothing written: a gentle refusal, nothing queued.
    await kiosk.submit();
    await expect(kioskPage.getByRole('alert')).toHaveText(/Nothing has been written yet/);

    // Portrait, landscape and a phone: no sideways scrolling, fields on screen.
    for (const [label, size] of [['portrait', PORTRAIT], ['landscape', LANDSCAPE], ['phone', PHONE]] as const) {
      await kioskPage.setViewportSize(size);
      await expect(kiosk.field('signature_image')).toBeVisible();
      const overflow = await kioskPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow in ${label}`).toBeLessThanOrEqual(0);
      await kioskPage.screenshot({ path: path.join(SCREENSHOT_DIR, `kiosk-card-${label}.png`), fullPage: true });
    }
    await kioskPage.setViewportSize(PORTRAIT);

    // Offline: three guests sign.
    await context.setOffline(true);
    await expect(kiosk.status).toContainText('Offline');
    for (let guest = 1; guest <= 3; guest += 1) await kiosk.signAsGuest(guest);
    await expect(kiosk.pending).toHaveText('3 waiting to send');
    const countRows = async () => Number((await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM signatures WHERE service_id = $1', [serviceId]))[0]?.n);
    expect(await countRows()).toBe(0);

    // A reload with no network: the service worker serves the app, Dexie the card and its queue.
    await kioskPage.reload();
    await expect(kioskPage.getByRole('heading', { name: fullName })).toBeVisible();
    await expect(kiosk.pending).toHaveText('3 waiting to send');
    const photo = kioskPage.getByRole('img', { name: `Photo of ${fullName}` });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:'))).toBe(true);
    await kioskPage.screenshot({ path: path.join(SCREENSHOT_DIR, 'kiosk-offline-reloaded.png') });

    // Staff keep the service's signatures open while the kiosk is still offline.
    const signatures = new SignaturesPage(page);
    await signatures.gotoService(serviceId);
    await expect(page.getByText('No signatures have been created.')).toBeVisible();

    // Back online: all three arrive, once each.
    await context.setOffline(false);
    await expect(kiosk.pending).toHaveText('All signatures sent', { timeout: 30_000 });
    const rows = await app.db.query<{ client_id: string; n: number; kind: string; capture_width: number }>(
      `SELECT client_id, count(*)::int AS n, min(kind) AS kind, min(capture_width) AS capture_width
         FROM signatures WHERE service_id = $1 GROUP BY client_id`,
      [serviceId],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ n: 1, kind: 'ipad', capture_width: expect.any(Number) });

    // The staff list shows them live, without a reload.
    await expect(page.locator('table tbody tr')).toHaveCount(3);
    await context.close();
  });

  test('the setup link signs in by itself; a bad code says why; the field takes an e-mail or a code', async ({ browser, page, app, baseURL }) => {
    await page.goto('/auth/login?setup=ZZZZ2222');
    await expect(page.getByRole('alert')).toHaveText('That setup code is not valid. Ask staff for a new one.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    await page.goto('/auth/login');
    await page.getByLabel('Email').fill('hello');
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await expect(page.getByText('Please enter an e-mail address or an iPad setup code.')).toBeVisible();
    await page.getByLabel('Email').fill('abcd-efgh');
    await expect(page.getByRole('button', { name: 'Set Up iPad' })).toBeVisible();

    const ipad = await ipadWithCode(app);
    const context = await kioskContext(browser, baseURL, { blockServiceWorkers: true });
    const kioskPage = await context.newPage();
    await kioskPage.goto(`/auth/login?setup=${ipad.code.toLowerCase()}`);
    await expect(kioskPage).toHaveURL(/\/kiosk$/);
    await expect(kioskPage.getByRole('heading', { name: ipad.name })).toBeVisible();
    // No way out to the console: other paths stay in the kiosk.
    await kioskPage.goto('/signatures');
    await expect(kioskPage).toHaveURL(/\/kiosk$/);
    await expect(kioskPage.getByRole('navigation')).toHaveCount(0);
    // A long press on the status bar shows the device panel, which cannot sign out.
    const status = await new KioskPage(kioskPage).status.boundingBox();
    await kioskPage.mouse.move(status!.x + 10, status!.y + status!.height / 2);
    await kioskPage.mouse.down();
    await kioskPage.waitForTimeout(1_400);
    await kioskPage.mouse.up();
    const panel = kioskPage.getByRole('dialog', { name: 'This iPad' });
    await expect(panel).toContainText(ipad.name);
    await expect(panel).toContainText(ipad.ipadId);
    await expect(panel.getByRole('button', { name: /log ?out|sign ?out/i })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
    await context.close();
  });

  test('staff sign a kiosk out: it waits until its last signature is sent', async ({ browser, app, baseURL }) => {
    const ipad = await ipadWithCode(app);
    const serviceId = await createService(app.db, ipad.account.id, `Walter Brennan ${unique()}`, { advanced_planning_check_is_hidden: true });
    // Service workers blocked so that page.route sees the upload.
    const context = await kioskContext(browser, baseURL, { blockServiceWorkers: true });
    const kioskPage = await context.newPage();
    const kiosk = new KioskPage(kioskPage);
    await kiosk.signInWithCode(ipad.code);
    await api(app.server, 'POST', `/authenticated/ipads/${ipad.ipadId}/send-service`, { ...ipad.as, body: { service_unique_identifier: serviceId } });
    await expect(kioskPage.getByRole('button', { name: 'Submit' })).toBeVisible({ timeout: 15_000 });
    await expect(kioskPage.getByRole('checkbox')).toHaveCount(0);

    // The upload fails for now (as on a flaky network), so one signature waits.
    await kioskPage.route('**/api/v1/app/ipad/signatures', (route) => route.abort('connectionreset'));
    await kiosk.signAsGuest(1);
    await expect(kiosk.pending).toHaveText('1 waiting to send');

    // Staff push logout_from_web on the device channel, as the console's Log Out does.
    const socket = new Socket(`${baseURL.replace('http', 'ws')}/socket`, { params: { token: ipad.staff.token }, transport: WebSocket });
    socket.connect();
    const channel = socket.channel(ipadDeviceTopic(ipad.ipadId), { from_web: true, membership_id: ipad.staff.membershipId });
    await new Promise<void>((resolve, reject) => channel.join().receive('ok', () => resolve()).receive('error', reject).receive('timeout', reject));
    await new Promise<void>((resolve, reject) => channel.push('logout_from_web', {}).receive('ok', () => resolve()).receive('error', reject).receive('timeout', reject));
    socket.disconnect();

    await expect(kioskPage.getByRole('heading', { name: 'Signing out after 1 signature is sent' })).toBeVisible();
    // Still signed in a while later: the signature has not been sent.
    await kioskPage.waitForTimeout(1_500);
    await expect(kioskPage).toHaveURL(/\/kiosk$/);

    await kioskPage.unroute('**/api/v1/app/ipad/signatures');
    await expect(kioskPage).toHaveURL(/\/auth\/login$/, { timeout: 30_000 });
    await expect(kioskPage.getByLabel('Email')).toBeVisible();
    const rows = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM signatures WHERE service_id = $1', [serviceId]);
    expect(rows[0]?.n).toBe(1);
    await context.close();
  });

  test('a half-written card asks "Are you still there?" and resets only when nobody answers', async ({ browser, app, baseURL }) => {
    const ipad = await ipadWithCode(app);
    const serviceId = await createService(app.db, ipad.account.id, `Iris Calder ${unique()}`);
    await api(app.server, 'POST', `/authenticated/ipads/${ipad.ipadId}/send-service`, { ...ipad.as, body: { service_unique_identifier: serviceId } });
    const context = await kioskContext(browser, baseURL, { blockServiceWorkers: true });
    const kioskPage = await context.newPage();
    await kioskPage.clock.install();
    const kiosk = new KioskPage(kioskPage);
    await kiosk.signInWithCode(ipad.code);
    await expect(kioskPage.getByRole('button', { name: 'Submit' })).toBeVisible({ timeout: 15_000 });

    await kiosk.write('printed_name', 1);
    const prompt = kioskPage.getByRole('alertdialog', { name: 'Are you still there?' });
    await kioskPage.clock.fastForward('01:00');
    await expect(prompt).toHaveCount(0);
    await kioskPage.clock.fastForward('00:31');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Keep writing' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(kioskPage.getByRole('button', { name: 'Undo Printed name' })).toBeEnabled();

    await kioskPage.clock.fastForward('01:31');
    await expect(prompt).toBeVisible();
    await kioskPage.clock.fastForward('00:31');
    await expect(prompt).toHaveCount(0);
    await expect(kioskPage.getByRole('button', { name: 'Undo Printed name' })).toBeDisabled();
    await expect(kiosk.pending).toHaveText('All signatures sent');
    await context.close();
  });
});
