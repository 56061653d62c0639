import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../ui/usePageTitle';

/** The centred card every sign-in screen sits in. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <div className="auth-brand">
          <img src="/icons/logo.svg" alt="" />
          <span>{PRODUCT_NAME}</span>
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
