import { CROSS_SECTION_FACTORS, type CrossSectionFactor, SETUPS } from '@bellwether/analytics';
import type { Command } from 'commander';
import { runBacktest } from '../../cards/backtest.js';
import { publicationDeps } from '../../cards/publication-deps.js';
import { createOutput, table } from '../output.js';
import { withPlatform } from '../with-platform.js';
import { setupOption } from './backtest-setup-option.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);

type BacktestReport = Awaited<ReturnType<typeof runBacktest>>;

/** The three-way forecast's Brier and calibration (ADR 0094) as text. */
function outcomeLines(o: BacktestReport['outcome_probabilities']): string[] {
  if (o.brier === null) return ['Outcome probabilities: no filled cards'];
  const flag = (w: boolean | null) => (w === null ? '' : w ? 'yes' : 'NO');
  return [
    `Outcome probabilities (filled cards): Brier ${o.brier.model.toFixed(4)} vs the setups' class rates ${o.brier.setup_base_rates.toFixed(4)}; ${o.buckets_within} of ${o.buckets_checked} buckets of ≥ ${o.min_bucket_cards} cards within ${Math.round(o.tolerance * 100)} points`,
    ...o.recalibration.alternatives.map(
      (m) =>
        `  through the calibration map "${m.map}" (research, not on cards): Brier ${m.brier?.toFixed(4) ?? '—'}, ${m.buckets_within} of ${m.buckets_checked} within`,
    ),
    table(
      ['CLASS', 'BUCKET', 'CARDS', 'PREDICTED', 'REALISED', 'WITHIN 5 PTS'],
      (['t1_first', 'stop_first', 'expiry'] as const).flatMap((k) =>
        o.calibration[k]
          .filter((b) => b.count > 0)
          .map((b) => [
            k,
            `${b.from.toFixed(1)}–${b.to.toFixed(1)}`,
            String(b.count),
            pct(b.predicted),
            pct(b.realised),
            flag(b.within_tolerance),
          ]),
      ),
    ),
  ];
}

export function registerBacktest(program: Command): void {
  program
    .command('backtest')
    .description(
      'replay card publication and outcome tracking session by session over stored history (writes nothing)',
    )
    .requiredOption('--from <date>', 'first session (YYYY-MM-DD)')
    .requiredOption('--to <date>', 'last session (YYYY-MM-DD)')
    .option('--tickers <list>', 'comma-separated tickers (default: the publication universe)')
    .option(
      '--setup <id>',
      `replay one built-in setup alone: ${SETUPS.map((s) => s.id).join(', ')} (default: every built-in setup)`,
    )
    .option(
      '--setup-file <json>',
      'replay a custom setup alone: a file holding its definition (docs/lab/setups.md); its cards are named custom:<file name>',
    )
    .option(
      '--cost-bps <bps>',
      'commission and slippage per side in basis points (default: BELLWETHER_CARDS_COST_BPS)',
    )
    .option(
      '--min-expected-r <r>',
      'publish no card expecting less R net of costs (default: BELLWETHER_CARDS_MIN_EXPECTED_R)',
    )
    .option(
      '--market-filter <on|off>',
      'trade with the market only (default: BELLWETHER_CARDS_MARKET_FILTER)',
    )
    // --- cross-sectional selection (#48, ADR 0093) ---
    .option(
      '--cross-section <factor>',
      `keep only candidates ranked in the session's top (longs) or bottom (shorts) fraction of the members on a factor: ${CROSS_SECTION_FACTORS.join(', ')} (default: off)`,
    )
    .option('--cross-section-keep <fraction>', 'fraction of the ranking --cross-section keeps (default 0.2)')
    // --- reference books (#48) ---
    .option('--risk-per-card <fraction>', "the cards book's capital risked per card (default 0.01)")
    .option('--max-gross-exposure <x>', "the cards book's cap on gross exposure (default 1, no leverage)")
    .option('--momentum-top <n>', 'tickers in the 12-1 momentum book (default 10)')
    // --- end reference books ---
    .option('--json', 'JSON output')
    .action(
      async (opts: {
        from: string;
        to: string;
        tickers?: string;
        setup?: string;
        setupFile?: string;
        costBps?: string;
        minExpectedR?: string;
        marketFilter?: string;
        crossSection?: string;
        crossSectionKeep?: string;
        riskPerCard?: string;
        maxGrossExposure?: string;
        momentumTop?: string;
        json?: boolean;
      }) => {
        const out = createOutput(opts.json === true);
        if (!DATE.test(opts.from) || !DATE.test(opts.to) || opts.from > opts.to)
          return out.fail('invalid_arguments', '--from and --to must be dates (YYYY-MM-DD) with from ≤ to');
        const costBps = opts.costBps === undefined ? undefined : Number(opts.costBps);
        if (costBps !== undefined && !(costBps >= 0 && costBps <= 100))
          return out.fail('invalid_arguments', '--cost-bps must be a number of basis points from 0 to 100');
        const minExpectedR = opts.minExpectedR === undefined ? undefined : Number(opts.minExpectedR);
        if (minExpectedR !== undefined && !(minExpectedR >= -5 && minExpectedR <= 5))
          return out.fail('invalid_arguments', '--min-expected-r must be an R multiple from -5 to 5');
        if (opts.marketFilter !== undefined && opts.marketFilter !== 'on' && opts.marketFilter !== 'off')
          return out.fail('invalid_arguments', '--market-filter must be on or off');
        const books = bookOptions(opts);
        if (typeof books === 'string') return out.fail('invalid_arguments', books);
        const crossSection = crossSectionOption(opts);
        if (typeof crossSection === 'string') return out.fail('invalid_arguments', crossSection);
        const setup = setupOption(opts);
        if (typeof setup === 'string') return out.fail('invalid_arguments', setup);
        const tty = !out.json && process.stderr.isTTY === true;
        const started = performance.now();
        await withPlatform(async (p) => {
          const r = await runBacktest(publicationDeps(p), {
            from: opts.from,
            to: opts.to,
            ...(opts.tickers === undefined
              ? {}
              : { tickers: opts.tickers.split(',').map((t) => t.trim().toUpperCase()) }),
            rules: {
              ...(costBps === undefined ? {} : { costBps }),
              ...(minExpectedR === undefined ? {} : { minExpectedR }),
              ...(opts.marketFilter === undefined ? {} : { marketFilter: opts.marketFilter === 'on' }),
              ...(crossSection === undefined ? {} : { crossSection }),
            },
            ...books,
            ...(setup === undefined ? {} : { setup }),
            onProgress: (done, total) => {
              if (tty && (done % 20 === 0 || done === total))
                process.stderr.write(
                  `\r[${'#'.repeat(Math.round((done / total) * 28)).padEnd(28, '-')}] ${done}/${total} sessions`,
                );
            },
          });
          if (tty) process.stderr.write('\r\x1b[K');
          const seconds = (performance.now() - started) / 1000;
          if (r.sessions === 0)
            return out.fail(
              'no_data',
              `No stored session falls in ${r.from} … ${r.to}: nothing to replay. ${
                r.data_covers === null
                  ? 'No ticker has enough history (260 sessions) to replay.'
                  : `The data of the ${r.tickers} tickers with enough history cover ${r.data_covers.from} … ${r.data_covers.to}.`
              }`,
            );
          out.result(
            { ...r, seconds: Math.round(seconds * 10) / 10 },
            [
              `Backtest ${r.from} … ${r.to}: ${r.tickers} tickers, ${r.sessions} sessions (${r.sessions_without_cards} without a card), ${r.cards} resolved cards (${r.filled} filled) in ${seconds.toFixed(1)} s`,
              `Costs ${r.rules.cost_bps_per_side} bp per side; floor ${r.rules.min_expected_r} R expected net; ranking ${r.rules.ranking}; market filter ${r.rules.market_filter}; market ${r.market.ticker ?? 'none'} (${r.market.detail}); cross-section ${r.rules.cross_section === null ? 'off' : `${r.rules.cross_section.factor}, keep ${r.rules.cross_section.keep_top_fraction}`}.`,
              r.universe.kind === 'static'
                ? `Universe: static, ${r.universe.tickers} tickers (${r.universe.source}).`
                : `Universe: point in time (${r.universe.source ?? 'stored intervals'}), ${r.universe.members_on_day.members} members on ${r.universe.members_on_day.date}. ${r.universe.survivorship}`,
              ...r.data_issues.map((d) => `Left out for its data: ${d.reason}.`),
              r.brier === null
                ? 'Brier: no filled cards'
                : `Brier: conviction ${r.brier.conviction.toFixed(4)} vs setup base rate ${r.brier.setup_base_rate.toFixed(4)}`,
              '',
              table(
                ['CONVICTION', 'CARDS', 'PREDICTED', 'REALISED'],
                r.calibration.map((c) => [
                  `${c.from.toFixed(1)}–${c.to.toFixed(1)}`,
                  String(c.count),
                  pct(c.predicted),
                  pct(c.realised),
                ]),
              ),
              '',
              // ADR 0094: P(T1 first), P(stop first), P(expiry) of filled cards, per class.
              ...outcomeLines(r.outcome_probabilities),
              '',
              table(
                ['EXPECTED R', 'CARDS', 'PREDICTED', 'REALISED NET'],
                r.expected_r_reliability.map((b) => [
                  `${b.from === null ? '…' : b.from.toFixed(2)} – ${b.to === null ? '…' : b.to.toFixed(2)}`,
                  String(b.cards),
                  num(b.predicted),
                  num(b.realised),
                ]),
              ),
              '',
              table(
                [
                  'GROUP',
                  'CARDS',
                  'FILLED',
                  'T1 FIRST',
                  'NULL T1',
                  'AVG R',
                  'NET R [95%]',
                  'NULL NET R',
                  'EDGE VS NULL [95%]',
                ],
                [r.overall, ...r.by_direction, ...r.by_setup].map((g) => [
                  g.key,
                  String(g.cards),
                  String(g.filled),
                  pct(g.t1_hit_rate),
                  pct(g.null_t1_hit_rate),
                  num(g.average_r),
                  ci(g.net_r),
                  num(g.null_average_r_net),
                  ci(g.edge_vs_null),
                ]),
              ),
              // #48 (ADR 0089): the second null, the drift-adjusted result and corrected p-values.
              '',
              `Two nulls and drift (docs/signals/edge.md): same-ticker copies at random later sessions; drift-adjusted = each card's net R less its ticker's drift (prior 252 sessions) over the time held. P-values of the edge over the cross-ticker null, Holm-adjusted over ${r.groups_tested} groups tested (setup, direction, conviction bucket, setup × direction).`,
              table(
                [
                  'GROUP',
                  'SAME-TICKER NULL',
                  'EDGE VS SAME [95%]',
                  'DRIFT-ADJ NET R [95%]',
                  'DRIFT-ADJ EDGE [95%]',
                  'P',
                  'P HOLM',
                  'EDGE KIND',
                ],
                [
                  { ...r.overall, edge_p_holm: null, edge_kind: r.overall.edge_kind },
                  ...r.by_direction.map((g) => ({ ...g, edge_kind: undefined })),
                  ...r.by_setup,
                  ...r.by_conviction.map((g) => ({ ...g, key: `conviction ${g.key}`, edge_kind: undefined })),
                  ...r.by_setup_direction,
                ].map((g) => [
                  g.key,
                  num(g.same_ticker_null_average_r_net),
                  ci(g.edge_vs_same_ticker_null),
                  ci(g.drift_adjusted_r_net),
                  ci(g.drift_adjusted_edge),
                  num(g.edge_p_value),
                  num(g.edge_p_holm),
                  g.edge_kind === undefined ? '' : (g.edge_kind ?? 'not measured'),
                ]),
              ),
              ...(r.books === null
                ? []
                : [
                    '',
                    `Reference books (same sessions, tickers and costs; risk ${r.books.settings.risk_per_card} per card, gross ≤ ${r.books.settings.max_gross_exposure}; ${r.books.cards.trades} cards taken, ${r.books.cards.no_room} without room):`,
                    table(
                      ['BOOK', 'ANNUAL', 'VOLATILITY', 'SHARPE', 'MAX DRAWDOWN', 'EXPOSURE'],
                      (
                        [
                          ['cards', r.books.cards],
                          ['equal weight', r.books.equal_weight],
                          ['equal weight at the cards exposure', r.books.equal_weight_at_cards_exposure],
                          [`momentum 12-1 top ${r.books.settings.momentum.top}`, r.books.momentum],
                        ] as const
                      ).map(([name, b]) => [
                        name,
                        pct(b.annual_return),
                        pct(b.volatility),
                        b.sharpe === null ? '-' : b.sharpe.toFixed(2),
                        pct(b.max_drawdown),
                        b.average_exposure.toFixed(2),
                      ]),
                    ),
                  ]),
            ].join('\n'),
          );
        });
      },
    );
}

/** The cross-sectional rule from the command line (undefined: off), or what is wrong with it. */
function crossSectionOption(opts: { crossSection?: string; crossSectionKeep?: string }) {
  if (opts.crossSection === undefined)
    return opts.crossSectionKeep === undefined ? undefined : '--cross-section-keep needs --cross-section';
  const factor = opts.crossSection as CrossSectionFactor;
  if (!CROSS_SECTION_FACTORS.includes(factor))
    return `--cross-section must be one of ${CROSS_SECTION_FACTORS.join(', ')}`;
  const keep = opts.crossSectionKeep === undefined ? 0.2 : Number(opts.crossSectionKeep);
  if (!(keep > 0 && keep <= 1)) return '--cross-section-keep must be a fraction above 0, at most 1';
  return { factor, keepTopFraction: keep };
}

/** The reference books' settings from the command line, or what is wrong with them. */
function bookOptions(opts: { riskPerCard?: string; maxGrossExposure?: string; momentumTop?: string }) {
  const risk = opts.riskPerCard === undefined ? undefined : Number(opts.riskPerCard);
  if (risk !== undefined && !(risk > 0 && risk <= 0.1))
    return '--risk-per-card must be a fraction above 0, at most 0.1';
  const gross = opts.maxGrossExposure === undefined ? undefined : Number(opts.maxGrossExposure);
  if (gross !== undefined && !(gross >= 0.1 && gross <= 20))
    return '--max-gross-exposure must be from 0.1 to 20';
  const top = opts.momentumTop === undefined ? undefined : Number(opts.momentumTop);
  if (top !== undefined && !(Number.isInteger(top) && top >= 1 && top <= 500))
    return '--momentum-top must be a whole number from 1 to 500';
  return {
    ...(risk === undefined ? {} : { riskPerCard: risk }),
    ...(gross === undefined ? {} : { maxGrossExposure: gross }),
    ...(top === undefined ? {} : { momentumTop: top }),
  };
}

const num = (x: number | null) => (x === null ? '-' : x.toFixed(3));
const ci = (x: { mean: number; low: number; high: number } | null) =>
  x === null ? '-' : `${x.mean.toFixed(3)} [${x.low.toFixed(3)}, ${x.high.toFixed(3)}]`;
