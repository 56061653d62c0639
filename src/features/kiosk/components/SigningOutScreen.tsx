import { signingOutText } from '../model';

/** Staff signed this iPad out: it waits until every signature has reached the server. */
export function SigningOutScreen({ remaining, needsAttention }: { remaining: number; needsAttention: number }) {
  return (
    <section className="kiosk-idle" aria-live="polite">
      <h1>{signingOutText(remaining + needsAttention)}</h1>
      <p>Please keep this iPad on and connected to the network.</p>
      {needsAttention > 0 && <p className="kiosk-status-warn">{needsAttention} could not be sent and need a staff member (press and hold the status bar).</p>}
    </section>
  );
}
