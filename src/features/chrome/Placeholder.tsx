import { usePageTitle } from '../../ui/usePageTitle';

/** Shown by routes whose feature has not landed yet, so every menu entry leads somewhere. */
export function Placeholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="card">
      <h1>{title}</h1>
      <p className="muted">This part of Signature Guestbook is not available yet.</p>
    </section>
  );
}
