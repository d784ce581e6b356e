"""Independent vectorised numpy re-statement of the daily liquidity estimators
(packages/analytics/src/microstructure), written from the papers' formulas (windows by numpy slicing,
np.cov, np.polyfit), for test/microstructure/numpy-oracle.test.ts. Run by
test/oracle/generate-python-goldens.ts, which stores the results in
test/golden/python/daily-liquidity-estimators.gen.json; the tests read that file.

Roll (1984) spread, Corwin & Schultz (2012) with the overnight adjustment (negative two-day estimates
set to 0), Abdi & Ranaldo (2017), Amihud (2002) illiquidity (x 1e6) and Kyle's lambda (x 1e6) as the
OLS slope of returns on signed dollar volume.

stdin JSON: {"high": [...], "low": [...], "close": [...], "volume": [...], "window": 21, "kyleWindow": 63}
stdout JSON: {"roll": [...], "cs": [...], "ar": [...], "amihud": [...], "kyle": [...]}, the last 30 bars.
"""
import json
import sys

import numpy as np

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
