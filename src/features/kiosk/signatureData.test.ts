import { describe, expect, it } from 'vitest';
import { padGroupsToStrokes, pressureAt, scalePadGroups } from './signatureData';

describe('signature pad data', () => {
  it('finds the pressure sampled nearest in time', () => {
    const samples = [
      { time: 100, pressure: 0.2 },
      { time: 110, pressure: 0.4 },
      { time: 130, pressure: 0.9 },
    ];
    expect(pressureAt(samples, 90)).toBe(0.2);
    expect(pressureAt(samples, 114)).toBe(0.4);
    expect(pressureAt(samples, 125)).toBe(0.9);
    expect(pressureAt(samples, 500)).toBe(0.9);
    expect(pressureAt([], 1)).toBe(0.5);
  });

  it('joins point groups with their pointer types and pressures', () => {
    const strokes = padGroupsToStrokes(
      [[{ x: 1, y: 2, time: 100 }, { x: 3, y: 4, time: 120 }], []],
      ['pen'],
      [[{ time: 100, pressure: 0.3 }, { time: 120, pressure: 0.6 }]],
    );
    expect(strokes).toEqual([{ pointerType: 'pen', points: [[1, 2, 0.3, 100], [3, 4, 0.6, 120]] }]);
  });

  it('scales groups for a new layout without touching times', () => {
    expect(scalePadGroups([[{ x: 10, y: 20, time: 5, color: 'black' }]], 1.5)).toEqual([[{ x: 15, y: 30, time: 5, color: 'black' }]]);
  });
});
