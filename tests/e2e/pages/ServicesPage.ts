import { expect, type Download, type Locator, type Page, type Route } from '@playwright/test';

export interface NewService {
  fullName: string;
  preferredName?: string;
  birthDate?: string;
  deathDate?: string;
  photoPath: string;
  mobileQuestion?: string;
}

/** View Services, Create Service and the Manage service tabs. */
export class ServicesPage {
  constructor(private readonly page: Page) {}

  async gotoList(): Promise<void> {
    await this.page.goto('/services');
    await expect(this.page.getByRole('heading', { name: /^View Services \(\d+ total services?\)$/ })).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Fills the create form and picks a photo; the cropper shows it. Does not submit. */
  async fillCreateForm(service: NewService): Promise<void> {
    await this.page.goto('/create-service');
    await expect(this.page.getByRole('heading', { name: 'Enter service details' })).toBeVisible();
    await this.page.getByLabel('Full name').fill(service.fullName);
    if (service.preferredName) await this.page.getByLabel('Preferred name').fill(service.preferredName);
    if (service.birthDate) await this.page.getByLabel('Birth date').fill(service.birthDate);
    if (service.deathDate) await this.page.getByLabel('Death date').fill(service.deathDate);
    await this.page.getByLabel('Upload a photo').setInputFiles(service.photoPath);
    await expect(this.cropImage()).toBeVisible();
    await expect.poll(() => this.cropImage().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    if (service.mobileQuestion) {
      await this.page.getByRole('button', { name: 'Show advanced options' }).click();
      await this.page.getByLabel('Mobile question').fill(service.mobileQuestion);
    }
  }

  cropImage(): Locator {
    return this.page.getByRole('img', { name: 'Photo to crop' });
  }

  cropSelection(): Locator {
    return this.page.locator('.ReactCrop__crop-selection');
  }

  /** Moves the crop square with the keyboard and answers its left offset before and after. */
  async nudgeCrop(key: string): Promise<{ before: number; after: number }> {
    const selection = this.cropSelection();
    const left = () => selection.evaluate((el) => el.getBoundingClientRect().left);
    const before = await left();
    await selection.focus();
    await this.page.keyboard.press(key);
    return { before, after: await left() };
  }

  /** Submits the create form; answers the new service's id. */
  async submitCreate(): Promise<string> {
    // The local server answers in milliseconds; hold the request briefly so the busy state can be seen.
    const hold = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    };
    await this.page.route('**/api/v1/app/authenticated/create-service', hold);
    await this.page.getByRole('button', { name: 'Create Service' }).click();
    await expect(this.page.getByText('Your service is being created/updated. This takes about 10 seconds...')).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'Creating Service...' })).toBeDisabled();
    await this.page.waitForURL(/\/services\/[0-9a-f-]{36}\/send-service-to-ipad$/, { timeout: 30_000 });
    await this.page.unroute('**/api/v1/app/authenticated/create-service', hold);
    const id = /\/services\/([0-9a-f-]{36})\//.exec(this.page.url())?.[1];
    if (!id) throw new Error(`No service id in ${this.page.url()}`);
    return id;
  }

  async openTab(label: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Service sections' }).getByRole('link', { name: label, exact: true }).click();
  }

  private async download(button: string): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download', { timeout: 30_000 }), this.page.getByRole('button', { name: button }).click()]);
    return download;
  }

  downloadQrPng(): Promise<Download> {
    return this.download('Download QR Code');
  }

  downloadFramePdf(): Promise<Download> {
    return this.download('Download PDF');
  }

  async directLink(): Promise<string> {
    const href = await this.page.getByRole('link', { name: 'Direct Link' }).getAttribute('href');
    if (!href) throw new Error('Direct Link has no address');
    return href;
  }
}
