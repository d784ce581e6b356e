/** Objective: writes the gradient into `grad` and returns the value at `x`. */
export type Objective = (x: Float64Array, grad: Float64Array) => number;

export interface LbfgsOptions {
  /** Iteration cap. Default 200. */
  readonly maxIterations?: number;
  /** History pairs kept. Default 10. */
  readonly memory?: number;
  /** Stop when the relative decrease of the objective over an iteration falls below this. Default 1e-7. */
  readonly tolerance?: number;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/**
 * Limited-memory BFGS (Nocedal and Wright 2006, Algorithm 7.4 two-loop recursion) with a
 * backtracking Armijo line search. Deterministic: no randomness, fixed arithmetic order.
 * Minimises `f` from `x0` (not mutated) and returns the final point.
 */
export function lbfgs(f: Objective, x0: Float64Array, options: LbfgsOptions = {}): Float64Array {
  const maxIterations = options.maxIterations ?? 200;
  const memory = options.memory ?? 10;
  const tolerance = options.tolerance ?? 1e-7;
  const n = x0.length;
  let x = Float64Array.from(x0);
  let g = new Float64Array(n);
  let fx = f(x, g);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const rho: number[] = [];
  const d = new Float64Array(n);
  const alpha = new Float64Array(memory);
  const xNew = new Float64Array(n);
  let gNew = new Float64Array(n);
  for (let it = 0; it < maxIterations; it++) {
    // Two-loop recursion: d = −H·g.
    for (let i = 0; i < n; i++) d[i] = -g[i]!;
    for (let k = S.length - 1; k >= 0; k--) {
      const a = rho[k]! * dot(S[k]!, d);
      alpha[k] = a;
      const y = Y[k]!;
      for (let i = 0; i < n; i++) d[i] = d[i]! - a * y[i]!;
    }
    if (S.length > 0) {
      const last = S.length - 1;
      const gamma = dot(S[last]!, Y[last]!) / dot(Y[last]!, Y[last]!);
      for (let i = 0; i < n; i++) d[i] = d[i]! * gamma;
    } else {
      const gn = Math.sqrt(dot(g, g));
      if (gn === 0) break;
      for (let i = 0; i < n; i++) d[i] = d[i]! / gn;
    }
    for (let k = 0; k < S.length; k++) {
      const b = rho[k]! * dot(Y[k]!, d);
      const s = S[k]!;
      const a = alpha[k]!;
      for (let i = 0; i < n; i++) d[i] = d[i]! + (a - b) * s[i]!;
    }
    const slope = dot(g, d);
    if (!(slope < 0)) break;
    // Backtracking line search (Armijo, c = 1e-4).
    let step = 1;
    let fNew = Number.NaN;
    for (let tries = 0; tries < 30; tries++) {
      for (let i = 0; i < n; i++) xNew[i] = x[i]! + step * d[i]!;
      fNew = f(xNew, gNew);
      if (fNew <= fx + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNew <= fx)) break;
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      s[i] = xNew[i]! - x[i]!;
      y[i] = gNew[i]! - g[i]!;
    }
    const sy = dot(s, y);
    if (sy > 1e-12) {
      if (S.length === memory) {
        S.shift();
        Y.shift();
        rho.shift();
      }
      S.push(s);
      Y.push(y);
      rho.push(1 / sy);
    }
    const decrease = (fx - fNew) / Math.max(1, Math.abs(fx));
    x = Float64Array.from(xNew);
    const tmp = g;
    g = gNew;
    gNew = tmp;
    fx = fNew;
    if (decrease < tolerance) break;
  }
  return x;
}
