/**
 * Registers the service worker with workbox-window in prompt mode. A new version waits: the
 * console offers it in a banner; the kiosk registers a quiet check and the update applies
 * itself only when no one is signing and nothing waits to be sent.
 */
import { Workbox } from 'workbox-window';

type QuietCheck = () => boolean;
let quietCheck: QuietCheck | null = null;
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

/** The kiosk applies updates by itself, when this says it is a quiet moment. */
export function setAutoUpdateWhenQuiet(check: QuietCheck | null): void {
  quietCheck = check;
}

export function updateAvailable(): boolean {
  return applyUpdate !== null;
}

export function onUpdateAvailable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Applies a waiting update now (reloads the page once the new worker controls it). */
export function applyWaitingUpdate(): void {
  applyUpdate?.();
}

/** How often a quiet page checks whether it may apply a waiting update. */
const QUIET_CHECK_INTERVAL_MS = 30_000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    applyUpdate = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    listeners.forEach((l) => l());
    const timer = window.setInterval(() => {
      if (quietCheck?.()) {
        window.clearInterval(timer);
        applyWaitingUpdate();
      }
    }, QUIET_CHECK_INTERVAL_MS);
  });
  void wb.register();
}
