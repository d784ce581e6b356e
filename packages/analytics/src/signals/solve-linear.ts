/** Solves A·x = b (A symmetric positive definite) by Gaussian elimination with partial pivoting. */
export function solveLinear(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r * n + col] as number) > Math.abs(m[pivot * n + col] as number)) pivot = r;
    if (pivot !== col) {
      for (let c = 0; c < n; c++) {
        const tmp = m[col * n + c] as number;
        m[col * n + c] = m[pivot * n + c] as number;
        m[pivot * n + c] = tmp;
      }
      const tb = x[col] as number;
      x[col] = x[pivot] as number;
      x[pivot] = tb;
    }
    const p = m[col * n + col] as number;
    for (let r = col + 1; r < n; r++) {
      const f = (m[r * n + col] as number) / p;
      if (f === 0) continue;
      for (let c = col; c < n; c++) m[r * n + c] = (m[r * n + c] as number) - f * (m[col * n + c] as number);
      x[r] = (x[r] as number) - f * (x[col] as number);
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r] as number;
    for (let c = r + 1; c < n; c++) s -= (m[r * n + c] as number) * (x[c] as number);
    x[r] = s / (m[r * n + r] as number);
  }
  return x;
}
