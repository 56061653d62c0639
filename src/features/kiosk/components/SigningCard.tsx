/**
 * The signing card: the deceased's photo, name and dates, the handwriting fields, the
 * signature, the planning-ahead checkbox and Submit. Submit saves the card to the outbox
 * (IndexedDB) and only then hands over to the thank-you screen.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CROP_KEY_LABELS } from '../../../contract/crop-keys';
import type { KioskService } from '../../../contract/devices';
import { queueKioskSignature } from '../../outbox/api';
import { buildKioskUpload } from '../buildUpload';
import { CardInk, type HandwritingKey } from '../cardInk';
import { formatLifeDates, planningLabel } from '../model';
import { useInactivity } from '../useInactivity';
import { HandwritingField } from './HandwritingField';
import { InactivityPrompt } from './InactivityPrompt';
import { SignatureField } from './SignatureField';

interface Props {
  service: KioskService;
  photoUrl: string | null;
  /** The card is saved on this iPad: show the thank-you screen. */
  onSubmitted: () => void;
  /** Whether something is written (the kiosk must not update or sign out under a guest). */
  onProgressChange: (inProgress: boolean) => void;
  /** Nobody answered "Are you still there?": start a fresh card. */
  onAbandoned: () => void;
}

/** The handwriting fields in reading order; `wide` ones take a whole row on wide screens. */
const FIELDS: { key: HandwritingKey; wide?: boolean }[] = [
  { key: 'printed_name' },
  { key: 'relationship_to_deceased' },
  { key: 'phone_number' },
  { key: 'email_address' },
  { key: 'mailing_address_line_1', wide: true },
  { key: 'mailing_address_line_2', wide: true },
];

export const EMPTY_CARD_MESSAGE = 'Nothing has been written yet. Please write your name and sign before tapping Submit.';

export function SigningCard({ service, photoUrl, onSubmitted, onProgressChange, onAbandoned }: Props) {
  const ink = useMemo(() => new CardInk(), []);
  const cardRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const [planning, setPlanning] = useState(false);
  const [hasInk, setHasInk] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const person = service.public_data.deceased_person;
  const showPlanning = !service.public_data.advanced_planning_check_is_hidden;

  const onInkChange = useCallback(() => {
    const written = !ink.isEmpty();
    setHasInk(written);
    if (written) setMessage(null);
  }, [ink]);

  useEffect(() => onProgressChange(hasInk), [hasInk, onProgressChange]);
  useEffect(() => () => onProgressChange(false), [onProgressChange]);

  const inactivity = useInactivity({ active: hasInk && !saving, root: cardRef, onTimeout: onAbandoned });

  const submit = async () => {
    if (saving) return;
    if (ink.isEmpty()) {
      setMessage(EMPTY_CARD_MESSAGE);
      return;
    }
    const container = formRef.current;
    if (!container) return;
    setSaving(true);
    setMessage(null);
    // Marks for the kiosk benchmark (bench/kiosk): where the time between Submit and thank-you goes.
    performance.mark('kiosk:submit');
    try {
      // One frame first, so "Saving…" is on screen while the PNGs are encoded.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const body = buildKioskUpload({
        container,
        ink,
        serviceId: service.unique_identifier,
        planningAhead: showPlanning && planning,
        devicePixelRatio: window.devicePixelRatio || 1,
      });
      performance.measure('kiosk:build-upload', 'kiosk:submit');
      performance.mark('kiosk:built');
      await queueKioskSignature(body);
      performance.measure('kiosk:save', 'kiosk:built');
      onSubmitted();
    } catch (err) {
      setSaving(false);
      const reason = err instanceof Error ? err.message : String(err);
      setMessage(`This signature could not be saved on the iPad (${reason}). Please ask a staff member for help.`);
    }
  };

  const register = (key: keyof typeof CROP_KEY_LABELS) => (el: HTMLElement | null) => {
    if (el) ink.boxes[key] = el;
    else delete ink.boxes[key];
  };

  return (
    <article ref={cardRef} className="kiosk-card" aria-label={`Guest registry for ${person.full_name}`}>
      <header className="kiosk-person">
        {photoUrl ? <img className="kiosk-photo" src={photoUrl} alt={`Photo of ${person.full_name}`} /> : <div className="kiosk-photo kiosk-photo-empty" aria-hidden="true" />}
        <div>
          <p className="kiosk-person-intro">In loving memory of</p>
          <h1 className="kiosk-person-name">{person.full_name}</h1>
          {formatLifeDates(person.birth_date, person.death_date) && <p className="kiosk-person-dates">{formatLifeDates(person.birth_date, person.death_date)}</p>}
          <p className="kiosk-person-hint">Please write your details with your finger or a pencil, then sign.</p>
        </div>
      </header>

      <div ref={formRef} className="kiosk-form" data-testid="kiosk-form">
        {FIELDS.map(({ key, wide }) => (
          <HandwritingField key={key} fieldKey={key} label={CROP_KEY_LABELS[key]} recorder={ink.recorders[key]} registerBox={register(key)} onChange={onInkChange} wide={wide} />
        ))}
        <SignatureField label={CROP_KEY_LABELS.signature_image} ink={ink} registerBox={register('signature_image')} onChange={onInkChange} />
        {showPlanning && (
          <label className="kiosk-planning">
            <input type="checkbox" data-capture-checkbox checked={planning} onChange={(e) => setPlanning(e.target.checked)} />
            <span data-capture-text>{planningLabel(service)}</span>
          </label>
        )}
      </div>

      <footer className="kiosk-actions">
        {message && (
          <p className="kiosk-message" role="alert">
            {message}
          </p>
        )}
        <button type="button" className="btn btn-primary kiosk-submit" onClick={() => void submit()} disabled={saving}>
          {saving ? 'Saving…' : 'Submit'}
        </button>
      </footer>

      {inactivity.prompting && <InactivityPrompt secondsLeft={inactivity.secondsLeft} onKeepWriting={inactivity.keepWriting} onStartOver={onAbandoned} />}
    </article>
  );
}
