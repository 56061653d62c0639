export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="row">
      <div className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="fullscreen-center">
      <Spinner label={label} />
    </div>
  );
}
