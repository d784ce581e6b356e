/** A dense square or rectangular matrix as rows (row i = `m[i]`). Never mutated by this package. */
export type Matrix = readonly Float64Array[];

/** Matrix–vector product m·x. */
export function matVec(m: Matrix, x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(m.length);
  for (let i = 0; i < m.length; i++) {
    const row = m[i]!;
    let s = 0;
    for (let j = 0; j < row.length; j++) s += row[j]! * x[j]!;
    out[i] = s;
  }
  return out;
}

/** Quadratic form xᵀ m x. */
export function quadForm(m: Matrix, x: ArrayLike<number>): number {
  const mx = matVec(m, x);
  let s = 0;
  for (let i = 0; i < mx.length; i++) s += x[i]! * mx[i]!;
  return s;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

export function assertSquare(m: Matrix, n: number, what: string): void {
  if (m.length !== n || m.some((r) => r.length !== n)) throw new RangeError(`${what}: expected ${n}×${n}`);
}
