import { spawnSync } from 'node:child_process';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  abdiRanaldoSpread,
  amihudIlliquidity,
  corwinSchultzSpread,
  kyleLambda,
  rollSpread,
} from '../../src/microstructure/index.js';
import { PYTHON, requirePython } from '../support/python-oracle.js';

/**
 * Differential test: an independent vectorised numpy re-statement of the daily estimators (written
 * from the papers' formulas, windows via numpy slicing / np.cov / np.polyfit) run by /usr/bin/python3
 * on the same JNJ closes. Tolerance: 1e-10 relative (floating-point summation order only).
 */
const ORACLE = `
import sys, json, numpy as np
d = json.load(sys.stdin)
h, l, c, v = (np.array(d[k]) for k in ('high', 'low', 'close', 'volume'))
w, wk = d['window'], d['kyleWindow']
n = len(c)
r = np.diff(np.log(c))                      # r[t-1] = ln(c_t / c_{t-1})
out = {'roll': [], 'cs': [], 'ar': [], 'amihud': [], 'kyle': []}
# Corwin-Schultz two-day estimates with the overnight adjustment, negative -> 0
cs2 = np.full(n, np.nan)
for t in range(1, n):
    h1, l1, c0 = h[t], l[t], c[t-1]
    if l1 > c0: h1, l1 = h1 - (l1 - c0), c0
    elif h1 < c0: h1, l1 = c0, l1 + (c0 - h1)
    beta = np.log(h[t-1]/l[t-1])**2 + np.log(h1/l1)**2
    gamma = np.log(max(h[t-1], h1)/min(l[t-1], l1))**2
    k = 3 - 2*np.sqrt(2)
    a = (np.sqrt(2*beta) - np.sqrt(beta))/k - np.sqrt(gamma/k)
    cs2[t] = max(0.0, 2*(np.exp(a)-1)/(1+np.exp(a)))
eta = (np.log(h) + np.log(l))/2
lc = np.log(c)
ar2 = np.full(n, np.nan)
ar2[1:] = 4*(lc[:-1] - eta[:-1])*(lc[:-1] - eta[1:])
ratio = np.full(n, np.nan)
ratio[1:] = np.abs(c[1:]/c[:-1] - 1)/(c[1:]*v[1:])
for t in range(n - 30, n):
    rr = r[t-w:t]                           # returns ending at t
    cov = np.cov(rr[1:], rr[:-1])[0, 1]
    out['roll'].append(2*np.sqrt(-cov) if cov < 0 else 0.0)
    out['cs'].append(float(np.mean(cs2[t-w+1:t+1])))
    out['ar'].append(float(np.sqrt(max(0.0, np.mean(ar2[t-w+1:t+1])))))
    out['amihud'].append(float(np.mean(ratio[t-w+1:t+1])*1e6))
    y = r[t-wk:t]
    x = np.sign(y)*c[t-wk+1:t+1]*v[t-wk+1:t+1]
    out['kyle'].append(float(np.polyfit(x, y, 1)[0]*1e6))
print(json.dumps(out))
`;

describe('daily estimators agree with an independent numpy implementation (JNJ 2010–2015)', () => {
  beforeAll(() => requirePython('numpy'));
  const { header, rows } = readCsv(
    sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted', 'DA-JNJ-T-2021-04-21.csv'),
  );
  const kept = rows.filter((r) => r[0]! >= '2010-01-01' && r[0]! <= '2015-12-31');
  const col = (name: string) => Float64Array.from(kept, (r) => Number(r[header.indexOf(name)]));
  const high = col('high');
  const low = col('low');
  const close = col('close');
  const volume = col('volume');
  const window = 21;
  const kyleWindow = 63;

  it('Roll, Corwin–Schultz, Abdi–Ranaldo, Amihud and Kyle λ over the last 30 bars', () => {
    const py = spawnSync(PYTHON, ['-c', ORACLE], {
      input: JSON.stringify({
        high: Array.from(high),
        low: Array.from(low),
        close: Array.from(close),
        volume: Array.from(volume),
        window,
        kyleWindow,
      }),
      encoding: 'utf8',
    });
    expect(py.status, py.stderr).toBe(0);
    const want = JSON.parse(py.stdout) as Record<'roll' | 'cs' | 'ar' | 'amihud' | 'kyle', number[]>;
    const n = close.length;
    const ours = {
      roll: rollSpread(close, { window }),
      cs: corwinSchultzSpread(high, low, close, { window }),
      ar: abdiRanaldoSpread(high, low, close, { window }),
      amihud: amihudIlliquidity(close, volume, { window }),
      kyle: kyleLambda(close, volume, { window: kyleWindow }),
    };
    for (const [name, series] of Object.entries(ours)) {
      const expected = want[name as keyof typeof want];
      expect(expected.length).toBe(30);
      expected.forEach((e, k) => {
        const got = series[n - 30 + k]!;
        expect(Math.abs(got - e), `${name}[${k}] ${got} vs ${e}`).toBeLessThanOrEqual(
          1e-10 * Math.max(1e-12, Math.abs(e)),
        );
      });
    }
  });
});
