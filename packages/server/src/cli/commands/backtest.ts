import type { Command } from 'commander';
import { runBacktest } from '../../cards/backtest.js';
import { publicationDeps } from '../../cards/publication-deps.js';
import { createOutput, table } from '../output.js';
import { withPlatform } from '../with-platform.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);

export function registerBacktest(program: Command): void {
  program
    .command('backtest')
    .description(
      'replay card publication and outcome tracking session by session over stored history (writes nothing)',
    )
    .requiredOption('--from <date>', 'first session (YYYY-MM-DD)')
    .requiredOption('--to <date>', 'last session (YYYY-MM-DD)')
    .option('--tickers <list>', 'comma-separated tickers (default: the publication universe)')
    .option('--json', 'JSON output')
    .action(async (opts: { from: string; to: string; tickers?: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      if (!DATE.test(opts.from) || !DATE.test(opts.to) || opts.from > opts.to)
        return out.fail('invalid_arguments', '--from and --to must be dates (YYYY-MM-DD) with from ≤ to');
      const tty = !out.json && process.stderr.isTTY === true;
      const started = performance.now();
      await withPlatform(async (p) => {
        const r = await runBacktest(publicationDeps(p), {
          from: opts.from,
          to: opts.to,
          ...(opts.tickers === undefined
            ? {}
            : { tickers: opts.tickers.split(',').map((t) => t.trim().toUpperCase()) }),
          onProgress: (done, total) => {
            if (tty && (done % 20 === 0 || done === total))
              process.stderr.write(
                `\r[${'#'.repeat(Math.round((done / total) * 28)).padEnd(28, '-')}] ${done}/${total} sessions`,
              );
          },
        });
        if (tty) process.stderr.write('\r\x1b[K');
        const seconds = (performance.now() - started) / 1000;
        out.result(
          { ...r, seconds: Math.round(seconds * 10) / 10 },
          [
            `Backtest ${r.from} … ${r.to}: ${r.tickers} tickers, ${r.sessions} sessions, ${r.cards} resolved cards (${r.filled} filled) in ${seconds.toFixed(1)} s`,
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
            table(
              ['SETUP', 'CARDS', 'FILLED', 'T1 FIRST', 'AVG R'],
              r.by_setup.map((s) => [
                s.setup,
                String(s.cards),
                String(s.filled),
                pct(s.t1_hit_rate),
                s.average_r === null ? '-' : s.average_r.toFixed(2),
              ]),
            ),
          ].join('\n'),
        );
      });
    });
}
