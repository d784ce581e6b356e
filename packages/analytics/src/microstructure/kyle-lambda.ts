export interface KyleLambdaOptions {
  /** Days per regression. Default 63. */
  readonly window?: number;
  /** Regressor: signed dollar volume ('linear') or signed √(dollar volume) ('sqrt', as Hasbrouck 2009). Default 'linear'. */
  readonly transform?: 'linear' | 'sqrt';
  /** Multiplier of the slope; the default 1e6 reads as "return per $1 million of signed flow". */
  readonly scale?: number;
}

/**
 * Daily proxy of Kyle's (1985, Econometrica 53(6)) price-impact coefficient λ: the OLS slope (with
 * intercept) of the close-to-close log return r_t on the signed dollar volume x_t = sign(r_t)·C_t·V_t
 * over a rolling window (the trade sign of a day is proxied by the sign of its return). Positive in
 * practice; it is not clamped. Output aligned; the first `window` bars are NaN, and NaN where the
 * regressor has no variance.
 */
export function kyleLambda(
  close: Float64Array,
  volume: Float64Array,
  options: KyleLambdaOptions = {},
): Float64Array {
  const window = options.window ?? 63;
  const transform = options.transform ?? 'linear';
  const scale = options.scale ?? 1e6;
  if (!Number.isInteger(window) || window < 3)
    throw new RangeError('kyleLambda: window must be an integer ≥ 3');
  const n = close.length;
  if (volume.length !== n) throw new RangeError('kyleLambda: length mismatch');
  const r = new Float64Array(n).fill(Number.NaN);
  const x = new Float64Array(n).fill(Number.NaN);
  for (let t = 1; t < n; t++) {
    r[t] = Math.log(close[t]! / close[t - 1]!);
    const dv = close[t]! * volume[t]!;
    x[t] = Math.sign(r[t]!) * (transform === 'sqrt' ? Math.sqrt(dv) : dv);
  }
  const out = new Float64Array(n).fill(Number.NaN);
  for (let t = window; t < n; t++) {
    let sx = 0;
    let sy = 0;
    for (let k = t - window + 1; k <= t; k++) {
      sx += x[k]!;
      sy += r[k]!;
    }
    const mx = sx / window;
    const my = sy / window;
    let sxx = 0;
    let sxy = 0;
    for (let k = t - window + 1; k <= t; k++) {
      const dx = x[k]! - mx;
      sxx += dx * dx;
      sxy += dx * (r[k]! - my);
    }
    if (sxx > 0) out[t] = (sxy / sxx) * scale;
  }
  return out;
}
