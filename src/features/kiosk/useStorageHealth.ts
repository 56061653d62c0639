/**
 * Asks the browser to keep this site's storage (navigator.storage.persist(): Safari grants it
 * to Home Screen apps) and watches how full it is. Unsupported browsers report nulls.
 */
import { useEffect, useState } from 'react';
import type { StorageHealth } from './model';

/** Usage changes only as signatures are saved and sent; once a minute is plenty. */
const ESTIMATE_INTERVAL_MS = 60_000;

export function useStorageHealth(): StorageHealth {
  const [health, setHealth] = useState<StorageHealth>({ persisted: null, usage: null, quota: null });
  useEffect(() => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage) return;
    let cancelled = false;
    const estimate = async () => {
      const e = await storage.estimate?.().catch(() => null);
      if (!cancelled && e) setHealth((h) => ({ ...h, usage: e.usage ?? null, quota: e.quota ?? null }));
    };
    void (async () => {
      const persisted = (await storage.persisted?.().catch(() => false)) || (await storage.persist?.().catch(() => false));
      if (!cancelled) setHealth((h) => ({ ...h, persisted: Boolean(persisted) }));
      await estimate();
    })();
    const timer = window.setInterval(() => void estimate(), ESTIMATE_INTERVAL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, []);
  return health;
}
