import { expect, type Locator, type Page } from '@playwright/test';

export interface GuestSignature {
  fullName: string;
  phone?: string;
  email?: string;
  line1?: string;
  line2?: string;
  /** Ticks the planning-ahead box, found by its label. */
  planningLabel?: string;
}

/** The public pages: signing on a phone and the family's guest registry. */
export class GuestPage {
  constructor(private readonly page: Page) {}

  async sign(url: string, guest: GuestSignature): Promise<void> {
    await this.page.goto(url);
    await this.page.getByLabel('Full name').fill(guest.fullName);
    if (guest.phone) await this.page.getByLabel('Phone').fill(guest.phone);
    if (guest.email) await this.page.getByLabel('E-mail').fill(guest.email);
    if (guest.line1) await this.page.getByLabel('Mailing address line 1').fill(guest.line1);
    if (guest.line2) await this.page.getByLabel('Mailing address line 2').fill(guest.line2);
    if (guest.planningLabel) await this.page.getByLabel(guest.planningLabel).check();
    await this.page.getByRole('button', { name: 'Sign Guestbook' }).click();
    await expect(this.page.getByText('Thank you for signing the guest registry!')).toBeVisible();
  }

  async gotoRegistry(serviceId: string, invitation?: string): Promise<void> {
    await this.page.goto(`/f/${serviceId}${invitation ? `?i=${invitation}` : ''}`);
    await expect(this.page.getByRole('heading', { name: /^Guest Registry/ })).toBeVisible();
  }

  registryEntries(): Locator {
    return this.page.locator('.registry-list li');
  }
}
