/**
 * Where each field lies in the screen capture. The capture is the card's form area drawn at
 * the device pixel ratio (capped by the contract's largest dimension); field rectangles are
 * sent in the capture's own pixels so crops can be derived for every resolution.
 */
import { CROP_KEYS, type CropKey, type PixelRect } from '../../contract/crop-keys';
import { MAX_CAPTURE_DIMENSION } from '../../contract/devices';

/** A rectangle in CSS pixels (as getBoundingClientRect reports it). */
export interface CssRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CaptureGeometry {
  /** Capture pixels per CSS pixel. */
  scale: number;
  width: number;
  height: number;
  fieldRects: Record<CropKey, PixelRect>;
}

/** A capture below this many pixels per CSS pixel would be too coarse to transcribe. */
const MIN_SCALE = 1;

const round2 = (v: number) => Math.round(v * 100) / 100;

export function captureScale(container: CssRect, devicePixelRatio: number): number {
  const wanted = Math.max(MIN_SCALE, Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1);
  const fits = Math.min(MAX_CAPTURE_DIMENSION / Math.max(1, container.width), MAX_CAPTURE_DIMENSION / Math.max(1, container.height));
  return Math.min(wanted, fits);
}

/** Maps a CSS rectangle to the capture, clipped to it. */
export function toCaptureRect(rect: CssRect, container: CssRect, scale: number, size: { width: number; height: number }): PixelRect {
  const x = Math.min(Math.max(0, (rect.x - container.x) * scale), size.width - 1);
  const y = Math.min(Math.max(0, (rect.y - container.y) * scale), size.height - 1);
  const width = Math.max(1, Math.min(rect.width * scale, size.width - x));
  const height = Math.max(1, Math.min(rect.height * scale, size.height - y));
  return { x: round2(x), y: round2(y), width: round2(width), height: round2(height) };
}

export function computeCaptureGeometry(container: CssRect, fields: Record<CropKey, CssRect>, devicePixelRatio: number): CaptureGeometry {
  const scale = captureScale(container, devicePixelRatio);
  const width = Math.max(1, Math.round(container.width * scale));
  const height = Math.max(1, Math.round(container.height * scale));
  const fieldRects = {} as Record<CropKey, PixelRect>;
  for (const key of CROP_KEYS) fieldRects[key] = toCaptureRect(fields[key], container, scale, { width, height });
  return { scale, width, height, fieldRects };
}
