/** The kiosk feature's public surface for other features. */
export { signInWithSetupCode } from './signInKiosk';
export { KIOSK_PATH } from './paths';
