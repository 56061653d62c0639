import { version } from '../../../package.json';

/** Reported in presence (app_version) and on the device panel. */
export const APP_VERSION: string = version;
