"""Independent numpy/scipy oracle for the risk metrics (packages/analytics/src/risk).

stdin JSON: {"series": [[r...], ...], "benchmark": [b...] | null, "risk_free": [rf...] | float,
             "periods_per_year": 252, "confidence": 0.95}
stdout JSON: [{code: value, ...} per series]. Non-finite values are emitted as null.
Written from the published definitions (empyrical / QuantStats docs), not from our TypeScript.
Run by test/oracle/generate-python-goldens.ts, which stores the results in
test/golden/python/risk-metrics.gen.json; the tests read that file.
"""
import json
import math
import sys

import numpy as np
from scipy import stats
from scipy.special import ndtri  # Cephes inverse normal CDF (the ufunc behind norm.ppf)


def cagr(r, ppy):
    return float(np.prod(1.0 + r) ** (ppy / len(r)) - 1.0)


def drawdowns(r):
    wealth = np.concatenate([[1.0], np.cumprod(1.0 + r)])
    peak = np.maximum.accumulate(wealth)
    return (wealth / peak - 1.0)[1:], wealth, peak


def max_dd_details(r):
    dd, wealth, peak = drawdowns(r)
    trough = int(np.argmin(dd))
    if dd[trough] >= 0:
        return dict(depth=0.0, peak=-1, trough=-1, recovery=-1, decline=0, duration=0)
    # peak: last wealth index <= trough+1 equal to running max (wealth index k ↔ return index k-1)
    k = int(np.argmax(wealth[: trough + 2]))
    peak_idx = k - 1
    after = np.nonzero(wealth[trough + 2 :] >= wealth[k])[0]
    recovery = int(after[0]) + trough + 1 if after.size else -1
    end = recovery if recovery >= 0 else len(r) - 1
    return dict(depth=float(dd[trough]), peak=peak_idx, trough=trough, recovery=recovery,
                decline=trough - peak_idx, duration=end - peak_idx)


def avg_dd(r):
    dd, _, _ = drawdowns(r)
    episodes, cur = [], 0.0
    for d in dd:
        if d < 0:
            cur = min(cur, d)
        elif cur < 0:
            episodes.append(cur)
            cur = 0.0
    if cur < 0:
        episodes.append(cur)
    return float(np.mean(episodes)) if episodes else 0.0


def cf_z(z, s, k):
    return z + (z**2 - 1) * s / 6 + (z**3 - 3 * z) * k / 24 - (2 * z**3 - 5 * z) * s**2 / 36


def metrics(r, b, rf, ppy, c):
    from scipy import integrate

    out = {}
    ex = r - rf
    a = 1 - c
    out["cumulative_return"] = float(np.prod(1 + r) - 1)
    out["annual_return"] = cagr(r, ppy)
    out["annual_volatility"] = float(np.std(r, ddof=1) * math.sqrt(ppy))
    out["downside_deviation"] = float(math.sqrt(np.mean(np.minimum(r, 0) ** 2)) * math.sqrt(ppy))
    out["sharpe"] = float(np.mean(ex) / np.std(ex, ddof=1) * math.sqrt(ppy))
    out["sortino"] = float(np.mean(ex) * ppy / (math.sqrt(np.mean(np.minimum(ex, 0) ** 2)) * math.sqrt(ppy)))
    d = max_dd_details(r)
    out["max_drawdown"] = d["depth"]
    out["max_drawdown_peak"] = d["peak"]
    out["max_drawdown_trough"] = d["trough"]
    out["max_drawdown_recovery"] = d["recovery"]
    out["max_drawdown_decline"] = d["decline"]
    out["max_drawdown_duration"] = d["duration"]
    out["calmar"] = cagr(r, ppy) / abs(d["depth"]) if d["depth"] < 0 else None
    pos = np.clip(ex, 0, None).sum()
    neg = -np.clip(ex, None, 0).sum()
    out["omega"] = float(pos / neg) if neg > 0 else None
    dd, _, _ = drawdowns(r)
    out["average_drawdown"] = avg_dd(r)
    out["ulcer_index"] = float(np.sqrt(np.mean(dd**2)))
    out["pain_index"] = float(np.mean(np.abs(dd)))
    mu, sd = float(np.mean(r)), float(np.std(r, ddof=1))
    s = float(stats.skew(r, bias=False))
    k = float(stats.kurtosis(r, fisher=True, bias=False))
    q = float(np.percentile(r, 100 * a))
    z = float(stats.norm.ppf(a))
    out["var_historical"] = -q
    out["cvar_historical"] = -float(np.mean(r[r <= q]))
    out["var_gaussian"] = -(mu + z * sd)
    out["cvar_gaussian"] = -(mu - sd * stats.norm.pdf(z) / a)
    out["var_cornish_fisher"] = -(mu + cf_z(z, s, k) * sd)
    tail, _ = integrate.quad(lambda p: cf_z(ndtri(p), s, k), 0, a, limit=200)
    out["cvar_cornish_fisher"] = -(mu + sd * tail / a)
    out["skewness"] = s
    out["excess_kurtosis"] = k
    out["tail_ratio"] = float(abs(np.percentile(r, 95)) / abs(np.percentile(r, 5)))
    losses = -r[r < 0].sum()
    out["gain_to_pain"] = float(r.sum() / losses) if losses > 0 else None
    nz = r[r != 0]
    out["win_rate"] = float((nz > 0).mean()) if nz.size else None
    out["best_period"] = float(r.max())
    out["worst_period"] = float(r.min())
    y = np.cumsum(np.log1p(r))
    out["stability"] = float(stats.linregress(np.arange(len(r)), y).rvalue ** 2)
    if b is not None:
        eb = b - rf
        reg = stats.linregress(eb, ex)  # OLS slope = beta on excess returns
        beta = float(reg.slope)
        out["beta"] = beta
        alpha = float(np.mean(ex - beta * eb))
        out["alpha"] = alpha
        out["alpha_annualized"] = (1 + alpha) ** ppy - 1
        rho = float(np.corrcoef(r, b)[0, 1])
        out["correlation"] = rho
        out["r_squared"] = float(stats.linregress(b, r).rvalue ** 2)
        act = r - b
        out["tracking_error"] = float(np.std(act, ddof=1) * math.sqrt(ppy))
        out["information_ratio"] = float(np.mean(act) / np.std(act, ddof=1) * math.sqrt(ppy))
        up, dn = b > 0, b < 0
        out["up_capture"] = cagr(r[up], ppy) / cagr(b[up], ppy)
        out["down_capture"] = cagr(r[dn], ppy) / cagr(b[dn], ppy)
    return out


def clean(v):
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return None
    return v


def main():
    req = json.load(sys.stdin)
    ppy = req.get("periods_per_year", 252)
    c = req.get("confidence", 0.95)
    b = np.asarray(req["benchmark"], dtype=float) if req.get("benchmark") is not None else None
    rf_in = req.get("risk_free", 0.0)
    rf = np.asarray(rf_in, dtype=float) if isinstance(rf_in, list) else float(rf_in)
    res = []
    for series in req["series"]:
        m = metrics(np.asarray(series, dtype=float), b, rf, ppy, c)
        res.append({key: clean(val) for key, val in m.items()})
    json.dump(res, sys.stdout)


if __name__ == "__main__":
    main()
