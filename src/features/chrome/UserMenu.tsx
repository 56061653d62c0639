import { useEffect, useId, useRef, useState } from 'react';
import { LogOut, Monitor, Moon, Sun } from 'lucide-react';
import { useAuth, useSession } from '../auth/AuthProvider';
import { THEME_MODES, useTheme, type ThemeMode } from './theme';

const THEME_ICONS: Record<ThemeMode, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Initials (or "?"), the e-mail, the theme and "Log out". Closes on Escape and outside clicks. */
export function UserMenu() {
  const { user } = useSession();
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [theme, setTheme] = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div className="menu" ref={ref}>
      <button type="button" className="avatar-btn" aria-haspopup="menu" aria-expanded={open} aria-controls={panelId} aria-label="Open user menu" onClick={() => setOpen((o) => !o)}>
        {user.name_initials || '?'}
      </button>
      {open && (
        <div className="menu-panel" id={panelId} role="menu">
          <div className="menu-email">{user.email}</div>
          <hr />
          <div className="row" role="group" aria-label="Theme" style={{ padding: '0 .25rem', gap: '.25rem' }}>
            {THEME_MODES.map((mode) => {
              const Icon = THEME_ICONS[mode];
              return (
                <button key={mode} type="button" role="menuitemradio" aria-checked={theme === mode} className={`btn btn-sm ${theme === mode ? 'btn-secondary' : 'btn-ghost'}`} onClick={() => setTheme(mode)}>
                  <Icon size={16} aria-hidden="true" /> {mode[0]?.toUpperCase() + mode.slice(1)}
                </button>
              );
            })}
          </div>
          <hr />
          <button type="button" role="menuitem" className="btn btn-ghost btn-block" style={{ justifyContent: 'flex-start' }} onClick={() => void logout()}>
            <LogOut size={16} aria-hidden="true" /> Log out
          </button>
        </div>
      )}
    </div>
  );
}
