/**
 * Draws handwriting from its points with perfect-freehand: a pressure-aware outline filled as
 * one path. Used for the live field canvases and, at another scale, for the screen capture.
 */
import { getStroke, type StrokeOptions } from 'perfect-freehand';
import type { InkPoint, InkStroke } from './strokeModel';

export const INK_COLOR = '#1b1f24';

/** Legible for transcription: a felt-tip look, thinner where the pen presses lightly. */
function strokeOptions(stroke: InkStroke, scale: number, last: boolean): StrokeOptions {
  return {
    size: 4.5 * scale,
    thinning: stroke.pointerType === 'pen' ? 0.6 : 0.45,
    smoothing: 0.5,
    streamline: 0.45,
    // Fingers and mice report no real pressure: derive it from speed instead.
    simulatePressure: stroke.pointerType !== 'pen',
    start: { taper: 0, cap: true },
    end: { taper: 0, cap: true },
    last,
  };
}

function outlinePath(outline: number[][]): Path2D {
  const path = new Path2D();
  const n = outline.length;
  if (n === 0) return path;
  const first = outline[0]!;
  path.moveTo(first[0]!, first[1]!);
  // Quadratic curves through the midpoints give a smooth edge without extra points.
  for (let i = 1; i < n; i += 1) {
    const a = outline[i]!;
    const b = outline[(i + 1) % n]!;
    path.quadraticCurveTo(a[0]!, a[1]!, (a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2);
  }
  path.closePath();
  return path;
}

/** Draws one stroke; `scale` maps the stroke's CSS pixels to the context's pixels. */
export function drawInkStroke(ctx: CanvasRenderingContext2D, stroke: InkStroke, scale: number, options: { last?: boolean; offsetX?: number; offsetY?: number } = {}): void {
  const { last = true, offsetX = 0, offsetY = 0 } = options;
  const input = stroke.points.map((p: InkPoint) => [p[0] * scale + offsetX, p[1] * scale + offsetY, p[2]]);
  const outline = getStroke(input, strokeOptions(stroke, scale, last));
  ctx.fillStyle = INK_COLOR;
  ctx.fill(outlinePath(outline));
}

export function drawInkStrokes(ctx: CanvasRenderingContext2D, strokes: readonly InkStroke[], scale: number, offsetX = 0, offsetY = 0): void {
  for (const stroke of strokes) drawInkStroke(ctx, stroke, scale, { offsetX, offsetY });
}
