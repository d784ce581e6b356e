"""Independent numpy/scipy oracle for packages/analytics/src/portfolio.

stdin JSON: {"returns": [[asset 0 returns...], ...], "risk_free": float, "bounds": [[lo, hi], ...],
             "target_return": float, "target_volatility": float, "cvar_beta": float,
             "cvar_scenarios": int}
stdout JSON with covariance estimates and optimiser solutions computed with scipy.optimize
(SLSQP, L-BFGS-B, linprog/HiGHS) and scipy.cluster.hierarchy. Written from the papers / the
published reference code (Ledoit-Wolf covCor.m, scikit-learn's ledoit_wolf_shrinkage, López de
Prado 2016), not from our TypeScript.
Run by test/oracle/generate-python-goldens.ts, which stores the results in
test/golden/python/portfolio-optim.gen.json; the tests read that file.
"""
import json
import sys

import numpy as np
import scipy.cluster.hierarchy as sch
from scipy.optimize import linprog, minimize


def lw_identity(x):
    # scikit-learn 1.x covariance.ledoit_wolf_shrinkage (assume_centered=False), transcribed.
    x = x - x.mean(0)
    n_samples, n_features = x.shape
    x2 = x**2
    emp_cov_trace = np.sum(x2, axis=0) / n_samples
    mu = np.sum(emp_cov_trace) / n_features
    beta_ = np.sum(x2.T @ x2)
    delta_ = np.sum((x.T @ x) ** 2) / n_samples**2
    beta = 1.0 / (n_features * n_samples) * (beta_ / n_samples - delta_)
    delta = delta_ - 2.0 * mu * emp_cov_trace.sum() + n_features * mu**2
    delta /= n_features
    beta = min(beta, delta)
    shrinkage = 0.0 if beta == 0 else beta / delta
    emp = x.T @ x / n_samples
    return (1 - shrinkage) * emp + shrinkage * mu * np.eye(n_features), shrinkage


def lw_const_corr(x):
    # Ledoit & Wolf covCor.m (2004), transcribed line by line.
    t, n = x.shape
    x = x - x.mean(0)
    sample = x.T @ x / t
    var = np.diag(sample).reshape(-1, 1)
    sqrtvar = np.sqrt(var)
    rbar = (np.sum(sample / (sqrtvar @ sqrtvar.T)) - n) / (n * (n - 1))
    prior = rbar * (sqrtvar @ sqrtvar.T)
    np.fill_diagonal(prior, var.ravel())
    y = x**2
    phimat = y.T @ y / t - 2 * (x.T @ x) * sample / t + sample**2
    phi = phimat.sum()
    term1 = (x**3).T @ x / t
    help_ = x.T @ x / t
    helpdiag = np.diag(help_).reshape(-1, 1)
    term2 = np.tile(helpdiag, (1, n)) * sample
    term3 = help_ * np.tile(var, (1, n))
    term4 = np.tile(var, (1, n)) * sample
    thetamat = term1 - term2 - term3 + term4
    np.fill_diagonal(thetamat, 0)
    rho = np.sum(np.diag(phimat)) + rbar * np.sum(((1.0 / sqrtvar) @ sqrtvar.T) * thetamat)
    gamma = np.linalg.norm(sample - prior, "fro") ** 2
    kappa = (phi - rho) / gamma
    shrinkage = max(0.0, min(1.0, kappa / t))
    return shrinkage * prior + (1 - shrinkage) * sample, shrinkage


def slsqp(fun, n, bounds, cons, x0=None):
    x0 = np.full(n, 1.0 / n) if x0 is None else x0
    res = minimize(fun, x0, method="SLSQP", bounds=bounds, constraints=cons,
                   options={"ftol": 1e-16, "maxiter": 1000})
    return res.x


def hrp(cov):
    # López de Prado (2016), Snippets 16.1-16.4.
    sd = np.sqrt(np.diag(cov))
    corr = cov / np.outer(sd, sd)
    dist = np.sqrt(np.clip((1 - corr) / 2.0, 0, None))
    link = sch.linkage(dist, "single")  # rows of dist are the observations (as in the paper)
    n = cov.shape[0]

    def order(node):
        if node < n:
            return [node]
        a, b = int(link[node - n, 0]), int(link[node - n, 1])
        return order(a) + order(b)

    sort_ix = order(2 * n - 2)
    w = np.ones(n)
    items = [sort_ix]

    def cvar(c):
        sub = cov[np.ix_(c, c)]
        ivp = 1.0 / np.diag(sub)
        ivp /= ivp.sum()
        return float(ivp @ sub @ ivp)

    while items:
        items = [i[j:k] for i in items for j, k in ((0, len(i) // 2), (len(i) // 2, len(i))) if len(i) > 1]
        for i in range(0, len(items), 2):
            c0, c1 = items[i], items[i + 1]
            v0, v1 = cvar(c0), cvar(c1)
            alpha = 1 - v0 / (v0 + v1)
            w[c0] *= alpha
            w[c1] *= 1 - alpha
    return w, sort_ix


def erc(cov):
    # Spinu (2013) convex formulation, solved with L-BFGS-B on y > 0.
    n = cov.shape[0]
    b = np.full(n, 1.0 / n)
    f = lambda y: 0.5 * y @ cov @ y - b @ np.log(y)
    g = lambda y: cov @ y - b / y
    y0 = 1.0 / np.sqrt(np.diag(cov))
    res = minimize(f, y0, jac=g, method="L-BFGS-B", bounds=[(1e-12, None)] * n,
                   options={"ftol": 1e-20, "gtol": 1e-14, "maxiter": 10000})
    return res.x / res.x.sum()


def min_cvar(r, beta, bounds):
    t, n = r.shape
    c = np.concatenate([np.zeros(n), [1.0], np.full(t, 1.0 / ((1 - beta) * t))])
    # -r_t w - zeta - u_t <= 0
    a_ub = np.hstack([-r, -np.ones((t, 1)), -np.eye(t)])
    b_ub = np.zeros(t)
    a_eq = np.concatenate([np.ones(n), [0.0], np.zeros(t)]).reshape(1, -1)
    bnds = list(bounds) + [(None, None)] + [(0, None)] * t
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0], bounds=bnds, method="highs")
    return res.x[:n], float(res.fun)


def main():
    req = json.load(sys.stdin)
    x = np.asarray(req["returns"], dtype=float).T  # T x n
    n = x.shape[1]
    rf = float(req.get("risk_free", 0.0))
    bounds = [tuple(b) for b in req["bounds"]]
    cov = np.cov(x, rowvar=False, ddof=1)
    mu = x.mean(0)
    budget = {"type": "eq", "fun": lambda w: w.sum() - 1.0}
    out = {"sample_covariance": cov.tolist(), "mean": mu.tolist()}
    lw_i, s_i = lw_identity(x)
    lw_c, s_c = lw_const_corr(x)
    out.update(lw_identity=lw_i.tolist(), lw_identity_shrinkage=s_i,
               lw_constant_correlation=lw_c.tolist(), lw_constant_correlation_shrinkage=s_c)
    scale = 1e4  # SLSQP works better on O(1) objectives
    var = lambda w: scale * w @ cov @ w
    out["min_variance"] = slsqp(var, n, bounds, [budget]).tolist()
    neg_sharpe = lambda w: -(w @ mu - rf) / np.sqrt(w @ cov @ w)
    out["max_sharpe"] = slsqp(neg_sharpe, n, bounds, [budget]).tolist()
    tr = float(req["target_return"])
    out["efficient_return"] = slsqp(var, n, bounds, [budget, {"type": "eq", "fun": lambda w: scale * (w @ mu - tr)}]).tolist()
    tv = float(req["target_volatility"])
    out["efficient_risk"] = slsqp(lambda w: -scale * (w @ mu), n, bounds,
                                  [budget, {"type": "ineq", "fun": lambda w: scale * (tv**2 - w @ cov @ w)}]).tolist()
    out["erc"] = erc(cov).tolist()
    w_h, order = hrp(cov)
    out["hrp"] = w_h.tolist()
    out["hrp_order"] = [int(i) for i in order]
    k = int(req["cvar_scenarios"])
    w_c, f_c = min_cvar(x[-k:], float(req["cvar_beta"]), bounds)
    out["min_cvar"] = w_c.tolist()
    out["min_cvar_objective"] = f_c
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
