import { GUEST_THANK_YOU_TEXT } from '../../../contract/guests';

/** Shown as soon as the card is saved on the iPad (sending happens in the background). */
export function ThankYou({ onDone }: { onDone: () => void }) {
  return (
    <section className="kiosk-thanks" aria-live="polite">
      <h1>{GUEST_THANK_YOU_TEXT}</h1>
      <p>Your signature has been saved.</p>
      <button type="button" className="btn btn-secondary kiosk-big-button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
