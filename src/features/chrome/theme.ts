/** Light, dark or system theme, stored under the key `theme` (spec 000 section 9). */
import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../lib/session';

export type ThemeMode = 'light' | 'dark' | 'system';
export const THEME_MODES: ThemeMode[] = ['light', 'dark', 'system'];

export function storedTheme(): ThemeMode {
  const value = localStorage.getItem(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function applyTheme(mode: ThemeMode): void {
  const dark = mode === 'dark' || (mode === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function useTheme(): [ThemeMode, (mode: ThemeMode) => void] {
  const [mode, setMode] = useState<ThemeMode>(storedTheme);
  useEffect(() => {
    applyTheme(mode);
    if (mode !== 'system') return;
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    media?.addEventListener('change', onChange);
    return () => media?.removeEventListener('change', onChange);
  }, [mode]);
  const set = (next: ThemeMode) => {
    localStorage.setItem(STORAGE_KEYS.theme, next);
    setMode(next);
  };
  return [mode, set];
}
