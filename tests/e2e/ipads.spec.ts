/**
 * The staff iPad screens end to end: View iPads, Add iPad with its setup code, Manage iPad
 * (rename, Login iPad, Send/Remove Service), against the real server on PGlite.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { LoginPage } from './pages/LoginPage';
import { IpadsListPage } from './pages/IpadsListPage';
import { IpadsAddPage } from './pages/IpadsAddPage';
import { IpadsManagePage } from './pages/IpadsManagePage';
import { createAccount, createUser, createService } from '../fixtures/factories';
import { api } from '../fixtures/server';
import { connectKiosk } from './pages/IpadsKiosk';
import type { Db } from '../../server/db/db';
import { ensureMembership } from '../../server/db/repos/accounts';

const unique = () => randomBytes(3).toString('hex');
/** What the page shows: two groups of four characters of the setup-code alphabet. */
const SHOWN_CODE = /^[2-9A-HJKMNP-Z]{4} [2-9A-HJKMNP-Z]{4}$/;
const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
];

async function screenshots(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ipads-${name}-${size.width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(WIDTHS[0]!);
}

async function signInStaff(page: Page, app: { db: Db; smtp: Parameters<LoginPage['signIn']>[1] }, options: { superuser?: boolean } = {}) {
  const account = await createAccount(app.db, `Maple Funeral Home ${unique()}`);
  const user = await createUser(app.db, { superuser: options.superuser });
  await ensureMembership(app.db, account.id, user.id);
  await new LoginPage(page).signIn(user.email, app.smtp);
  await expect(page).toHaveURL(/\/signatures$/);
  return { account, user };
}

test.describe('iPads', () => {
  test.beforeEach(async ({ app }) => {
    await app.db.query('DELETE FROM rate_limit_hits');
  });

  test('staff add an iPad, read its setup code, rename it, make a new code, and send and remove a service', async ({ page, app }) => {
    const { account } = await signInStaff(page, app);
    const activeName = `Ada Lovelace ${unique()}`;
    await createService(app.db, account.id, { name: `Older Service ${unique()}`, active: false });
    await createService(app.db, account.id, { name: activeName, active: true });

    const list = new IpadsListPage(page);
    await list.goto();
    await expect(page).toHaveTitle('View iPads | Signature Guestbook');
    await expect(list.emptyText).toBeVisible();

    await list.addButton.click();
    await expect(page).toHaveURL(/\/add-ipad$/);
    const add = new IpadsAddPage(page);
    await page.getByRole('button', { name: 'Add iPad' }).click();
    await expect(page.getByText('Please fill out all required fields.')).toBeVisible();
    await expect(add.nameField).toHaveAttribute('aria-invalid', 'true');

    await add.submit('Chapel entrance');
    await expect(add.qrCode).toBeVisible();
    const shown = await add.displayedCode();
    expect(shown).toMatch(SHOWN_CODE);
    const code = shown.replace(' ', '');
    const box = await add.qrCode.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(200);
    await expect(page.getByText('type this code into the e-mail field, or scan the QR code')).toBeVisible();
    await expect(page.getByText(/Valid until/)).toBeVisible();
    const [stored] = await app.db.query<{ ipad_id: string }>('SELECT ipad_id FROM ipad_setup_tokens WHERE short_unique_identifier = $1', [code]);
    expect(stored).toBeTruthy();
    const ipadId = stored!.ipad_id;
    await screenshots(page, 'add');

    await page.getByRole('link', { name: 'Open iPad details' }).click();
    const manage = new IpadsManagePage(page);
    await expect(page).toHaveURL(new RegExp(`/ipads/${ipadId}/details$`));
    await expect(manage.heading).toHaveText('Chapel entrance');
    await expect(manage.tab('Send Service')).toBeVisible();

    await manage.rename('');
    await expect(page.getByText('Please fill out all required fields.')).toBeVisible();
    await manage.rename('Chapel entrance (left)');
    await expect(page.getByText('iPad updated successfully')).toBeVisible();
    await expect(manage.heading).toHaveText('Chapel entrance (left)');

    await manage.tab('Login iPad').click();
    await expect(page).toHaveURL(/\/setup-device$/);
    await manage.createSetupCode();
    await expect(manage.setupCode).toHaveText(SHOWN_CODE);
    const second = (await manage.setupCode.innerText()).trim();
    expect(second).not.toBe(shown);
    await expect(page.getByRole('img', { name: /^QR code that signs the iPad in/ })).toBeVisible();

    await manage.tab('Send Service').click();
    await expect(page).toHaveURL(/\/manage-service$/);
    await manage.sendService();
    await expect(page.getByText('A service selection is required.')).toBeVisible();
    const options = await manage.serviceSelect.locator('option').allTextContents();
    expect(options[1]).toBe(`${activeName} (active)`);
    await manage.sendService(`${activeName} (active)`);
    await expect(manage.tab('Remove Service')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: activeName })).toBeVisible();
    await screenshots(page, 'manage');

    await list.goto();
    const row = list.row('Chapel entrance (left)');
    await expect(row).toBeVisible();
    await expect(list.activeServiceCell('Chapel entrance (left)').getByRole('link', { name: activeName })).toHaveAttribute('href', /\/services\/[0-9a-f-]{36}$/);
    await screenshots(page, 'list');

    await row.getByRole('link', { name: 'Chapel entrance (left)', exact: true }).click();
    await manage.tab('Remove Service').click();
    await manage.removeService();
    await expect(manage.tab('Send Service')).toBeVisible();
    await list.goto();
    await expect(list.activeServiceCell('Chapel entrance (left)')).toHaveText('—None');

    await page.goto(`/ipads/${ipadId}/no-such-tab`);
    await expect(page).toHaveURL(new RegExp(`/ipads/${ipadId}/details$`));
  });

  test('a kiosk signs in with the shown code: Add iPad moves on, its status shows, and an operator logs it out', async ({ page, app }) => {
    await signInStaff(page, app, { superuser: true });
    const add = new IpadsAddPage(page);
    await add.goto();
    await add.submit('Front hall');
    const shown = await add.displayedCode();
    expect(shown).toMatch(SHOWN_CODE);

    // The iPad types the code as shown, space included, into its sign-in field.
    const signIn = await api(app.server, 'POST', '/anon/auth/confirm-ipad-setup-code', { body: { code: shown.toLowerCase() } });
    expect(signIn.status).toBe(200);
    const kioskToken = (signIn.json.data as { api_token: string }).api_token;
    await expect(page).toHaveURL(/\/ipads\/[0-9a-f-]{36}\/manage-service$/, { timeout: 15_000 });
    const ipadId = /\/ipads\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    const manage = new IpadsManagePage(page);
    await expect(manage.heading).toHaveText('Front hall');

    const kiosk = await connectKiosk(app.server.url, kioskToken, ipadId);
    try {
      await kiosk.track({ local_device_id: `e2e-${unique()}`, pending_count: 3, last_synced_at: new Date().toISOString(), app_version: '9.9.9-e2e' });
      const header = page.locator('header.ipad-header');
      await expect(header.getByText('Connected')).toBeVisible();
      await expect(header.getByText('3 waiting to send')).toBeVisible();
      await manage.tab('Details').click();
      await expect(page.getByText('9.9.9-e2e')).toBeVisible();

      const list = new IpadsListPage(page);
      await list.goto();
      await expect(list.row('Front hall').getByText('Connected')).toBeVisible();
      await expect(list.row('Front hall').getByText('3 waiting to send')).toBeVisible();
      await screenshots(page, 'list-connected');

      await list.row('Front hall').getByRole('link', { name: 'Front hall', exact: true }).click();
      page.once('dialog', (dialog) => void dialog.accept());
      const loggedOut = kiosk.next('logout');
      await page.getByRole('button', { name: 'Log Out' }).click();
      await loggedOut;
      await expect(page.getByText('Log out sent to the iPad.')).toBeVisible();
      await screenshots(page, 'manage-connected');
    } finally {
      await kiosk.close();
    }
    await expect(page.locator('header.ipad-header').getByText(/^Offline since /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  });

  test('in all-accounts mode there is no Add iPad and /add-ipad goes back to /', async ({ page, app }) => {
    await signInStaff(page, app, { superuser: true });
    await page.getByRole('checkbox', { name: 'View All Accounts' }).check();
    await expect(page.getByRole('checkbox', { name: 'View All Accounts' })).toBeChecked();
    const list = new IpadsListPage(page);
    await list.goto();
    await expect(list.addButton).toHaveCount(0);
    await page.goto('/add-ipad');
    await expect(page).toHaveURL(/\/signatures$/);
  });
});
