/**
 * One handwriting field: two stacked canvases (finished strokes, and the stroke under the pen)
 * inked with perfect-freehand. Pointer events are handled natively, points go straight into
 * the field's StrokeRecorder and the live stroke is redrawn once per animation frame: no React
 * state per point. React re-renders only when a stroke ends (for Undo / Clear).
 */
import { useEffect, useRef, useState } from 'react';
import type { StrokeRecorder } from '../strokeModel';
import { normalizePressure, toPointerType, type InkPoint } from '../strokeModel';
import { drawInkStroke, drawInkStrokes } from '../renderInk';
import { FieldHead } from './FieldHead';

interface Props {
  fieldKey: string;
  label: string;
  recorder: StrokeRecorder;
  /** Receives the writing box, measured for the capture's field rectangle. */
  registerBox: (el: HTMLElement | null) => void;
  /** A stroke was finished, undone or cleared. */
  onChange: () => void;
  wide?: boolean;
}

/** A touch soon after the Pencil was used is the writer's palm, not a stroke. */
const PALM_REJECTION_MS = 1_500;
/**
 * The live canvas redraws at most this many of the newest points per frame; older parts of a
 * long stroke are drawn once onto the finished layer, so a frame costs the same at point 50
 * and at point 2,000. The whole stroke is redrawn cleanly from its points when it ends.
 */
const LIVE_TAIL_POINTS = 96;
/** Points shared by a frozen part and the tail, so the joint has no gap. */
const JOINT_OVERLAP_POINTS = 3;

export function HandwritingField({ fieldKey, label, recorder, registerBox, onChange, wide }: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const liveRef = useRef<HTMLCanvasElement>(null);
  const [, setVersion] = useState(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const redrawRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const box = boxRef.current;
    const base = baseRef.current;
    const live = liveRef.current;
    if (!box || !base || !live) return;
    const baseCtx = base.getContext('2d');
    const liveCtx = live.getContext('2d');
    if (!baseCtx || !liveCtx) return;

    let size = { width: 0, height: 0, dpr: 1 };
    let frame = 0;
    let activePointer: number | null = null;
    let origin = { left: 0, top: 0 };
    let lastPenAt = -Infinity;
    /** How many points of the live stroke are already on the finished layer. */
    let frozen = 0;

    const redrawBase = () => {
      baseCtx.setTransform(1, 0, 0, 1, 0, 0);
      baseCtx.clearRect(0, 0, base.width, base.height);
      drawInkStrokes(baseCtx, recorder.strokes, size.dpr);
    };
    redrawRef.current = redrawBase;
    const drawLive = () => {
      frame = 0;
      liveCtx.setTransform(1, 0, 0, 1, 0, 0);
      liveCtx.clearRect(0, 0, live.width, live.height);
      const current = recorder.current;
      if (!current) return;
      const points = current.points;
      if (points.length - frozen > 2 * LIVE_TAIL_POINTS) {
        const upTo = points.length - LIVE_TAIL_POINTS;
        drawInkStroke(baseCtx, { pointerType: current.pointerType, points: points.slice(Math.max(0, frozen - JOINT_OVERLAP_POINTS), upTo + 1) }, size.dpr, { last: false });
        frozen = upTo;
      }
      const tail = frozen > 0 ? points.slice(frozen - JOINT_OVERLAP_POINTS) : points;
      drawInkStroke(liveCtx, { pointerType: current.pointerType, points: tail }, size.dpr, { last: false });
    };
    const scheduleLive = () => {
      if (!frame) frame = requestAnimationFrame(drawLive);
    };

    const resize = () => {
      const rect = box.getBoundingClientRect();
      const dpr = Math.max(1, window.devicePixelRatio || 1);
      if (rect.width === 0 || rect.height === 0) return;
      if (size.width > 0 && (rect.width !== size.width || rect.height !== size.height)) {
        // A new layout (rotation, split view): keep the writing, scaled to the new box.
        recorder.rescale(Math.min(rect.width / size.width, rect.height / size.height));
      }
      size = { width: rect.width, height: rect.height, dpr };
      for (const c of [base, live]) {
        c.width = Math.round(rect.width * dpr);
        c.height = Math.round(rect.height * dpr);
      }
      redrawBase();
      drawLive();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(box);
    resize();

    const pointFrom = (e: PointerEvent, type: ReturnType<typeof toPointerType>): InkPoint => [
      e.clientX - origin.left,
      e.clientY - origin.top,
      normalizePressure(e.pressure, type),
      performance.timeOrigin + e.timeStamp,
    ];

    const onDown = (e: PointerEvent) => {
      const type = toPointerType(e.pointerType);
      if (activePointer !== null) return;
      if (type === 'pen') lastPenAt = e.timeStamp;
      else if (type === 'touch' && e.timeStamp - lastPenAt < PALM_REJECTION_MS) return;
      if (type === 'mouse' && e.button !== 0) return;
      e.preventDefault();
      const rect = box.getBoundingClientRect();
      origin = { left: rect.left, top: rect.top };
      if (!recorder.begin(pointFrom(e, type), type)) return;
      frozen = 0;
      activePointer = e.pointerId;
      try {
        // Keeps the stroke when the pen slides out of the box.
        box.setPointerCapture(e.pointerId);
      } catch {
        // The pointer is already gone (lifted, cancelled, or a synthetic event): draw without capture.
      }
      scheduleLive();
    };
    const onMove = (e: PointerEvent) => {
      if (e.pointerId !== activePointer) return;
      const type = toPointerType(e.pointerType);
      if (type === 'pen') lastPenAt = e.timeStamp;
      // Coalesced events carry the pen's full sampling rate between two frames.
      const events = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
      for (const ev of events.length ? events : [e]) {
        if (recorder.add(pointFrom(ev, type)) === 'split') {
          // The finished part became a stroke of its own: draw it whole, start the tail anew.
          frozen = 0;
          redrawBase();
        }
      }
      if (!recorder.current) activePointer = null;
      scheduleLive();
    };
    const finish = (e: PointerEvent, cancelled: boolean) => {
      if (e.pointerId !== activePointer) return;
      activePointer = null;
      const hadFrozen = frozen > 0;
      frozen = 0;
      let stroke = null;
      if (cancelled) recorder.cancel();
      else stroke = recorder.end();
      // Parts drawn during the stroke are replaced by one clean rendering of all its points.
      if (hadFrozen) redrawBase();
      else if (stroke) drawInkStroke(baseCtx, stroke, size.dpr);
      drawLive();
      setVersion((v) => v + 1);
      onChangeRef.current();
    };
    const onUp = (e: PointerEvent) => finish(e, false);
    const onCancel = (e: PointerEvent) => finish(e, true);

    box.addEventListener('pointerdown', onDown);
    box.addEventListener('pointermove', onMove);
    box.addEventListener('pointerup', onUp);
    box.addEventListener('pointercancel', onCancel);
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      box.removeEventListener('pointerdown', onDown);
      box.removeEventListener('pointermove', onMove);
      box.removeEventListener('pointerup', onUp);
      box.removeEventListener('pointercancel', onCancel);
    };
  }, [recorder]);

  const act = (fn: () => void) => () => {
    fn();
    redrawRef.current();
    setVersion((v) => v + 1);
    onChange();
  };

  const labelId = `kiosk-label-${fieldKey}`;
  return (
    <div className={`kiosk-field${wide ? ' kiosk-field-wide' : ''}`}>
      <FieldHead labelId={labelId} label={label} isEmpty={recorder.isEmpty} onUndo={act(() => recorder.undo())} onClear={act(() => recorder.clear())} />
      <div
        ref={(el) => {
          boxRef.current = el;
          registerBox(el);
        }}
        className="kiosk-ink"
        role="img"
        aria-labelledby={labelId}
        data-field={fieldKey}
      >
        <canvas ref={baseRef} className="kiosk-ink-layer" />
        <canvas ref={liveRef} className="kiosk-ink-layer" />
      </div>
    </div>
  );
}
