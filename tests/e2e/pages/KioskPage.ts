import { expect, type Locator, type Page } from '@playwright/test';

/** The iPad kiosk: sign-in with a setup code, the signing card and its status bar. */
export class KioskPage {
  constructor(readonly page: Page) {}

  /** Types the code into the sign-in field, as staff tell people to. */
  async signInWithCode(code: string): Promise<void> {
    await this.page.goto('/auth/login');
    await this.page.getByLabel('Email').fill(code);
    await this.page.getByRole('button', { name: 'Set Up iPad' }).click();
    await expect(this.page).toHaveURL(/\/kiosk$/);
  }

  /** Resolves once the service worker is active (the shell is precached): offline works from here. */
  async waitForOfflineReady(): Promise<void> {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  }

  get status(): Locator {
    return this.page.getByTestId('kiosk-status');
  }

  get pending(): Locator {
    return this.page.getByTestId('kiosk-pending');
  }

  field(key: string): Locator {
    return this.page.locator(`[data-field="${key}"]`);
  }

  /** Writes a few wavy strokes into a field with the mouse (pointer and mouse events, like a finger). */
  async write(key: string, strokes = 2, seed = 1): Promise<void> {
    const box = await this.field(key).boundingBox();
    if (!box) throw new Error(`The ${key} field is not visible`);
    for (let s = 0; s < strokes; s += 1) {
      const x0 = box.x + 20 + s * 90;
      const y0 = box.y + box.height / 2;
      await this.page.mouse.move(x0, y0);
      await this.page.mouse.down();
      for (let i = 1; i <= 16; i += 1) {
        await this.page.mouse.move(x0 + i * 5, y0 + Math.sin((i + seed) / 2) * box.height * 0.25);
      }
      await this.page.mouse.up();
    }
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Submit' }).click();
  }

  get thankYou(): Locator {
    return this.page.getByRole('heading', { name: 'Thank you for signing the guest registry!' });
  }

  /** One guest: name and signature, Submit, thank-you, then a fresh card. */
  async signAsGuest(seed: number): Promise<void> {
    await this.write('printed_name', 2, seed);
    await this.write('signature_image', 1, seed);
    await this.submit();
    await expect(this.thankYou).toBeVisible();
    await this.page.getByRole('button', { name: 'Done' }).click();
    await expect(this.page.getByRole('button', { name: 'Submit' })).toBeVisible();
  }
}
