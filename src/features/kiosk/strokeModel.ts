/**
 * The handwriting of one field as data (style.md pattern 7): strokes of raw points
 * `[x, y, pressure, t]` with the pointer type, in CSS pixels of the field as it is laid out
 * now, t in epoch milliseconds. Rendering is derived from these points; on submit they are
 * converted to the contract's capture pixels and card-relative times.
 */
import { MAX_POINTS_PER_STROKE, MAX_STROKES_PER_FIELD, type PointerType, type Stroke } from '../../contract/devices';

export type InkPoint = [x: number, y: number, pressure: number, t: number];

export interface InkStroke {
  pointerType: PointerType;
  points: InkPoint[];
}

/** Points closer than this (CSS px) to the previous one add nothing visible: skipped. */
const MIN_POINT_DISTANCE_PX = 0.5;
/** What the contract records when a device reports no pressure (mouse, most fingers). */
export const DEFAULT_PRESSURE = 0.5;

export function normalizePressure(pressure: number, pointerType: PointerType): number {
  // Mice report 0.5 while a button is down; touch often reports 0 or 1 whatever the finger does.
  if (pointerType !== 'pen' || !Number.isFinite(pressure) || pressure <= 0) return DEFAULT_PRESSURE;
  return Math.min(1, pressure);
}

export function toPointerType(value: string): PointerType {
  return value === 'pen' || value === 'touch' ? value : 'mouse';
}

export class StrokeRecorder {
  private readonly done: InkStroke[] = [];
  private live: InkStroke | null = null;

  /** Strokes finished so far (not the one being drawn). */
  get strokes(): readonly InkStroke[] {
    return this.done;
  }

  /** The stroke under the pen, if any. */
  get current(): InkStroke | null {
    return this.live;
  }

  get isEmpty(): boolean {
    return this.done.length === 0 && !this.live;
  }

  get isFull(): boolean {
    return this.done.length >= MAX_STROKES_PER_FIELD;
  }

  get pointCount(): number {
    return this.done.reduce((n, s) => n + s.points.length, 0) + (this.live?.points.length ?? 0);
  }

  /** Starts a stroke; false when the field holds as many strokes as the contract allows. */
  begin(point: InkPoint, pointerType: PointerType): boolean {
    if (this.live) this.end();
    if (this.isFull) return false;
    this.live = { pointerType, points: [point] };
    return true;
  }

  /**
   * Adds a point to the live stroke. Returns 'split' when the stroke reached the contract's
   * point cap and was finished there, a new one continuing from the same point (the caller
   * draws the finished part for good); 'skipped' for a point too close to the last one.
   */
  add(point: InkPoint): 'added' | 'skipped' | 'split' | 'ignored' {
    const live = this.live;
    if (!live) return 'ignored';
    const last = live.points[live.points.length - 1];
    if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) < MIN_POINT_DISTANCE_PX) return 'skipped';
    if (live.points.length >= MAX_POINTS_PER_STROKE) {
      this.done.push(live);
      if (this.isFull) {
        this.live = null;
        return 'split';
      }
      this.live = { pointerType: live.pointerType, points: last ? [last, point] : [point] };
      return 'split';
    }
    live.points.push(point);
    return 'added';
  }

  /** Finishes the live stroke; returns it (null when none). */
  end(): InkStroke | null {
    const live = this.live;
    this.live = null;
    if (live) this.done.push(live);
    return live;
  }

  /** Drops the live stroke (pointercancel: the system took the touch, e.g. a palm or a gesture). */
  cancel(): void {
    this.live = null;
  }

  undo(): void {
    if (this.live) this.live = null;
    else this.done.pop();
  }

  clear(): void {
    this.done.length = 0;
    this.live = null;
  }

  /** The field was laid out at a new size: scale every point by `factor` (x and y alike). */
  rescale(factor: number): void {
    if (!Number.isFinite(factor) || factor <= 0 || factor === 1) return;
    for (const stroke of [...this.done, ...(this.live ? [this.live] : [])]) {
      for (const p of stroke.points) {
        p[0] *= factor;
        p[1] *= factor;
      }
    }
  }

  /** The earliest time of any point (epoch ms), or null when empty. */
  firstTime(): number | null {
    let first: number | null = null;
    for (const s of this.done) for (const p of s.points) if (first === null || p[3] < first) first = p[3];
    return first;
  }
}

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/**
 * The contract's strokes: points scaled from CSS px to capture px (relative to the field's
 * rectangle, as recorded), times made relative to the card's first touch.
 */
export function toContractStrokes(strokes: readonly InkStroke[], scale: number, cardStartMs: number): Stroke[] {
  return strokes
    .filter((s) => s.points.length > 0)
    .map((s) => ({
      pointer_type: s.pointerType,
      points: s.points.map(([x, y, p, t]): [number, number, number, number] => [
        round(x * scale, 2),
        round(y * scale, 2),
        round(Math.min(1, Math.max(0, p)), 3),
        round(Math.max(0, t - cardStartMs), 1),
      ]),
    }));
}

/**
 * Keeps a card within the contract's whole-card point cap by dropping every other inner point
 * of the longest strokes (first and last points stay), so the server never refuses a card for
 * being written in too much detail.
 */
export function fitPointBudget(fields: Stroke[][], maxPoints: number): Stroke[][] {
  const total = () => fields.reduce((n, f) => n + f.reduce((m, s) => m + s.points.length, 0), 0);
  let guard = 0;
  while (total() > maxPoints && guard < 32) {
    guard += 1;
    for (const field of fields) {
      for (const stroke of field) {
        if (stroke.points.length <= 2) continue;
        const last = stroke.points[stroke.points.length - 1]!;
        const thinned = stroke.points.filter((_, i) => i % 2 === 0);
        if (thinned[thinned.length - 1] !== last) thinned.push(last);
        stroke.points = thinned;
      }
    }
  }
  return fields;
}
