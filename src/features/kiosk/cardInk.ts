/**
 * Everything written on one signing card: a stroke recorder per handwriting field, the
 * signature pad's points, and the DOM boxes the capture measures. Plain objects held in a ref
 * by the card, so drawing never goes through React state.
 */
import { CROP_KEYS, type CropKey } from '../../contract/crop-keys';
import { StrokeRecorder, type InkStroke } from './strokeModel';

export const HANDWRITING_KEYS = CROP_KEYS.filter((k): k is Exclude<CropKey, 'signature_image'> => k !== 'signature_image');
export type HandwritingKey = (typeof HANDWRITING_KEYS)[number];

/** What the signature field (react-signature-canvas) exposes to the card. */
export interface SignatureSource {
  isEmpty(): boolean;
  /** Its strokes as ink points (CSS px of the pad, epoch ms). */
  strokes(): InkStroke[];
  /** The pad's bitmap, drawn at the device pixel ratio. */
  canvas(): HTMLCanvasElement | null;
}

export class CardInk {
  readonly recorders = Object.fromEntries(HANDWRITING_KEYS.map((k) => [k, new StrokeRecorder()])) as Record<HandwritingKey, StrokeRecorder>;
  signature: SignatureSource | null = null;
  /** The writing box of each field, measured for the capture's field rectangles. */
  readonly boxes: Partial<Record<CropKey, HTMLElement>> = {};

  isEmpty(): boolean {
    return HANDWRITING_KEYS.every((k) => this.recorders[k].isEmpty) && (this.signature?.isEmpty() ?? true);
  }

  /** The card's first touch (epoch ms): stroke times are sent relative to it. */
  startTime(): number | null {
    const times: number[] = [];
    for (const key of HANDWRITING_KEYS) {
      const t = this.recorders[key].firstTime();
      if (t !== null) times.push(t);
    }
    for (const s of this.signature?.strokes() ?? []) if (s.points[0]) times.push(s.points[0][3]);
    return times.length ? Math.min(...times) : null;
  }

  clear(): void {
    for (const key of HANDWRITING_KEYS) this.recorders[key].clear();
  }
}
