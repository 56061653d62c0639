/**
 * The signature field: react-signature-canvas (signature_pad's velocity-weighted pen, the look
 * people expect of a signature). Its points are the truth: signature_pad clears its bitmap
 * when the canvas is resized, so on every new layout the points are scaled and redrawn with
 * fromData(). Pointer type and pressure, which signature_pad does not record, are sampled
 * from pointer events alongside it.
 */
import { useEffect, useRef, useState } from 'react';
import SignatureCanvasModule from 'react-signature-canvas';
import type { PointerType } from '../../../contract/devices';
import type { CardInk } from '../cardInk';
import { INK_COLOR } from '../renderInk';
import { padGroupsToStrokes, scalePadGroups, type PadPoint, type PressureSample } from '../signatureData';
import { normalizePressure, toPointerType } from '../strokeModel';
import { FieldHead } from './FieldHead';

// The package is CommonJS; under Vite 8 with "type": "module" the class arrives as `.default`
// of the namespace (React error #130 otherwise). Remove when it ships an ES module.
const SignatureCanvas = (SignatureCanvasModule as unknown as { default?: typeof SignatureCanvasModule }).default ?? SignatureCanvasModule;
type SignatureCanvasInstance = InstanceType<typeof SignatureCanvasModule>;

interface StrokeMeta {
  type: PointerType;
  samples: PressureSample[];
}

interface Props {
  label: string;
  ink: CardInk;
  registerBox: (el: HTMLElement | null) => void;
  onChange: () => void;
}

export function SignatureField({ label, ink, registerBox, onChange }: Props) {
  const padRef = useRef<SignatureCanvasInstance | null>(null);
  const boxRef = useRef<HTMLDivElement | null>(null);
  /** One entry per signature_pad point group; `pending` collects samples until the pad begins a stroke. */
  const meta = useRef({ strokes: [] as StrokeMeta[], pending: null as StrokeMeta | null });
  const [isEmpty, setIsEmpty] = useState(true);

  const groups = (): PadPoint[][] => (padRef.current?.toData() as unknown as PadPoint[][] | undefined) ?? [];

  useEffect(() => {
    ink.signature = {
      isEmpty: () => groups().length === 0,
      strokes: () =>
        padGroupsToStrokes(
          groups(),
          meta.current.strokes.map((m) => m.type),
          meta.current.strokes.map((m) => m.samples),
        ),
      canvas: () => padRef.current?.getCanvas() ?? null,
    };
    return () => {
      ink.signature = null;
    };
  }, [ink]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let size = { width: 0, height: 0 };
    const resize = () => {
      const pad = padRef.current;
      const canvas = pad?.getCanvas();
      if (!pad || !canvas) return;
      const rect = canvas.getBoundingClientRect();
      const dpr = Math.max(1, window.devicePixelRatio || 1);
      if (rect.width === 0 || rect.height === 0) return;
      const sameSize = rect.width === size.width && rect.height === size.height && canvas.width === Math.round(rect.width * dpr);
      if (sameSize) return;
      const factor = size.width > 0 ? Math.min(rect.width / size.width, rect.height / size.height) : 1;
      const data = scalePadGroups(groups(), factor);
      size = { width: rect.width, height: rect.height };
      canvas.width = Math.round(rect.width * dpr);
      canvas.height = Math.round(rect.height * dpr);
      canvas.getContext('2d')?.scale(dpr, dpr);
      // fromData() clears and redraws every stroke at the new size.
      pad.fromData(data as unknown as Parameters<SignatureCanvasInstance['fromData']>[0]);
    };
    const observer = new ResizeObserver(resize);
    observer.observe(box);
    resize();

    // Pointer type and pressure for the stroke signature_pad is about to begin.
    const onDown = (e: PointerEvent) => {
      const type = toPointerType(e.pointerType);
      meta.current.pending = { type, samples: [{ time: Date.now(), pressure: normalizePressure(e.pressure, type) }] };
    };
    const onMove = (e: PointerEvent) => {
      meta.current.pending?.samples.push({ time: Date.now(), pressure: normalizePressure(e.pressure, toPointerType(e.pointerType)) });
    };
    const onUp = () => {
      meta.current.pending = null;
    };
    box.addEventListener('pointerdown', onDown, { capture: true });
    box.addEventListener('pointermove', onMove, { capture: true });
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    return () => {
      observer.disconnect();
      box.removeEventListener('pointerdown', onDown, { capture: true });
      box.removeEventListener('pointermove', onMove, { capture: true });
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
    };
  }, []);

  // signature_pad begins a stroke after the pointerdown that `pending` recorded (pointer
  // events come before the mouse/touch events it listens to); the same object keeps collecting.
  const onBegin = () => {
    meta.current.strokes.push(meta.current.pending ?? { type: 'touch', samples: [] });
  };
  const onEnd = () => {
    meta.current.strokes.length = Math.min(meta.current.strokes.length, groups().length);
    setIsEmpty(groups().length === 0);
    onChange();
  };

  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const data = groups().slice(0, -1);
    meta.current.strokes.pop();
    pad.fromData(data as unknown as Parameters<SignatureCanvasInstance['fromData']>[0]);
    setIsEmpty(data.length === 0);
    onChange();
  };
  const clear = () => {
    padRef.current?.clear();
    meta.current.strokes = [];
    setIsEmpty(true);
    onChange();
  };

  return (
    <div className="kiosk-field kiosk-field-wide kiosk-field-signature">
      <FieldHead labelId="kiosk-label-signature_image" label={label} isEmpty={isEmpty} onUndo={undo} onClear={clear} />
      <div
        ref={(el) => {
          boxRef.current = el;
          registerBox(el);
        }}
        className="kiosk-ink"
        role="img"
        aria-labelledby="kiosk-label-signature_image"
        data-field="signature_image"
      >
        <SignatureCanvas
          ref={padRef}
          clearOnResize={false}
          penColor={INK_COLOR}
          minWidth={1.2}
          maxWidth={3.4}
          onBegin={onBegin}
          onEnd={onEnd}
          canvasProps={{ className: 'kiosk-ink-layer kiosk-signature-canvas' }}
        />
      </div>
    </div>
  );
}
