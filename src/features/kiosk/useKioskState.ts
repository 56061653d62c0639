import { useEffect, useSyncExternalStore } from 'react';
import { getKioskStore, type KioskViewState } from './kioskStore';

/** The kiosk's iPad and service: the Dexie copy at once, then the server's answer. */
export function useKioskState(): KioskViewState {
  const store = getKioskStore();
  useEffect(() => {
    void store.load().then(() => store.refresh());
  }, [store]);
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
