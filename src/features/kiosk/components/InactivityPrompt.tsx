import { useEffect, useRef } from 'react';

interface Props {
  secondsLeft: number;
  onKeepWriting: () => void;
  onStartOver: () => void;
}

/** Asks before a half-written card is cleared for the next guest. */
export function InactivityPrompt({ secondsLeft, onKeepWriting, onStartOver }: Props) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div className="kiosk-overlay" role="alertdialog" aria-modal="true" aria-labelledby="kiosk-still-there" aria-describedby="kiosk-still-there-text">
      <div className="kiosk-dialog">
        <h2 id="kiosk-still-there">Are you still there?</h2>
        <p id="kiosk-still-there-text">
          This card will be cleared for the next guest in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.
        </p>
        <div className="kiosk-dialog-actions">
          <button ref={keepRef} type="button" className="btn btn-primary kiosk-big-button" onClick={onKeepWriting}>
            Keep writing
          </button>
          <button type="button" className="btn btn-secondary kiosk-big-button" onClick={onStartOver}>
            Start over
          </button>
        </div>
      </div>
    </div>
  );
}
