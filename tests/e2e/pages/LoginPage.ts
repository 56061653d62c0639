import type { Page } from '@playwright/test';
import type { SmtpSink } from '../../fixtures/smtp-sink';

/** Signs in through the screens, reading the code from the SMTP sink. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async requestCode(email: string): Promise<void> {
    await this.page.goto('/auth/login');
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Send Login Code' }).click();
    await this.page.getByText(`We've sent a code to ${email}. Please enter it below.`).waitFor();
  }

  async enterCode(code: string): Promise<void> {
    await this.page.getByLabel('Login code').fill(code);
    await this.page.getByRole('button', { name: 'Confirm Login Code' }).click();
  }

  /** Signs in and waits until the app has left the sign-in pages (it reloads to /). */
  async signIn(email: string, smtp: SmtpSink): Promise<void> {
    const since = smtp.messages.length;
    await this.requestCode(email);
    await this.enterCode(await smtp.waitForCode(email, { since }));
    await this.page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    await this.page.waitForLoadState('load');
  }
}
