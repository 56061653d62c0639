/**
 * "Are you still there?": a card with writing on it and no input for a while asks the guest;
 * only if nobody answers does the card reset. Never silently.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Long enough to think about a phone number or find reading glasses. */
export const INACTIVITY_PROMPT_AFTER_MS = 90_000;
/** How long the question stays before the card is cleared for the next guest. */
export const INACTIVITY_RESET_AFTER_MS = 30_000;
const TICK_MS = 1_000;

interface Options {
  /** Only a card with something written on it can be abandoned. */
  active: boolean;
  /** Input anywhere inside counts as "still there". */
  root: RefObject<HTMLElement | null>;
  onTimeout: () => void;
}

export function useInactivity({ active, root, onTimeout }: Options) {
  const lastInput = useRef(Date.now());
  const promptStarted = useRef<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const onTimeoutRef = useRef(onTimeout);
  onTimeoutRef.current = onTimeout;

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const touched = () => {
      if (promptStarted.current === null) lastInput.current = Date.now();
    };
    el.addEventListener('pointerdown', touched, { capture: true, passive: true });
    el.addEventListener('pointermove', touched, { capture: true, passive: true });
    el.addEventListener('keydown', touched, { capture: true, passive: true });
    return () => {
      el.removeEventListener('pointerdown', touched, { capture: true });
      el.removeEventListener('pointermove', touched, { capture: true });
      el.removeEventListener('keydown', touched, { capture: true });
    };
  }, [root]);

  useEffect(() => {
    if (!active) {
      promptStarted.current = null;
      setSecondsLeft(null);
      return;
    }
    lastInput.current = Date.now();
    const timer = window.setInterval(() => {
      const now = Date.now();
      if (promptStarted.current === null) {
        if (now - lastInput.current >= INACTIVITY_PROMPT_AFTER_MS) {
          promptStarted.current = now;
          setSecondsLeft(Math.round(INACTIVITY_RESET_AFTER_MS / 1000));
        }
        return;
      }
      const left = INACTIVITY_RESET_AFTER_MS - (now - promptStarted.current);
      if (left <= 0) {
        window.clearInterval(timer);
        onTimeoutRef.current();
        return;
      }
      setSecondsLeft(Math.ceil(left / 1000));
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [active]);

  const keepWriting = useCallback(() => {
    promptStarted.current = null;
    lastInput.current = Date.now();
    setSecondsLeft(null);
  }, []);

  return { prompting: secondsLeft !== null, secondsLeft: secondsLeft ?? 0, keepWriting };
}
