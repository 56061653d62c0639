/**
 * signature_pad keeps its strokes as point groups `{x, y, time}` (CSS px of the pad, epoch ms)
 * but knows neither pressure nor pointer type: the field samples those from pointer events
 * and they are joined here. Also scales the groups when the pad is laid out at a new size.
 */
import type { PointerType } from '../../contract/devices';
import { DEFAULT_PRESSURE, type InkStroke } from './strokeModel';

export interface PadPoint {
  x: number;
  y: number;
  time: number;
  color?: string;
}

export interface PressureSample {
  time: number;
  pressure: number;
}

/** The pressure sampled nearest in time to `time` (samples sorted by time), else the default. */
export function pressureAt(samples: readonly PressureSample[], time: number): number {
  if (samples.length === 0) return DEFAULT_PRESSURE;
  let lo = 0;
  let hi = samples.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (samples[mid]!.time < time) lo = mid + 1;
    else hi = mid;
  }
  const after = samples[lo]!;
  const before = samples[lo - 1];
  if (before && Math.abs(before.time - time) <= Math.abs(after.time - time)) return before.pressure;
  return after.pressure;
}

export function padGroupsToStrokes(groups: readonly (readonly PadPoint[])[], pointerTypes: readonly PointerType[], pressures: readonly (readonly PressureSample[])[]): InkStroke[] {
  return groups
    .map((group, i) => ({
      pointerType: pointerTypes[i] ?? 'touch',
      points: group.map((p): [number, number, number, number] => [p.x, p.y, pressureAt(pressures[i] ?? [], p.time), p.time]),
    }))
    .filter((s) => s.points.length > 0);
}

export function scalePadGroups(groups: readonly (readonly PadPoint[])[], factor: number): PadPoint[][] {
  return groups.map((g) => g.map((p) => ({ ...p, x: p.x * factor, y: p.y * factor })));
}
