/**
 * The state of the photo being cropped: its source image, the crop rectangle and the debounced
 * preview. The form owns it so it can ask for the PNG when submitting.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { centerCrop, convertToPixelCrop, makeAspectCrop, type Crop, type PixelCrop } from 'react-image-crop';
import { cropToPng, drawCrop } from './photo';

/** Square portraits (spec 000 section 5). */
export const PHOTO_ASPECT = 1;
/** The crop may not get smaller than this many displayed pixels high. */
export const PHOTO_MIN_CROP_HEIGHT_PX = 100;
/** The first crop covers this much of the image's width, centred. */
export const PHOTO_INITIAL_CROP_WIDTH_PERCENT = 90;
/** The preview redraws this long after the crop stops changing. */
export const PHOTO_PREVIEW_DEBOUNCE_MS = 100;

export function initialCrop(width: number, height: number): Crop {
  return centerCrop(makeAspectCrop({ unit: '%', width: PHOTO_INITIAL_CROP_WIDTH_PERCENT }, PHOTO_ASPECT, width, height), width, height);
}

export function usePhotoCrop() {
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Crop | undefined>(undefined);
  const imageRef = useRef<HTMLImageElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => () => {
    if (src) URL.revokeObjectURL(src);
  }, [src]);

  /** A file picked, a sample avatar or an obituary photo: starts a new crop. */
  const setImage = useCallback((blob: Blob | null) => {
    setCrop(undefined);
    setSrc(blob ? URL.createObjectURL(blob) : null);
  }, []);

  const onImageLoad = useCallback((img: HTMLImageElement) => {
    setCrop(initialCrop(img.width, img.height));
  }, []);

  const pixelCrop = useCallback((): PixelCrop | null => {
    const img = imageRef.current;
    if (!img || !crop || !img.width || !img.height) return null;
    const px = convertToPixelCrop(crop, img.width, img.height);
    return px.width > 0 && px.height > 0 ? px : null;
  }, [crop]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const img = imageRef.current;
      const canvas = previewRef.current;
      const px = pixelCrop();
      if (img && canvas && px) drawCrop(img, px, canvas, canvas.clientWidth * window.devicePixelRatio || 200);
    }, PHOTO_PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pixelCrop]);

  /** The cropped PNG, or null when there is no photo. */
  const toPng = useCallback(async (): Promise<Blob | null> => {
    const img = imageRef.current;
    const px = pixelCrop();
    return img && px ? cropToPng(img, px) : null;
  }, [pixelCrop]);

  return { src, crop, setCrop, setImage, onImageLoad, imageRef, previewRef, toPng, hasPhoto: Boolean(src) };
}

export type PhotoCrop = ReturnType<typeof usePhotoCrop>;
