/** Where the kiosk lives; every other path in kiosk mode leads here. */
export const KIOSK_PATH = '/kiosk';
