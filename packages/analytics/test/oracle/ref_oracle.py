"""Independent numpy implementations of indicators from their published definitions (not from our
TypeScript), for test/indicators/ref-python.test.ts. Run by test/oracle/generate-python-goldens.ts,
which stores the results in test/golden/python/ref-oracle.gen.json; the tests read that file.

Reads {"fn": name, ...arguments} as JSON on stdin, prints the outputs as JSON (NaN -> null).

supertrend: TradingView Pine Script v5 reference manual, `ta.supertrend(factor, atrPeriod)` — the
    manual gives the function's equivalent Pine code (hl2 +/- factor * ta.atr, the ratcheted final
    bands, the direction rule). `ta.atr(n)` is `ta.rma(ta.tr(true), n)`; `ta.tr(true)` is high - low on
    the first bar; `ta.rma` starts with the SMA of its first n values and then uses alpha = 1/n.
    Pine's direction is -1 for an uptrend and +1 for a downtrend; it is returned as Pine defines it.
nvi, pvi: N. Fosback, "Stock Market Logic" (1976), as StockCharts ChartSchool "Negative Volume Index"
    states it: start at 1000; on a bar whose volume is below (NVI) / above (PVI) the previous bar's,
    add the close's percent change times the previous index; otherwise carry the index.
vpt: StockCharts ChartSchool "Price Volume Trend": PVT = previous PVT + volume * (close - previous
    close) / previous close, from 0 on the first bar.
"""
import json
import sys

import numpy as np


def arr(xs):
    return np.array([np.nan if x is None else x for x in xs], dtype=float)


def pine_tr(high, low, close):
    """ta.tr(true): max(high - low, |high - close[1]|, |low - close[1]|); high - low on the first bar."""
    tr = high - low
    prev = close[:-1]
    tr[1:] = np.maximum(high[1:] - low[1:], np.maximum(np.abs(high[1:] - prev), np.abs(low[1:] - prev)))
    return tr


def pine_rma(src, length):
    """ta.rma: na until `length` values, then SMA seed, then alpha = 1/length recursion."""
    out = np.full(len(src), np.nan)
    alpha = 1.0 / length
    for i in range(length - 1, len(src)):
        if i == length - 1:
            out[i] = np.mean(src[:length])
        else:
            out[i] = alpha * src[i] + (1 - alpha) * out[i - 1]
    return out


def supertrend(high, low, close, period, multiplier):
    n = len(close)
    src = (high + low) / 2
    atr = pine_rma(pine_tr(high, low, close), period)
    st = np.full(n, np.nan)
    direction = np.full(n, np.nan)
    upper_out = np.full(n, np.nan)
    lower_out = np.full(n, np.nan)
    prev_upper = prev_lower = prev_st = np.nan
    for i in range(n):
        if np.isnan(atr[i]):
            continue
        upper = src[i] + multiplier * atr[i]
        lower = src[i] - multiplier * atr[i]
        # prevLowerBand = nz(lowerBand[1]); prevUpperBand = nz(upperBand[1])
        pl = 0.0 if np.isnan(prev_lower) else prev_lower
        pu = 0.0 if np.isnan(prev_upper) else prev_upper
        c1 = close[i - 1] if i > 0 else np.nan  # close[1] is na on the first bar; comparisons are false
        lower = lower if (lower > pl or c1 < pl) else pl
        upper = upper if (upper < pu or c1 > pu) else pu
        if i == 0 or np.isnan(atr[i - 1]):
            d = 1
        elif prev_st == pu:
            d = -1 if close[i] > upper else 1
        else:
            d = 1 if close[i] < lower else -1
        s = lower if d == -1 else upper
        st[i], direction[i], upper_out[i], lower_out[i] = s, d, upper, lower
        prev_upper, prev_lower, prev_st = upper, lower, s
    return {'supertrend': st, 'direction': direction, 'upper': upper_out, 'lower': lower_out}


def volume_index(close, volume, start, rising):
    out = np.empty(len(close))
    out[0] = start
    for i in range(1, len(close)):
        moved = volume[i] > volume[i - 1] if rising else volume[i] < volume[i - 1]
        pct = (close[i] - close[i - 1]) / close[i - 1]
        out[i] = out[i - 1] + pct * out[i - 1] if moved else out[i - 1]
    return out


def pvt(close, volume):
    out = np.zeros(len(close))
    for i in range(1, len(close)):
        out[i] = out[i - 1] + volume[i] * (close[i] - close[i - 1]) / close[i - 1]
    return out


FUNCTIONS = {
    'nvi': lambda a: {'nvi': volume_index(arr(a['close']), arr(a['volume']), float(a['start']), False)},
    'pvi': lambda a: {'pvi': volume_index(arr(a['close']), arr(a['volume']), float(a['start']), True)},
    'vpt': lambda a: {'vpt': pvt(arr(a['close']), arr(a['volume']))},
    'supertrend': lambda a: supertrend(
        arr(a['high']), arr(a['low']), arr(a['close']), int(a['period']), float(a['multiplier'])
    ),
}


def main():
    args = json.load(sys.stdin)
    out = FUNCTIONS[args['fn']](args)
    print(json.dumps({k: [None if np.isnan(x) else float(x) for x in v] for k, v in out.items()}))


if __name__ == '__main__':
    main()
