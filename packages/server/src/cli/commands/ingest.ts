import { type Command, InvalidArgumentError } from 'commander';
import { formatIngestError } from '../../market/ingest/index.js';
import {
  addCounts,
  INGEST_FORMATS,
  INGEST_KINDS,
  type IngestFileResult,
  type IngestKind,
  ingestFile,
  NO_CHANGES,
  type WriteCounts,
} from '../../market/store/index.js';
import { createOutput } from '../output.js';
import { withPlatform } from '../with-platform.js';

interface IngestOptions {
  format?: string;
  ticker?: string;
  skipBadRows?: boolean;
  calendar: string;
  json?: boolean;
}

/** Skipped-row lines printed per file before "… and N more". */
const SHOWN_ERRORS = 20;
const BAR_WIDTH = 28;
const n = (x: number) => x.toLocaleString('en-US');

function parseKind(value: string): IngestKind {
  if ((INGEST_KINDS as readonly string[]).includes(value)) return value as IngestKind;
  throw new InvalidArgumentError(`must be one of ${INGEST_KINDS.join(', ')}`);
}

function fileView(r: IngestFileResult) {
  return r.status === 'rejected'
    ? { file: r.file, ticker: r.ticker, status: r.status, errors: r.errors }
    : {
        file: r.file,
        ticker: r.ticker,
        status: r.status,
        layout: r.layout,
        records: r.records,
        bars: r.written.bars,
        actions: r.written.actions,
        trades: r.written.trades,
        quotes: r.written.quotes,
        news: r.written.news,
        skipped_rows: r.skipped_rows,
        skipped: r.skipped,
        warnings: r.warnings,
      };
}

const TABLES = ['bars', 'actions', 'trades', 'quotes', 'news'] as const;
const TABLE_NAMES: Record<(typeof TABLES)[number], string> = {
  bars: 'bars',
  actions: 'corporate actions',
  trades: 'trades',
  quotes: 'quotes',
  news: 'news items',
};
const touched = (c: WriteCounts) => c.inserted + c.updated + c.unchanged > 0;
const countsText = (c: WriteCounts) =>
  `${n(c.inserted)} inserted, ${n(c.updated)} updated, ${n(c.unchanged)} unchanged`;

/** `[#####-----] 12/70 files  1,234 rows` on one line, redrawn in place. */
function progressLine(done: number, total: number, rows: number): string {
  const filled = Math.round((done / total) * BAR_WIDTH);
  return `\r[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} files  ${rows.toLocaleString('en-US')} rows`;
}

export function registerIngest(program: Command): void {
  program
    .command('ingest')
    .description(
      'import market data files (bars | actions | news | trades | quotes); a file with errors is rejected whole',
    )
    .argument('<kind>', INGEST_KINDS.join(' | '), parseKind)
    .argument('<files...>', 'files to import (the ticker comes from each file name unless --ticker)')
    .option('--format <format>', 'force the file layout (bars: generic, yahoo, alphavantage, stooq)')
    .option('--ticker <ticker>', 'ticker of every file (default: from the file name)')
    .option('--skip-bad-rows', 'import the valid rows of a file with errors and report the rest')
    .option('--calendar <code>', 'calendar of tickers not yet known (XNYS or 24x7)', 'XNYS')
    .option('--json', 'JSON output')
    .action(async (kind: IngestKind, files: string[], opts: IngestOptions) => {
      const out = createOutput(opts.json === true);
      if (opts.format !== undefined && !INGEST_FORMATS[kind].includes(opts.format)) {
        out.fail('bad_format', `--format for ${kind} must be one of ${INGEST_FORMATS[kind].join(', ')}`);
        return;
      }
      const tty = !out.json && process.stderr.isTTY === true;
      const started = performance.now();
      await withPlatform(
        async (p) => {
          const repo = p.market;
          const results: IngestFileResult[] = [];
          // Per table: a bars file with dividend/split columns also writes corporate actions, which are
          // not bars and are reported beside them rather than added to them.
          const tables = {
            bars: NO_CHANGES,
            actions: NO_CHANGES,
            trades: NO_CHANGES,
            quotes: NO_CHANGES,
            news: NO_CHANGES,
          };
          let rows = 0;
          let skippedRows = 0;
          let newTickers = 0;
          for (const file of files) {
            const r = await ingestFile(repo, {
              kind,
              file,
              skipBadRows: opts.skipBadRows === true,
              calendar: opts.calendar,
              ...(opts.ticker === undefined ? {} : { ticker: opts.ticker }),
              ...(opts.format === undefined ? {} : { format: opts.format }),
            });
            results.push(r);
            if (tty) process.stderr.write('\r\x1b[K');
            if (r.status === 'rejected') {
              out.info(`rejected ${file} (nothing imported):`);
              for (const e of r.errors.slice(0, SHOWN_ERRORS)) out.info(`  ${formatIngestError(file, e)}`);
              if (r.errors.length > SHOWN_ERRORS) out.info(`  … and ${r.errors.length - SHOWN_ERRORS} more`);
            } else {
              const w = r.written;
              for (const t of TABLES) tables[t] = addCounts(tables[t], w[t]);
              newTickers += w.instruments.inserted;
              rows += r.records - r.skipped_rows;
              skippedRows += r.skipped_rows;
              for (const e of r.skipped.slice(0, SHOWN_ERRORS))
                out.info(`skipped ${formatIngestError(file, e)}`);
              if (r.skipped.length > SHOWN_ERRORS)
                out.info(`skipped … and ${r.skipped.length - SHOWN_ERRORS} more`);
              // Stored, but a read will flag them (ADR 0080): said here, with file and line.
              for (const e of r.warnings) out.info(formatIngestError(file, e));
            }
            if (tty) process.stderr.write(progressLine(results.length, files.length, rows));
          }
          if (tty) process.stderr.write('\r\x1b[K');
          const seconds = (performance.now() - started) / 1000;
          const rejected = results.filter((r) => r.status === 'rejected').length;
          const totals = tables[kind];
          const alongside = TABLES.filter((t) => t !== kind && touched(tables[t]));
          const summary = {
            kind,
            files: files.length,
            imported: files.length - rejected,
            rejected,
            rows,
            ...totals,
            written: Object.fromEntries(
              TABLES.filter((t) => t === kind || touched(tables[t])).map((t) => [t, tables[t]]),
            ),
            skipped_rows: skippedRows,
            new_tickers: newTickers,
            seconds: Math.round(seconds * 1000) / 1000,
          };
          out.result(
            { ...summary, results: results.map(fileView) },
            `ingest ${kind}: ${summary.imported}/${files.length} files, ${rows.toLocaleString('en-US')} rows — ` +
              `${countsText(totals)}, ` +
              alongside.map((t) => `and ${TABLE_NAMES[t]}: ${countsText(tables[t])}, `).join('') +
              `${skippedRows} skipped rows, ${rejected} rejected files, ${newTickers} new tickers (${seconds.toFixed(1)} s)`,
          );
          if (rejected > 0) process.exitCode = 1;
        },
        { creates: true },
      );
    });
}
