import { describe, expect, it } from 'vitest';
import { CROP_KEYS, type CropKey } from '../../contract/crop-keys';
import { MAX_CAPTURE_DIMENSION } from '../../contract/devices';
import { captureScale, computeCaptureGeometry, type CssRect } from './captureGeometry';

const fieldsAt = (rect: (i: number) => CssRect) => Object.fromEntries(CROP_KEYS.map((k, i) => [k, rect(i)])) as Record<CropKey, CssRect>;

describe('capture geometry', () => {
  it('maps field boxes to capture pixels at the device pixel ratio', () => {
    const container = { x: 20, y: 100, width: 1000, height: 900 };
    const g = computeCaptureGeometry(container, fieldsAt((i) => ({ x: 40, y: 120 + i * 110, width: 480, height: 90 })), 2);
    expect(g).toMatchObject({ scale: 2, width: 2000, height: 1800 });
    expect(g.fieldRects.printed_name).toEqual({ x: 40, y: 40, width: 960, height: 180 });
    expect(g.fieldRects.signature_image).toEqual({ x: 40, y: 40 + 6 * 220, width: 960, height: 180 });
  });

  it('never goes below one pixel per CSS pixel nor above the contract’s largest capture', () => {
    expect(captureScale({ x: 0, y: 0, width: 800, height: 600 }, 0.5)).toBe(1);
    const huge = { x: 0, y: 0, width: 4000, height: 3000 };
    const g = computeCaptureGeometry(huge, fieldsAt(() => ({ x: 0, y: 0, width: 4000, height: 3000 })), 3);
    expect(g.width).toBeLessThanOrEqual(MAX_CAPTURE_DIMENSION);
    expect(g.height).toBeLessThanOrEqual(MAX_CAPTURE_DIMENSION);
    expect(g.scale).toBe(1.5);
  });

  it('clips boxes that overhang the capture, so every rectangle lies inside it', () => {
    const container = { x: 0, y: 0, width: 500, height: 400 };
    const g = computeCaptureGeometry(container, fieldsAt(() => ({ x: -10, y: 350, width: 600, height: 100 })), 1);
    for (const key of CROP_KEYS) {
      const r = g.fieldRects[key];
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(g.width);
      expect(r.y + r.height).toBeLessThanOrEqual(g.height);
    }
  });
});
