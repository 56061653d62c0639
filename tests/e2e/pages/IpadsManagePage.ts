import type { Locator, Page } from '@playwright/test';

/** Manage iPad (/ipads/{id}/…) with its tabs. */
export class IpadsManagePage {
  constructor(private readonly page: Page) {}

  async goto(ipadId: string, tab = ''): Promise<void> {
    await this.page.goto(`/ipads/${ipadId}${tab ? `/${tab}` : ''}`);
    await this.tabs.waitFor();
  }

  get tabs(): Locator {
    return this.page.getByRole('navigation', { name: 'iPad sections' });
  }

  tab(label: string): Locator {
    return this.tabs.getByRole('link', { name: label, exact: true });
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  async rename(name: string): Promise<void> {
    await this.page.getByLabel('iPad Name').fill(name);
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  async createSetupCode(): Promise<void> {
    await this.page.getByRole('button', { name: /^Create (New )?Setup Code$/ }).click();
  }

  get setupCode(): Locator {
    return this.page.getByTestId('setup-code').locator('[aria-hidden="true"]');
  }

  get serviceSelect(): Locator {
    return this.page.getByLabel('Service', { exact: true });
  }

  async sendService(label?: string): Promise<void> {
    if (label) await this.serviceSelect.selectOption({ label });
    await this.page.getByRole('button', { name: 'Send Service' }).click();
  }

  async removeService(): Promise<void> {
    await this.page.getByRole('button', { name: 'Remove Service' }).click();
  }
}
