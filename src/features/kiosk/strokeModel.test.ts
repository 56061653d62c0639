import { describe, expect, it } from 'vitest';
import { MAX_POINTS_PER_STROKE, MAX_STROKES_PER_FIELD, StrokeSchema } from '../../contract/devices';
import { fitPointBudget, normalizePressure, StrokeRecorder, toContractStrokes, toPointerType } from './strokeModel';

const T0 = 1_700_000_000_000;

describe('StrokeRecorder', () => {
  it('records strokes with their pointer type, skipping points that add nothing', () => {
    const r = new StrokeRecorder();
    expect(r.isEmpty).toBe(true);
    r.begin([1, 1, 0.5, T0], 'pen');
    expect(r.add([1.2, 1.1, 0.6, T0 + 4])).toBe('skipped');
    expect(r.add([5, 5, 0.7, T0 + 8])).toBe('added');
    expect(r.current?.points).toHaveLength(2);
    r.end();
    expect(r.strokes).toEqual([{ pointerType: 'pen', points: [[1, 1, 0.5, T0], [5, 5, 0.7, T0 + 8]] }]);
    expect(r.add([9, 9, 0.5, T0 + 20])).toBe('ignored');
  });

  it('undoes the last stroke, clears, and drops a cancelled stroke', () => {
    const r = new StrokeRecorder();
    for (let i = 0; i < 3; i += 1) {
      r.begin([i, 0, 0.5, T0 + i], 'touch');
      r.end();
    }
    r.undo();
    expect(r.strokes).toHaveLength(2);
    r.begin([9, 9, 0.5, T0], 'touch');
    r.cancel();
    expect(r.strokes).toHaveLength(2);
    r.clear();
    expect(r.isEmpty).toBe(true);
  });

  it('splits a stroke at the contract cap and continues from the same point', () => {
    const r = new StrokeRecorder();
    r.begin([0, 0, 0.5, T0], 'pen');
    let splits = 0;
    for (let i = 1; i < MAX_POINTS_PER_STROKE + 10; i += 1) if (r.add([i, 0, 0.5, T0 + i]) === 'split') splits += 1;
    r.end();
    expect(splits).toBe(1);
    expect(r.strokes[0]!.points).toHaveLength(MAX_POINTS_PER_STROKE);
    expect(r.strokes[1]!.points[0]).toEqual(r.strokes[0]!.points.at(-1));
    for (const s of toContractStrokes(r.strokes, 1, T0)) expect(StrokeSchema.safeParse(s).success).toBe(true);
  });

  it('refuses strokes beyond the per-field cap', () => {
    const r = new StrokeRecorder();
    for (let i = 0; i < MAX_STROKES_PER_FIELD; i += 1) {
      expect(r.begin([i, 0, 0.5, T0], 'touch')).toBe(true);
      r.end();
    }
    expect(r.begin([0, 0, 0.5, T0], 'touch')).toBe(false);
    expect(r.strokes).toHaveLength(MAX_STROKES_PER_FIELD);
  });

  it('rescales every point when the field is laid out anew', () => {
    const r = new StrokeRecorder();
    r.begin([10, 20, 0.5, T0], 'mouse');
    r.add([30, 40, 0.5, T0 + 5]);
    r.end();
    r.rescale(0.5);
    expect(r.strokes[0]!.points.map((p) => [p[0], p[1]])).toEqual([[5, 10], [15, 20]]);
    r.rescale(Number.NaN);
    expect(r.strokes[0]!.points[0]![0]).toBe(5);
  });
});

describe('toContractStrokes', () => {
  it('scales to capture pixels and makes times card-relative', () => {
    const strokes = toContractStrokes([{ pointerType: 'pen', points: [[10.123, 5, 0.33333, T0 + 12.345], [11, 6, 1.2, T0 - 5]] }], 2, T0);
    expect(strokes).toEqual([{ pointer_type: 'pen', points: [[20.25, 10, 0.333, 12.3], [22, 12, 1, 0]] }]);
  });
});

describe('fitPointBudget', () => {
  it('thins the card until it fits, keeping each stroke’s ends', () => {
    const stroke = (n: number) => ({ pointer_type: 'touch' as const, points: Array.from({ length: n }, (_, i): [number, number, number, number] => [i, 0, 0.5, i]) });
    const fields = [[stroke(1001)], [stroke(501), stroke(2)]];
    fitPointBudget(fields, 800);
    const total = fields.flat().reduce((n, s) => n + s.points.length, 0);
    expect(total).toBeLessThanOrEqual(800);
    expect(fields[0]![0]!.points[0]).toEqual([0, 0, 0.5, 0]);
    expect(fields[0]![0]!.points.at(-1)).toEqual([1000, 0, 0.5, 1000]);
    expect(fields[1]![1]!.points).toHaveLength(2);
  });
});

describe('pointer input', () => {
  it('keeps pen pressure and records 0.5 where the device has none', () => {
    expect(normalizePressure(0.8, 'pen')).toBe(0.8);
    expect(normalizePressure(0, 'pen')).toBe(0.5);
    expect(normalizePressure(1, 'touch')).toBe(0.5);
    expect(normalizePressure(0.5, 'mouse')).toBe(0.5);
    expect(toPointerType('pen')).toBe('pen');
    expect(toPointerType('')).toBe('mouse');
  });
});
