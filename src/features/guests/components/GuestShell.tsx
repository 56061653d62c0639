import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../ui/usePageTitle';

/** The public pages' frame: one centred column, made for phones first. */
export function GuestShell({ children }: { children: ReactNode }) {
  return (
    <div className="guest-page">
      <main className="guest-main" id="main">
        {children}
      </main>
      <footer className="guest-footer">
        <img src="/icons/logo.svg" alt="" width={20} height={20} />
        {PRODUCT_NAME}
      </footer>
    </div>
  );
}
