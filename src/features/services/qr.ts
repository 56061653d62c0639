/** Browser-side QR outputs: the 2048 px PNG download and the small on-screen image. */
import QRCode from 'qrcode';
import { QR_ERROR_CORRECTION_LEVEL, QR_ON_SCREEN_SIZE_PX, QR_PNG_MARGIN_PX, QR_PNG_SIZE_PX } from '../../contract/services';
import { qrCellEdges } from './model';

/**
 * The QR code as a PNG exactly `size` pixels square with a `margin`-pixel white border. Drawn by
 * hand because qrcode's own margin is counted in modules, which cannot give exactly 100 px.
 */
export function qrPng(text: string, size = QR_PNG_SIZE_PX, margin = QR_PNG_MARGIN_PX): Promise<Blob> {
  const code = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION_LEVEL });
  const count = code.modules.size;
  const edges = qrCellEdges(count, size, margin);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('No canvas'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!code.modules.get(row, col)) continue;
      const x = edges[col] ?? 0;
      const y = edges[row] ?? 0;
      ctx.fillRect(x, y, (edges[col + 1] ?? x) - x, (edges[row + 1] ?? y) - y);
    }
  }
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The QR code could not be drawn.'))), 'image/png'));
}

/** The on-screen code: 256 px, error level L (spec 000 section 9). */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { width: QR_ON_SCREEN_SIZE_PX, errorCorrectionLevel: QR_ERROR_CORRECTION_LEVEL, margin: 2 });
}

/** Saves a blob or a same-origin URL under `fileName`. */
export function saveFile(source: Blob | string, fileName: string): void {
  const href = typeof source === 'string' ? source : URL.createObjectURL(source);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof source !== 'string') window.setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
