import type { Swing } from '../swings/types.js';
import type { PatternLine, PatternPoint } from './types.js';

/** Value of `line` at bar `t`. */
export function lineAt(line: PatternLine, t: number): number {
  return line.level + line.slope * (t - line.at);
}

export function horizontalLine(at: number, level: number): PatternLine {
  return { at, level, slope: 0 };
}

/** Least-squares line through swing points (exact for two points), anchored at bar `at`. */
export function fitLine(points: readonly Swing[], at: number): PatternLine {
  const m = points.length;
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sx += p.index;
    sy += p.price;
  }
  const mx = sx / m;
  const my = sy / m;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.index - mx) * (p.index - mx);
    sxy += (p.index - mx) * (p.price - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  return { at, level: my + slope * (at - mx), slope };
}

/** Largest absolute distance of the points from the line. */
export function maxResidual(points: readonly Swing[], line: PatternLine): number {
  let worst = 0;
  for (const p of points) worst = Math.max(worst, Math.abs(p.price - lineAt(line, p.index)));
  return worst;
}

export function patternPoint(role: string, pivot: number, swing: Swing): PatternPoint {
  return { role, pivot, index: swing.index, knownAt: swing.knownAt, price: swing.price };
}
