import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../lib/session';
import { readOnlyPreNeed, writeOnlyPreNeed } from './model';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The "Only Pre-Need Items" switch, remembered in localStorage across visits. */
export function usePreNeedFilter(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readOnlyPreNeed(storage(), STORAGE_KEYS.onlyShowPreNeedItems));
  const set = useCallback((next: boolean) => {
    writeOnlyPreNeed(storage(), STORAGE_KEYS.onlyShowPreNeedItems, next);
    setOn(next);
  }, []);
  return [on, set];
}
