import { randomBytes } from 'node:crypto';
import { test, expect } from './fixtures';
import { LoginPage } from './pages/LoginPage';
import { createAccount, createUser } from '../fixtures/factories';
import { ensureMembership } from '../../server/db/repos/accounts';

const unique = () => randomBytes(3).toString('hex');

test.describe('signing in and the console chrome', () => {
  test.beforeEach(async ({ app }) => {
    await app.db.query('DELETE FROM rate_limit_hits');
  });

  test('a staff member with two accounts picks one, stays in it after a reload, switches, and logs out', async ({ page, app }) => {
    const a = await createAccount(app.db, `Aspen Chapel ${unique()}`);
    const b = await createAccount(app.db, `Birch Funeral Home ${unique()}`);
    const user = await createUser(app.db, { name: 'Kim Lee' });
    await ensureMembership(app.db, a.id, user.id);
    await ensureMembership(app.db, b.id, user.id);

    await new LoginPage(page).signIn(user.email, app.smtp);
    await expect(page.getByRole('heading', { name: 'Select Account' })).toBeVisible();
    await expect(page.getByText('This account can be changed later.')).toBeVisible();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await page.getByLabel('Account').selectOption({ label: b.name });
    await continueButton.click();

    await expect(page).toHaveURL(/\/signatures$/);
    const switcher = page.locator('header select');
    await expect(switcher).toHaveValue(/.+/);
    await expect(switcher.locator('option:checked')).toHaveText(b.name);
    await page.reload();
    await expect(switcher.locator('option:checked')).toHaveText(b.name);
    await expect(page).toHaveTitle(/\| Signature Guestbook$/);

    await switcher.selectOption({ label: a.name });
    await expect(switcher.locator('option:checked')).toHaveText(a.name);
    await expect(page.getByRole('heading', { name: 'Management' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'View All Accounts' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByText('KL', { exact: true })).toBeVisible();
    await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/signatures');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('an operator toggles View All Accounts and sees the Management section', async ({ page, app }) => {
    const account = await createAccount(app.db, `Cedar Home ${unique()}`);
    const operator = await createUser(app.db, { superuser: true });
    await ensureMembership(app.db, account.id, operator.id);

    await new LoginPage(page).signIn(operator.email, app.smtp);
    await expect(page).toHaveURL(/\/signatures$/);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('heading', { name: 'Management' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Create Service' })).toBeVisible();

    await page.getByRole('checkbox', { name: 'View All Accounts' }).check();
    await expect(page.getByRole('checkbox', { name: 'View All Accounts' })).toBeChecked();
    await expect(nav.getByRole('link', { name: 'Create Service' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Add iPad' })).toHaveCount(0);
    await expect(page.locator('header select')).toHaveCount(0);
    await nav.getByRole('link', { name: 'Accounts' }).click();
    await expect(page).toHaveURL(/\/management\/accounts$/);
    await page.goto('/create-service');
    await expect(page).toHaveURL(/\/signatures$/);
  });

  test('a wrong code, an expired code and a sixth try each show the server message', async ({ page, app }) => {
    const account = await createAccount(app.db);
    const user = await createUser(app.db);
    await ensureMembership(app.db, account.id, user.id);
    const login = new LoginPage(page);

    let since = app.smtp.messages.length;
    await login.requestCode(user.email);
    const code = await app.smtp.waitForCode(user.email, { since });
    const wrong = code === '000000' ? '111111' : '000000';
    await login.enterCode(wrong);
    await expect(page.getByRole('alert')).toHaveText('That code is not correct. Please check it and try again.');
    for (let i = 0; i < 4; i++) await login.enterCode(wrong);
    await login.enterCode(code);
    await expect(page.getByRole('alert')).toHaveText('Too many wrong codes. Please request a new code.');

    since = app.smtp.messages.length;
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(page.getByText('Code successfully resent.')).toBeVisible();
    const fresh = await app.smtp.waitForCode(user.email, { since });
    await app.db.query("UPDATE login_codes SET expires_at = now() - interval '1 minute' WHERE email = $1", [user.email]);
    await login.enterCode(fresh);
    await expect(page.getByRole('alert')).toHaveText('That code has expired. Please request a new one.');

    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/auth/login-confirm');
    await expect(page).toHaveURL(/\/auth\/login\?error=missing-email$/);
    await expect(page.getByRole('alert')).toHaveText('Please enter your e-mail address to receive a login code.');
  });

  test('a user without memberships sees the failure screen with Retry and Logout', async ({ page, app }) => {
    const user = await createUser(app.db);
    await new LoginPage(page).signIn(user.email, app.smtp);
    await expect(page.getByRole('heading', { name: 'Failed to Authenticate' })).toBeVisible();
    await expect(page.getByText('No memberships found for this user.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
