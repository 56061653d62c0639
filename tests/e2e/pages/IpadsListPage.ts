import type { Locator, Page } from '@playwright/test';

/** View iPads (/ipads). */
export class IpadsListPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/ipads');
    await this.heading.waitFor();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'View iPads', level: 1 });
  }

  get addButton(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'Add iPad' });
  }

  get emptyText(): Locator {
    return this.page.getByText('No iPads have been added.');
  }

  /** The table row of one iPad, found by its name link. */
  row(name: string): Locator {
    return this.page.getByRole('main').locator('table tbody tr').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  activeServiceCell(name: string): Locator {
    return this.row(name).locator('td').nth(2);
  }
}
