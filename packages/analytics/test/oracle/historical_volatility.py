"""numpy oracle for hv (packages/analytics/src/indicators/volatility), for
test/indicators/volatility.test.ts. Run by test/oracle/generate-python-goldens.ts, which stores the
results in test/golden/python/historical-volatility.gen.json; the tests read that file.

Definition: the sample standard deviation (ddof=1) of the last `period` log returns, annualised by
sqrt(periods_per_year), in percent; None before `period` returns exist (bars 0 … period - 1).

stdin JSON: {"close": [c...], "period": 20, "periods_per_year": 252}
stdout JSON: {"hv": [hv per bar, null during warm-up]}
"""
import json
import sys

import numpy as np


def main():
    d = json.load(sys.stdin)
    c = np.array(d['close'], dtype=float)
    p, ppy = int(d['period']), float(d['periods_per_year'])
    r = np.log(c[1:] / c[:-1])
    out = [None] * p + [float(np.std(r[i - p:i], ddof=1) * np.sqrt(ppy) * 100) for i in range(p, len(r) + 1)]
    print(json.dumps({'hv': out}))


if __name__ == '__main__':
    main()
