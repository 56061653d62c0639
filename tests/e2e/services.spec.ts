/**
 * Services, signature review and the public guest pages, end to end: staff create a service
 * with a cropped photo, print its QR code, a guest signs on a phone, staff review, filter,
 * export, leave out and remove the signature. Also saves screenshots for review.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, type ServerFixture } from './fixtures';
import { LoginPage } from './pages/LoginPage';
import { ServicesPage } from './pages/ServicesPage';
import { SignaturesPage } from './pages/SignaturesPage';
import { GuestPage } from './pages/GuestPage';
import { createAccount, createUser } from '../fixtures/factories';
import { ensureMembership } from '../../server/db/repos/accounts';
import { seedServices } from '../../server/db/seed-services';

const unique = () => randomBytes(3).toString('hex');
const SCREENSHOTS = path.resolve('test-results/screenshots');
const PORTRAIT = path.resolve('tests/fixtures/images/portrait.png');
/** The CSV columns of spec 000 section 3, in order. */
const CSV_COLUMNS = ['Name', 'Phone Number', 'Email Address', 'Mailing Address', 'Type', 'Pre-Need?', 'Synced?', 'Deceased Name', 'iPad', 'Account', 'Created', 'Link to Signature'];

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function signInStaff(page: Page, app: ServerFixture, options: { superuser?: boolean } = {}) {
  const account = await createAccount(app.db, `Aspen Chapel ${unique()}`);
  const user = await createUser(app.db, { superuser: options.superuser });
  await ensureMembership(app.db, account.id, user.id);
  await new LoginPage(page).signIn(user.email, app.smtp);
  await expect(page).toHaveURL(/\/signatures$/);
  // The console stores the chosen membership once the identity call answers; wait for it so
  // the next page load sends the membership header from its first call.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('membershipId'))).not.toBeNull();
  return { account, user };
}

test.describe('services, signatures and the guest pages', () => {
  test.beforeEach(async ({ app }) => {
    await app.db.query('DELETE FROM rate_limit_hits');
  });

  test('staff create a service, print its QR code, a guest signs, staff review, export, leave out and remove it', async ({ page, app, browser, baseURL }) => {
    test.setTimeout(180_000);
    await signInStaff(page, app);
    const services = new ServicesPage(page);
    const signatures = new SignaturesPage(page);

    await services.gotoList();
    await expect(page.getByText('No services have been created.')).toBeVisible();

    // Create, with an uploaded photo moved in the cropper with the keyboard.
    const name = `Evelyn Rose Hart ${unique()}`;
    const question = 'Yes, please send me planning information.';
    await services.fillCreateForm({ fullName: name, preferredName: 'Evie', birthDate: '1942-01-05', deathDate: '2025-03-02', photoPath: PORTRAIT, mobileQuestion: question });
    const moved = await services.nudgeCrop('Shift+ArrowLeft');
    expect(Math.round(moved.before - moved.after)).toBe(10);
    await page.waitForTimeout(300);
    await shoot(page, 'create-service-cropper-1280');
    const serviceId = await services.submitCreate();
    await expect(page.getByRole('heading', { name: `Manage ${name}'s Service` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Service sections' }).getByRole('link', { name: 'Start Service' })).toBeVisible();

    // The list shows it with its dates; Details shows the stored photo.
    await services.gotoList();
    await expect(services.row(name)).toContainText('Jan 5, 1942 - Mar 2, 2025');
    await services.row(name).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${serviceId}/details$`));
    await expect(page.getByRole('img', { name: 'Current photo' })).toBeVisible();

    // QR code: the 2048 px PNG named after the deceased, and the framed PDF.
    await services.openTab('Service QR Code');
    await expect(page.getByRole('img', { name: `Printable QR code frame for ${name}` })).toBeVisible();
    await expect(page.locator('svg.qr-frame image')).toHaveCount(1);
    const png = await services.downloadQrPng();
    expect(png.suggestedFilename()).toBe(`evelyn-rose-hart-${name.split(' ').at(-1)}.png`);
    const pngMeta = await sharp(await readFile(await png.path())).metadata();
    expect([pngMeta.format, pngMeta.width, pngMeta.height]).toEqual(['png', 2048, 2048]);
    const pdf = await services.downloadFramePdf();
    expect((await readFile(await pdf.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');
    // What the server prints: the frame rendered the way the PDF renders it (librsvg), saved for review.
    const frameSvg = await page.locator('svg.qr-frame').evaluate((el) => new XMLSerializer().serializeToString(el));
    await sharp(Buffer.from(frameSvg), { density: 18 }).flatten({ background: '#ffffff' }).png().toFile(path.join(SCREENSHOTS, 'qr-frame-print.png'));
    const signUrl = await services.directLink();
    expect(signUrl).toContain(`/sign/${serviceId}`);

    // Two guests sign on their phones: one asks about planning ahead, one does not.
    const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const guestPage = await phone.newPage();
    const guest = new GuestPage(guestPage);
    const planner = `Nora Planner ${unique()}`;
    const visitor = `Victor Visitor ${unique()}`;
    await guestPage.goto(signUrl);
    await expect(guestPage.getByLabel(question)).toBeVisible();
    await shoot(guestPage, 'guest-sign-form-390');
    await guest.sign(signUrl, { fullName: planner, phone: '(555) 010-1234', email: 'nora@example.com', line1: '1 Elm St', planningLabel: question });
    await shoot(guestPage, 'guest-sign-thank-you-390');

    // Staff see it; the second guest's signature arrives live, without a reload.
    await signatures.gotoAll();
    await expect(signatures.row(planner)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Signatures (1 total signature)' })).toBeVisible();
    await page.waitForTimeout(1_000);
    await guest.sign(signUrl, { fullName: visitor });
    await expect(signatures.row(visitor)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Signatures (2 total signatures)' })).toBeVisible();
    expect(await signatures.cell(signatures.row(planner), 'Pre-Need?')).toBe('Yes');
    expect(await signatures.cell(signatures.row(visitor), 'Pre-Need?')).toBe('No');
    await expect(signatures.row(planner).getByRole('img', { name: 'QR Code' })).toBeVisible();
    await signatures.gotoService(serviceId);
    await expect(signatures.row(planner)).toBeVisible();
    await expect(signatures.row(planner).getByRole('link', { name })).toHaveAttribute('href', `/services/${serviceId}/signatures`);

    // The pre-need switch filters and is remembered.
    await signatures.gotoAll();
    await signatures.preNeedSwitch().check();
    await expect(signatures.row(visitor)).toHaveCount(0);
    await expect(signatures.row(planner)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('onlyShowPreNeedItems'))).toBe('true');
    await page.reload();
    await expect(signatures.preNeedSwitch()).toBeChecked();
    await expect(signatures.row(visitor)).toHaveCount(0);

    // CSV export of the filtered rows.
    const csv = await signatures.downloadCsv();
    expect(csv.suggestedFilename()).toBe('signatures.csv');
    const text = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual(CSV_COLUMNS);
    const row = parsed.data.find((r) => r.Name === planner);
    expect(row).toMatchObject({ 'Phone Number': '(555) 010-1234', 'Email Address': 'nora@example.com', Type: 'QR Code', 'Pre-Need?': 'Yes', 'Deceased Name': name });
    expect(parsed.data.some((r) => r.Name === visitor)).toBe(false);
    await signatures.preNeedSwitch().uncheck();
    await expect(signatures.row(visitor)).toBeVisible();

    // The family registry lists both; leaving one out of printed material hides it there.
    await guest.gotoRegistry(serviceId);
    await expect(guest.registryEntries().filter({ hasText: planner })).toHaveCount(1);
    const dialog = await signatures.open(planner);
    await expect(dialog.getByRole('heading', { name: 'View QR Code Signature' })).toBeVisible();
    await expect(dialog).toContainText('nora@example.com');
    await dialog.getByRole('switch', { name: 'Leave out of printed PDFs and books' }).check();
    await expect(dialog.getByRole('switch', { name: 'Leave out of printed PDFs and books' })).toBeChecked();
    await expect(dialog.getByText('This signature is hidden from the family registry')).toBeVisible();
    await guest.gotoRegistry(serviceId);
    await expect(guest.registryEntries().filter({ hasText: visitor })).toHaveCount(1);
    await expect(guest.registryEntries().filter({ hasText: planner })).toHaveCount(0);
    await shoot(guestPage, 'guest-registry-390');

    // Remove it after confirming; Escape closes a modal.
    await signatures.removeOpenSignature();
    await expect(signatures.row(planner)).toHaveCount(0);
    await page.reload();
    await expect(signatures.row(visitor)).toBeVisible();
    await expect(signatures.row(planner)).toHaveCount(0);
    await signatures.open(visitor);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await phone.close();
  });

  test('start and end a service', async ({ page, app }) => {
    await signInStaff(page, app);
    const services = new ServicesPage(page);
    await services.fillCreateForm({ fullName: `Walter Stone ${unique()}`, photoPath: PORTRAIT });
    const id = await services.submitCreate();
    await page.goto(`/services/${id}/nope`);
    await expect(page).toHaveURL(new RegExp(`/services/${id}/details$`));
    await page.getByLabel('Preferred name').fill('Walt');
    await page.getByRole('button', { name: 'Update Service' }).click();
    await expect(page.getByText('Service updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Preferred name')).toHaveValue('Walt');
    await page.goto(`/services/${id}/end`);
    await expect(page.getByText('This service is not active and cannot be ended.')).toBeVisible();
    await services.openTab('Start Service');
    await expect(page.getByText('Are you sure you want to start this service?')).toBeVisible();
    await page.getByRole('button', { name: 'Start Service' }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${id}/details$`));
    await expect(page.getByText('This service is currently active. You can end it here.')).toBeVisible();
    await page.getByRole('link', { name: 'here', exact: true }).click();
    await expect(page.getByText('Are you sure you want to end this service?')).toBeVisible();
    await page.getByRole('button', { name: 'End Service' }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${id}/details$`));
    await expect(page.getByRole('navigation', { name: 'Service sections' }).getByRole('link', { name: 'Start Service' })).toBeVisible();
  });

  test('a create without a photo is refused with the spec text', async ({ page, app }) => {
    await signInStaff(page, app);
    await page.goto('/create-service');
    await page.getByLabel('Full name').fill('No Photo Person');
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please upload a photo of the person.');
  });

  for (const width of [1280, 768]) {
    test(`screenshots of the lists, the form and both modals at ${width} px`, async ({ page, app }) => {
      await page.setViewportSize({ width, height: width === 768 ? 1024 : 800 });
      const { account } = await signInStaff(page, app, { superuser: true });
      await seedServices(app.db, { accountIds: [account.id] });
      const services = new ServicesPage(page);
      const signatures = new SignaturesPage(page);

      await services.gotoList();
      await expect(services.row('Margaret Ellen Thompson')).toBeVisible();
      await shoot(page, `services-list-${width}`);

      await services.fillCreateForm({ fullName: 'Arthur Lee Bennett', birthDate: '1950-05-05', photoPath: PORTRAIT });
      await page.waitForTimeout(300);
      await shoot(page, `create-service-cropper-${width}`);

      await signatures.gotoAll();
      await expect(signatures.row('Linda Martinez')).toBeVisible();
      await expect(page.getByText('(Waiting for signature transcription)')).toBeVisible();
      await shoot(page, `signatures-list-${width}`);

      const ipad = await signatures.open('Patricia Nguyen');
      await expect(ipad.getByRole('heading', { name: 'View iPad Signature' })).toBeVisible();
      await expect(ipad.getByLabel('Name')).toHaveValue('Patricia Nguyen');
      await expect(ipad.getByRole('button', { name: 'Retranscribe' })).toBeVisible();
      const bodyHeight = await ipad.locator('.modal-body').evaluate((el) => el.getBoundingClientRect().height);
      expect(bodyHeight).toBeLessThanOrEqual(page.viewportSize()!.height / 2 + 1);
      await shoot(page, `signature-modal-ipad-${width}`);
      await ipad.getByLabel('Phone').fill('(555) 010-0000');
      await ipad.getByRole('button', { name: 'Confirm Transcription' }).click();
      await expect(ipad.getByText('Transcription confirmed.')).toBeVisible();
      await page.keyboard.press('Escape');

      const qr = await signatures.open('Linda Martinez');
      await expect(qr.getByRole('heading', { name: 'View QR Code Signature' })).toBeVisible();
      await shoot(page, `signature-modal-qr-${width}`);
      await page.keyboard.press('Escape');

      // Enter on a focused row opens it too.
      await signatures.row('James O’Connor').first().focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'View QR Code Signature' })).toBeVisible();
      await page.keyboard.press('Escape');

      if (width === 1280) {
        // Another service of the account is active: the Start page says so. Send it to the iPad.
        await services.gotoList();
        await services.row('Robert James Whitaker').getByRole('link').first().click();
        await services.openTab('Start Service');
        await expect(page.getByText("There's an active service for Margaret Ellen Thompson")).toBeVisible();
        await services.openTab('Send Service to iPad');
        await page.getByRole('button', { name: 'Send Service to Chapel entrance iPad' }).click();
        await expect(page.getByText('Service sent to Chapel entrance iPad.')).toBeVisible();
        await expect(page.getByRole('row', { name: /Chapel entrance iPad/ }).getByRole('link', { name: 'Robert James Whitaker' })).toBeVisible();
        await shoot(page, 'send-service-to-ipad-1280');
      }

      const active = services.row('Margaret Ellen Thompson');
      await services.gotoList();
      await active.getByRole('link').first().click();
      await services.openTab('Service QR Code');
      await expect(page.getByRole('img', { name: /^QR code linking/ })).toBeVisible();
      await shoot(page, `service-qr-code-${width}`);
    });
  }
});
