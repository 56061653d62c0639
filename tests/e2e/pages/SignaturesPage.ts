import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** The signatures lists (all, and inside a service) and the signature modals. */
export class SignaturesPage {
  constructor(private readonly page: Page) {}

  async gotoAll(): Promise<void> {
    await this.page.goto('/signatures');
    await expect(this.heading()).toBeVisible();
  }

  async gotoService(serviceId: string): Promise<void> {
    await this.page.goto(`/services/${serviceId}/signatures`);
    await expect(this.heading()).toBeVisible();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { name: /^Signatures \(\d+ total signatures?\)$/ });
  }

  row(text: string): Locator {
    return this.page.locator('table tbody tr').filter({ hasText: text });
  }

  /** The text of one column of a row, by its header. */
  async cell(row: Locator, header: string): Promise<string> {
    const headers = await this.page.locator('table thead th').allInnerTexts();
    const index = headers.findIndex((h) => h.trim().toLowerCase() === header.toLowerCase());
    if (index < 0) throw new Error(`No column ${header} in ${headers.join(', ')}`);
    return (await row.locator('td').nth(index).innerText()).trim();
  }

  preNeedSwitch(): Locator {
    return this.page.getByRole('switch', { name: 'Only Pre-Need Items' });
  }

  async downloadCsv(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Download to CSV' }).click()]);
    return download;
  }

  async open(text: string): Promise<Locator> {
    // The first cell: the middle of a row is the service link.
    await this.row(text).first().locator('td').first().click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async removeOpenSignature(): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Remove Signature', exact: true }).click();
    await expect(dialog.getByText('Are you sure you want to remove this signature?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, Remove Signature' }).click();
    await expect(dialog).toBeHidden();
  }
}
