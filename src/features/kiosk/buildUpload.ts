/**
 * Turns a finished card into the upload body: the screen capture (the form area composited
 * onto one canvas at the device pixel ratio: labels, boxes, handwriting re-drawn from its
 * points, the signature pad's bitmap, the planning checkbox), the signature PNG, the field
 * rectangles in capture pixels, and the strokes as vectors.
 */
import { CROP_KEYS, type CropKey } from '../../contract/crop-keys';
import { MAX_POINTS_PER_SIGNATURE, STROKE_FORMAT_VERSION, type Stroke, type UploadKioskSignatureBody } from '../../contract/devices';
import { newClientId } from '../outbox/api';
import { computeCaptureGeometry, toCaptureRect, type CaptureGeometry, type CssRect } from './captureGeometry';
import { HANDWRITING_KEYS, type CardInk } from './cardInk';
import { drawInkStrokes, INK_COLOR } from './renderInk';
import { fitPointBudget, toContractStrokes } from './strokeModel';

const rectOf = (el: Element): CssRect => {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, width: r.width, height: r.height };
};

/** Draws the form area as the guest saw it, from data rather than from screen pixels. */
export function drawCapture(container: HTMLElement, ink: CardInk, geometry: CaptureGeometry): HTMLCanvasElement {
  const { scale, width, height } = geometry;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas on this device.');
  const origin = rectOf(container);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);

  ctx.textBaseline = 'top';
  for (const el of container.querySelectorAll<HTMLElement>('[data-capture-text]')) {
    const r = toCaptureRect(rectOf(el), origin, scale, geometry);
    const style = getComputedStyle(el);
    ctx.fillStyle = '#3b4147';
    ctx.font = `${style.fontWeight} ${parseFloat(style.fontSize) * scale}px ${style.fontFamily}`;
    ctx.fillText(el.textContent ?? '', r.x, r.y, r.width);
  }

  for (const el of container.querySelectorAll<HTMLInputElement>('[data-capture-checkbox]')) {
    const r = toCaptureRect(rectOf(el), origin, scale, geometry);
    ctx.strokeStyle = '#3b4147';
    ctx.lineWidth = 2 * scale;
    ctx.strokeRect(r.x, r.y, r.width, r.height);
    if (el.checked) {
      ctx.beginPath();
      ctx.moveTo(r.x + r.width * 0.2, r.y + r.height * 0.55);
      ctx.lineTo(r.x + r.width * 0.42, r.y + r.height * 0.78);
      ctx.lineTo(r.x + r.width * 0.8, r.y + r.height * 0.25);
      ctx.stroke();
    }
  }

  ctx.strokeStyle = '#c9c3ba';
  ctx.lineWidth = Math.max(1, scale);
  for (const key of CROP_KEYS) {
    const r = geometry.fieldRects[key];
    ctx.strokeRect(r.x, r.y, r.width, r.height);
  }
  ctx.fillStyle = INK_COLOR;
  for (const key of HANDWRITING_KEYS) {
    const r = geometry.fieldRects[key];
    ctx.save();
    ctx.beginPath();
    ctx.rect(r.x, r.y, r.width, r.height);
    ctx.clip();
    drawInkStrokes(ctx, ink.recorders[key].strokes, scale, r.x, r.y);
    ctx.restore();
  }
  const pad = ink.signature?.canvas();
  const sig = geometry.fieldRects.signature_image;
  if (pad && pad.width > 0 && pad.height > 0) ctx.drawImage(pad, sig.x, sig.y, sig.width, sig.height);
  return canvas;
}

/**
 * The canvas as base64 PNG. toDataURL (synchronous, ~40 ms for a 2x capture) rather than
 * toBlob: Chromium schedules toBlob's encoding in idle time and a busy page waits up to a
 * second for it (measured by bench/kiosk), and the thank-you screen waits for this.
 */
export function canvasToPngBase64(canvas: HTMLCanvasElement): string {
  const dataUrl = canvas.toDataURL('image/png');
  if (!dataUrl.startsWith('data:image/png')) throw new Error('The screen capture could not be made.');
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

/** An empty signature pad still yields a (blank) PNG: the contract always carries one. */
function signaturePng(ink: CardInk): string {
  const pad = ink.signature?.canvas();
  if (pad && pad.width > 0 && pad.height > 0) return canvasToPngBase64(pad);
  const blank = document.createElement('canvas');
  blank.width = 1;
  blank.height = 1;
  return canvasToPngBase64(blank);
}

export interface BuildUploadInput {
  container: HTMLElement;
  ink: CardInk;
  serviceId: string;
  planningAhead: boolean;
  devicePixelRatio: number;
  now?: Date;
}

export function buildKioskUpload(input: BuildUploadInput): UploadKioskSignatureBody {
  const { container, ink } = input;
  const origin = rectOf(container);
  const fields = {} as Record<CropKey, CssRect>;
  for (const key of CROP_KEYS) {
    const box = ink.boxes[key];
    if (!box) throw new Error(`The ${key} field is not on the card.`);
    fields[key] = rectOf(box);
  }
  const geometry = computeCaptureGeometry(origin, fields, input.devicePixelRatio);
  const startedAt = ink.startTime() ?? Date.now();

  const keys: CropKey[] = [...HANDWRITING_KEYS, 'signature_image'];
  const perField: Stroke[][] = keys.map((key) =>
    key === 'signature_image'
      ? toContractStrokes(ink.signature?.strokes() ?? [], geometry.scale, startedAt)
      : toContractStrokes(ink.recorders[key].strokes, geometry.scale, startedAt),
  );
  fitPointBudget(perField, MAX_POINTS_PER_SIGNATURE);
  const strokes: Partial<Record<CropKey, Stroke[]>> = {};
  keys.forEach((key, i) => {
    const list = perField[i];
    if (list && list.length > 0) strokes[key] = list;
  });

  const capture = drawCapture(container, ink, geometry);
  const screenCapture = canvasToPngBase64(capture);
  const rawSignature = signaturePng(ink);
  return {
    client_id: newClientId(),
    service_unique_identifier: input.serviceId,
    captured_at: (input.now ?? new Date()).toISOString(),
    capture_width: geometry.width,
    capture_height: geometry.height,
    field_rects: geometry.fieldRects,
    stroke_format: STROKE_FORMAT_VERSION,
    strokes,
    receive_information_on_advance_planning: input.planningAhead,
    screen_capture_png: screenCapture,
    raw_signature_png: rawSignature,
  };
}
