/**
 * Issue #48, "Cards worth taking" (ADR 0093): turns the development-years backtests of the setups — the
 * product as it is and each cross-sectional variant — into the evidence file every card's `setup_status`
 * reads (packages/server/src/cards/setup-status/setup-evidence.json), and the held-out run, looked at
 * once, into its `held_out` section.
 *
 * It reads the JSON of `bellwether backtest … --json` runs (the command of each is rebuilt from the run's
 * own `from`, `to` and `rules.cross_section`), so the figures are the backtest's, untouched. The verdict:
 * a setup × direction (× variant) is `verified` only when its edge over the cross-ticker null has a 95 %
 * interval above zero AND a Holm-adjusted p below 0.05, Holm taken over every setup × direction group of
 * every development run together (all the looks this research took, `groups_tested`), with the p of each
 * read from its interval (see `normalP`).
 *
 *   node --conditions=development --import tsx bench/setup-research.ts \
 *     --dev /tmp/i48research/dev-baseline.json --dev /tmp/i48research/dev-momentum_12_1.json … \
 *     --held-out /tmp/i48research/held-out.json --load "…" --extra '--tickers "$(cat tickers.txt)"' --out packages/server/src/cards/setup-status/setup-evidence.json
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { holmAdjust, SETUPS } from '@bellwether/analytics';

interface Interval {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

interface Group {
  readonly key: string;
  readonly cards: number;
  readonly filled: number;
  readonly average_r_net: number | null;
  readonly net_r: Interval | null;
  readonly edge_vs_null: Interval | null;
  readonly edge_vs_same_ticker_null: Interval | null;
  readonly drift_adjusted_edge: Interval | null;
  readonly edge_p_value: number | null;
  readonly edge_p_holm?: number | null;
  readonly edge_kind?: string | null;
}

interface Run {
  readonly from: string;
  readonly to: string;
  readonly tickers: number;
  readonly sessions: number;
  readonly cards: number;
  readonly filled: number;
  readonly rules: { readonly cross_section: { factor: string; keep_top_fraction: number } | null };
  readonly universe: {
    readonly kind: string;
    readonly survivorship?: string;
    readonly source?: string | null;
  };
  readonly overall: Group;
  readonly by_setup_direction: readonly Group[];
  readonly groups_tested: number;
  readonly books?: unknown;
  readonly seconds?: number;
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** erfc (Abramowitz & Stegun 7.1.26, absolute error below 1.5e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
    Math.exp(-z * z);
  return x >= 0 ? y : 2 - y;
}

/**
 * Two-sided p of a zero mean from the bootstrap's 95 % interval read as mean ± 1.96 se (the means of
 * thousands of cards are close to normal). The backtest's own bootstrap p cannot go below 2/2001 ≈ 0.001, so
 * Holm over more than 50 groups could never reject anything with it; this p has no such floor. NaN when
 * there is no interval or it has no width.
 */
function normalP(g: Interval | null): number {
  if (g === null) return Number.NaN;
  const se = (g.high - g.low) / (2 * 1.959964);
  if (!(se > 0)) return Number.NaN;
  return erfc(Math.abs(g.mean) / se / Math.SQRT2);
}
const ci = (g: Interval | null) => (g === null ? null : { mean: g.mean, ci_low: g.low, ci_high: g.high });

function args() {
  const argv = process.argv.slice(2);
  const dev: string[] = [];
  const held: string[] = [];
  let out = 'packages/server/src/cards/setup-status/setup-evidence.json';
  let load = 'not recorded';
  let extra = '';
  let survivorship: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1] as string;
    if (a === '--dev') dev.push(v);
    else if (a === '--held-out') held.push(v);
    else if (a === '--out') out = v;
    else if (a === '--load') load = v;
    else if (a === '--extra') extra = v;
    else if (a === '--survivorship') survivorship = v;
    else throw new Error(`unknown argument ${a}`);
    i++;
  }
  if (dev.length === 0) throw new Error('give at least one --dev backtest JSON');
  return { dev, held, out, load, extra, survivorship };
}

const variantOf = (r: Run) => r.rules.cross_section?.factor ?? 'baseline';
let extraFlags = '';
const commandOf = (r: Run) =>
  `bellwether backtest --from ${r.from} --to ${r.to}${
    r.rules.cross_section === null
      ? ''
      : ` --cross-section ${r.rules.cross_section.factor} --cross-section-keep ${r.rules.cross_section.keep_top_fraction}`
  }${extraFlags} --json`;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Run;

/** The reference books' headline figures (the equity curves stay in the runs' own JSON). */
function bookFigures(books: unknown) {
  if (books === null || typeof books !== 'object') return null;
  const b = books as Record<string, Record<string, unknown>>;
  const pick = (k: string) => {
    const x = b[k];
    return x === undefined
      ? null
      : {
          annual_return: x.annual_return,
          volatility: x.volatility,
          sharpe: x.sharpe,
          max_drawdown: x.max_drawdown,
          average_exposure: x.average_exposure,
        };
  };
  return {
    settings: b.settings ?? null,
    cards: pick('cards'),
    equal_weight: pick('equal_weight'),
    equal_weight_at_cards_exposure: pick('equal_weight_at_cards_exposure'),
    momentum: pick('momentum'),
  };
}

function figures(g: Group | undefined) {
  return {
    cards: g?.cards ?? 0,
    filled: g?.filled ?? 0,
    net_r: ci(g?.net_r ?? null),
    edge_same_ticker: ci(g?.edge_vs_same_ticker_null ?? null),
    edge_drift_adjusted: ci(g?.drift_adjusted_edge ?? null),
  };
}

function main() {
  const { dev, held, out, load, extra, survivorship } = args();
  // Flags every run shared that its JSON does not echo (the ticker list): given as --extra.
  extraFlags = extra === '' ? '' : ` ${extra}`;
  const runs = dev.map(read);
  // Holm over every setup × direction group of every development run: every look this research took.
  const looks = runs.flatMap((r) =>
    r.by_setup_direction.map((g) => ({ variant: variantOf(r), group: g, p: normalP(g.edge_vs_null) })),
  );
  const holm = holmAdjust(looks.map((l) => l.p));
  const adjusted = new Map(looks.map((l, k) => [`${l.variant}|${l.group.key}`, holm[k] as number]));
  const groupsTested = holm.filter((p) => Number.isFinite(p)).length;
  const entries = runs.flatMap((r) =>
    SETUPS.flatMap((s) =>
      (['long', 'short'] as const).map((direction) => {
        const variant = variantOf(r);
        const g = r.by_setup_direction.find((x) => x.key === `${s.id} ${direction}`);
        const pHolm = adjusted.get(`${variant}|${s.id} ${direction}`);
        const edge =
          g?.edge_vs_null === null || g === undefined || pHolm === undefined || !Number.isFinite(pHolm)
            ? null
            : {
                mean: g.edge_vs_null.mean,
                ci_low: g.edge_vs_null.low,
                ci_high: g.edge_vs_null.high,
                p_bootstrap: g.edge_p_value,
                p: r4(normalP(g.edge_vs_null)),
                p_holm: r4(pHolm),
              };
        const verified = edge !== null && edge.ci_low > 0 && edge.p_holm < 0.05;
        const kind = g?.edge_kind ?? null;
        const sign = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(3)}`;
        const reason = verified
          ? null
          : g === undefined || g.cards === 0
            ? `no ${s.id} ${direction} card on ${r.from.slice(0, 4)}–${r.to.slice(0, 4)}`
            : edge === null
              ? `too few filled cards with filled random copies to measure an edge (${g.filled} filled)`
              : edge.ci_high < 0 && edge.p_holm < 0.05
                ? `worse than random cards on ${r.from.slice(0, 4)}–${r.to.slice(0, 4)}: edge ${sign(edge.mean)} R [${sign(edge.ci_low)}, ${sign(edge.ci_high)}], Holm-adjusted p ${edge.p_holm.toFixed(2)} over ${groupsTested} groups tested`
                : `edge over random cards ${sign(edge.mean)} R [${sign(edge.ci_low)}, ${sign(edge.ci_high)}] on ${r.from.slice(0, 4)}–${r.to.slice(0, 4)}, Holm-adjusted p ${edge.p_holm.toFixed(2)} over ${groupsTested} groups tested`;
        return {
          setup: s.id,
          direction,
          variant,
          status: verified ? ('verified' as const) : ('unproven' as const),
          edge_kind: kind,
          ...figures(g),
          edge_cross: edge,
          reason,
        };
      }),
    ),
  );
  const first = runs[0] as Run;
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout: the commit stays unknown, and says so.
  }
  const verified = entries.filter((e) => e.status === 'verified');
  const heldRuns = held.map(read);
  const evidence = {
    measured: {
      from: first.from,
      to: first.to,
      universe: `point-in-time S&P 500 (${first.universe.source ?? 'stored membership intervals'}; ${first.tickers} tickers with prices were members at some time)`,
      // A run given --tickers states survivorship among those tickers only: --survivorship gives the universe's.
      survivorship: survivorship ?? first.universe.survivorship ?? 'not stated by the run',
      commands: runs.map(commandOf),
      commit,
      date: new Date().toISOString().slice(0, 10),
      machine_load: load,
      rule: "verified: the edge over the cross-ticker null (net R less the mean of 20 matched random cards) has a 95 % block-bootstrap interval above zero and a Holm-adjusted p below 0.05, Holm over every setup × direction group of every development run; p two-sided from the interval read as mean ± 1.96 se (p_bootstrap, the backtest's own, has a floor of 0.001)",
    },
    groups_tested: groupsTested,
    runs: runs.map((r) => ({
      variant: variantOf(r),
      command: commandOf(r),
      sessions: r.sessions,
      seconds: r.seconds ?? null,
      overall: {
        ...figures(r.overall),
        edge_cross: ci(r.overall.edge_vs_null),
        p: r.overall.edge_p_value,
        edge_kind: r.overall.edge_kind ?? null,
      },
      books: bookFigures(r.books),
    })),
    entries,
    held_out:
      heldRuns.length === 0
        ? null
        : heldRuns.map((h) => ({
            from: h.from,
            to: h.to,
            variant: variantOf(h),
            command: commandOf(h),
            note: 'Looked at once, at the end. These years have been seen before by this team (docs/signals/research/edge-2001-2015.md): weak evidence.',
            overall: {
              ...figures(h.overall),
              edge_cross: ci(h.overall.edge_vs_null),
              p: h.overall.edge_p_value,
              edge_kind: h.overall.edge_kind ?? null,
            },
            entries: h.by_setup_direction
              .filter(
                (g) =>
                  verified.length === 0 ||
                  verified.some((e) => `${e.setup} ${e.direction}` === g.key && e.variant === variantOf(h)),
              )
              .map((g) => ({
                key: g.key,
                ...figures(g),
                edge_cross:
                  g.edge_vs_null === null
                    ? null
                    : {
                        mean: g.edge_vs_null.mean,
                        ci_low: g.edge_vs_null.low,
                        ci_high: g.edge_vs_null.high,
                        p: g.edge_p_value,
                        p_holm_in_run: g.edge_p_holm ?? null,
                      },
                edge_kind: g.edge_kind ?? null,
              })),
            books: bookFigures(h.books),
          })),
  };
  writeFileSync(out, `${JSON.stringify(evidence, null, 2)}\n`);
  process.stdout.write(
    `${out}: ${entries.length} entries, ${verified.length} verified, ${groupsTested} groups tested\n`,
  );
}

main();
