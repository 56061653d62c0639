/**
 * The feature slices plugged into the server: each adds its routes, jobs, realtime and demo
 * data here, so app.ts stays the same as features land.
 */
import type { ServerExtensions } from './app';
import type { SeedExtension } from './db/seed';

export interface ProductExtension extends ServerExtensions {
  seed?: SeedExtension;
}

export const productExtensions: ProductExtension[] = [];
