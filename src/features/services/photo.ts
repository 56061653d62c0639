/** Canvas helpers for the service photo: crop to PNG, rasterise the sample avatars. */
import type { PixelCrop } from 'react-image-crop';

/** The stored portrait is shrunk to this side by the server anyway; larger uploads only cost time. */
export const PHOTO_OUTPUT_MAX_SIDE_PX = 1024;
/** Sample avatars are drawn at this size before cropping. */
export const SAMPLE_AVATAR_SIZE_PX = 512;

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be prepared.'))), 'image/png');
  });
}

/** Draws `crop` (in displayed pixels of `image`) at the image's natural resolution onto `canvas`. */
export function drawCrop(image: HTMLImageElement, crop: PixelCrop, canvas: HTMLCanvasElement, maxSide = Number.POSITIVE_INFINITY): void {
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  const sourceW = crop.width * scaleX;
  const sourceH = crop.height * scaleY;
  const shrink = Math.min(1, maxSide / Math.max(sourceW, sourceH));
  canvas.width = Math.max(1, Math.round(sourceW * shrink));
  canvas.height = Math.max(1, Math.round(sourceH * shrink));
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.imageSmoothingQuality = 'high';
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, crop.x * scaleX, crop.y * scaleY, sourceW, sourceH, 0, 0, canvas.width, canvas.height);
}

/** The cropped photo as the PNG the create/update call sends. */
export function cropToPng(image: HTMLImageElement, crop: PixelCrop): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawCrop(image, crop, canvas, PHOTO_OUTPUT_MAX_SIDE_PX);
  return canvasToPng(canvas);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The image could not be loaded.'));
    img.src = src;
  });
}

/** A same-origin SVG drawn into a square PNG, so it goes through the cropper like a photo. */
export async function rasteriseSvg(url: string, size = SAMPLE_AVATAR_SIZE_PX): Promise<Blob> {
  const img = await loadImage(url);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  canvas.getContext('2d')?.drawImage(img, 0, 0, size, size);
  return canvasToPng(canvas);
}

/** A small JPEG data: URL of an image (for embedding the portrait into the printable QR frame). */
export async function imageToDataUrl(url: string, maxSide: number): Promise<string> {
  const img = await loadImage(url);
  const shrink = Math.min(1, maxSide / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * shrink));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * shrink));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.85);
}
