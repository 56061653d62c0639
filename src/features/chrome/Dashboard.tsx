import { usePageTitle } from '../../ui/usePageTitle';

/** Placeholder kept from the template, as the spec describes it. */
export function Dashboard() {
  usePageTitle('Dashboard');
  return (
    <section className="card">
      <h1>Dashboard</h1>
      <p className="muted">Central Hub for Personal Customization</p>
      <button type="button" className="btn btn-secondary">
        View Profile
      </button>
    </section>
  );
}
