/**
 * The feature slices plugged into the server: each adds its routes, jobs, realtime and demo
 * data here, so app.ts stays the same as features land.
 */
import type { ServerExtensions } from './app';
import type { SeedExtension } from './db/seed';
import { seedServices } from './db/seed-services';
import { guestsDomain } from './domain/guests';
import { obituariesDomain } from './domain/obituaries';
import { servicesDomain } from './domain/services';
import { signaturesDomain } from './domain/signatures';
import { registerGuestRoutes } from './http/routes/guests';
import { registerServiceRoutes } from './http/routes/services';
import { registerSignatureRoutes } from './http/routes/signatures';
import { obituariesRefreshJob } from './jobs/obituaries-refresh';
import { signaturesTranscribeJob } from './jobs/signatures-transcribe';

export interface ProductExtension extends ServerExtensions {
  seed?: SeedExtension;
}

export const productExtensions: ProductExtension[] = [];

/** Services, signatures, the public guest pages and obituaries (spec 000 sections 2–5, 7). */
export const servicesExtension: ProductExtension = {
  register(app, deps) {
    const { db, events, queue, config, log } = deps;
    queue.define(obituariesRefreshJob({ db, log }));
    // No transcription engine yet (a later issue): the job accepts work and leaves data as is.
    queue.define(signaturesTranscribeJob({ db, events, log, config, engine: null }));
    registerServiceRoutes(app, db, { services: servicesDomain({ db, events, config }), obituaries: obituariesDomain({ db, queue }) });
    registerSignatureRoutes(app, db, signaturesDomain({ db, queue, events, config }));
    registerGuestRoutes(app, db, guestsDomain({ db, events, config }));
  },
  seed: seedServices,
};
productExtensions.push(servicesExtension);

// The iPads slice. Its imports sit with it (ES imports are hoisted) so slices can append here
// without touching each other's lines.
import { ipadsDomain } from './domain/ipads';
import { kioskDomain } from './domain/kiosk';
import { registerIpadRoutes } from './http/routes/ipads';
import { registerKioskRoutes } from './http/routes/kiosk';

/** iPads for staff, and the kiosk's sign-in, own iPad and signature upload (spec 000 sections 2–4, 7). */
export const ipadsExtension: ProductExtension = {
  register(app, deps) {
    const { db, events, queue, config, log } = deps;
    registerIpadRoutes(app, deps, ipadsDomain({ db, events, config }));
    registerKioskRoutes(app, deps, kioskDomain({ db, events, queue, log, config }));
  },
};
productExtensions.push(ipadsExtension);
