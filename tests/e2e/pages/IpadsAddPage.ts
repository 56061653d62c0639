import type { Locator, Page } from '@playwright/test';

/** Add iPad (/add-ipad) and the setup code it shows afterwards. */
export class IpadsAddPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/add-ipad');
    await this.page.getByRole('heading', { name: 'Add iPad', level: 1 }).waitFor();
  }

  get nameField(): Locator {
    return this.page.getByLabel('iPad Name');
  }

  async submit(name: string): Promise<void> {
    await this.nameField.fill(name);
    await this.page.getByRole('button', { name: 'Add iPad' }).click();
  }

  get qrCode(): Locator {
    return this.page.getByRole('img', { name: /^QR code that signs the iPad in/ });
  }

  get codeBox(): Locator {
    return this.page.getByTestId('setup-code');
  }

  /** The code as shown ("ABCD EFGH"); the screen-reader spelling is not part of it. */
  async displayedCode(): Promise<string> {
    return (await this.codeBox.locator('[aria-hidden="true"]').innerText()).trim();
  }
}
