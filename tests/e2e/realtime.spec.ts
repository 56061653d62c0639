/**
 * Live updates in the console: a staff member keeps the signatures page open while a guest
 * signs on a phone and a colleague removes the signature elsewhere; the list follows both
 * without a reload, over the real socket.
 */
import { randomBytes } from 'node:crypto';
import { test, expect } from './fixtures';
import { LoginPage } from './pages/LoginPage';
import { SignaturesPage } from './pages/SignaturesPage';
import { GuestPage } from './pages/GuestPage';
import { createAccount, createService, createStaff, createUser } from '../fixtures/factories';
import { ensureMembership } from '../../server/db/repos/accounts';
import { api } from '../fixtures/server';

const unique = () => randomBytes(3).toString('hex');

test('a guest signature appears live, and disappears live when removed elsewhere', async ({ page, browser, app, baseURL }) => {
  const account = await createAccount(app.db, `Willow Chapel ${unique()}`);
  const user = await createUser(app.db);
  await ensureMembership(app.db, account.id, user.id);
  const colleague = await createStaff(app.db, account.id);
  const serviceId = await createService(app.db, account.id, { name: 'Eleanor Price', active: true, birthDate: '1938-02-01', deathDate: '2026-10-30' });

  await new LoginPage(page).signIn(user.email, app.smtp);
  await expect(page).toHaveURL(/\/signatures$/);
  const signatures = new SignaturesPage(page);
  await expect(signatures.heading()).toHaveText('Signatures (0 total signatures)');
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  const guestName = `Live Guest ${unique()}`;
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    await new GuestPage(await phone.newPage()).sign(`/sign/${serviceId}`, { fullName: guestName });
  } finally {
    await phone.close();
  }

  // No reload: the row arrives over the socket.
  await expect(signatures.row(guestName)).toBeVisible();
  await expect(signatures.heading()).toHaveText('Signatures (1 total signature)');

  const [row] = await app.db.query<{ id: string }>('SELECT id FROM signatures WHERE service_id = $1', [serviceId]);
  const removed = await api(app.server, 'POST', `/authenticated/signatures/${row?.id}/remove-signature`, { token: colleague.token, membershipId: colleague.membershipId });
  expect(removed.status).toBe(200);
  await expect(signatures.row(guestName)).toHaveCount(0);
  await expect(signatures.heading()).toHaveText('Signatures (0 total signatures)');
});
