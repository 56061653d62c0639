/**
 * A guest signs on a phone with no signal: /sign/{id} loads from the service worker after one
 * visit, the signature is kept on the phone, and it is delivered once the phone is back online.
 */
import { randomBytes } from 'node:crypto';
import { test, expect } from './fixtures';
import { createAccount, createService } from '../fixtures/factories';

const unique = () => randomBytes(3).toString('hex');

test('an offline guest signature is saved on the phone and sent once back online', async ({ browser, app, baseURL }) => {
  const account = await createAccount(app.db, `Linden Chapel ${unique()}`);
  const serviceId = await createService(app.db, account.id, { name: 'Walter Greene', active: true, birthDate: '1940-06-01', deathDate: '2026-11-01' });
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    // First visit online: the worker installs; the second load is served through it.
    await page.goto(`/sign/${serviceId}`);
    await expect(page.getByRole('heading', { name: 'Walter Greene' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByRole('heading', { name: 'Walter Greene' })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Walter Greene' })).toBeVisible();
    const guestName = `Offline Guest ${unique()}`;
    await page.getByLabel('Full name').fill(guestName);
    await page.getByRole('button', { name: 'Sign Guestbook' }).click();
    await expect(page.getByText('Thank you for signing the guest registry!')).toBeVisible();
    await expect(page.getByText('Saved: your signature will be sent when you are back online.')).toBeVisible();
    const before = await app.db.query('SELECT 1 FROM signatures WHERE service_id = $1', [serviceId]);
    expect(before).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByText('Your signature has been sent.')).toBeVisible({ timeout: 30_000 });
    const rows = await app.db.query<{ name: string }>(
      "SELECT public_data->'based_on_simple_signature'->>'full_name' AS name FROM signatures WHERE service_id = $1",
      [serviceId],
    );
    expect(rows).toEqual([{ name: guestName }]);
  } finally {
    await context.close();
  }
});
