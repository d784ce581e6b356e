import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { calendarFor } from '../calendar/calendar-for.js';
import type { BarParseResult } from '../ingest/bars.js';
import {
  BAR_LAYOUTS,
  type BarLayoutName,
  decideImport,
  type IngestError,
  type ParseOutcome,
  parseActions,
  parseBars,
  parseNews,
  parseQuotes,
  parseTrades,
  tickerFromFileName,
} from '../ingest/index.js';
import { seriesIssues } from '../ingest/series-issues.js';
import type { MarketDataRepo } from './market-data-repo.js';
import type { Instrument, MarketWrite, WriteOutcome } from './types.js';

export const INGEST_KINDS = ['bars', 'actions', 'news', 'trades', 'quotes'] as const;
export type IngestKind = (typeof INGEST_KINDS)[number];

/** Formats each kind reads: bar layouts are detected from the header unless forced. */
export const INGEST_FORMATS: Readonly<Record<IngestKind, readonly string[]>> = {
  bars: BAR_LAYOUTS,
  actions: ['csv'],
  news: ['ndjson'],
  trades: ['csv'],
  quotes: ['csv'],
};

export interface IngestFileOptions {
  readonly kind: IngestKind;
  readonly file: string;
  /** Overrides the ticker implied by the file name (not used for news). */
  readonly ticker?: string;
  /** One of INGEST_FORMATS[kind]; the caller validates it. */
  readonly format?: string;
  readonly skipBadRows: boolean;
  /** Calendar code of instruments this file creates (`XNYS` or `24x7`). */
  readonly calendar: string;
}

export type IngestFileResult =
  | {
      readonly status: 'rejected';
      readonly file: string;
      readonly ticker: string | null;
      readonly errors: readonly IngestError[];
    }
  | {
      readonly status: 'imported';
      readonly file: string;
      readonly ticker: string | null;
      readonly layout: string;
      readonly records: number;
      readonly written: WriteOutcome;
      /** Errors of the rows left out (`--skip-bad-rows`); a row can have several. */
      readonly skipped: readonly IngestError[];
      /** Distinct rows left out. */
      readonly skipped_rows: number;
      /**
       * Rows stored as they are that a read will flag (ADR 0080): a corporate action whose prices do not
       * fit it, or that cannot be read and is left unapplied. By line of the file.
       */
      readonly warnings: readonly IngestError[];
    };

function newInstrument(ticker: string, calendar: string, source: string): Instrument {
  const crypto = calendar.toUpperCase() !== 'XNYS';
  return {
    ticker,
    name: ticker,
    exchange: crypto ? null : 'XNYS',
    asset_class: crypto ? 'crypto' : 'equity',
    currency: 'USD',
    sector: null,
    calendar: crypto ? '24x7' : 'XNYS',
    active: true,
    source,
  };
}

/**
 * Reads, validates and stores one file. A file with any invalid row is rejected whole — nothing of it is
 * written — unless `skipBadRows`, which stores the valid rows and reports the others. Everything the file
 * holds is written in one transaction, so a failure half-way leaves the database as it was.
 */
export async function ingestFile(
  repo: MarketDataRepo,
  options: IngestFileOptions,
): Promise<IngestFileResult> {
  if (calendarFor(options.calendar) === undefined)
    throw new RangeError(`unknown calendar "${options.calendar}"`);
  const { kind, file } = options;
  const name = basename(file);
  const source = `${kind === 'news' ? 'ndjson' : 'csv'}:${name}`;
  const ticker =
    kind === 'news' ? null : (options.ticker?.trim().toUpperCase() ?? tickerFromFileName(file) ?? null);
  if (kind !== 'news' && ticker === null) {
    return {
      status: 'rejected',
      file,
      ticker,
      errors: [{ line: 1, message: `cannot tell the ticker from the file name "${name}"; pass --ticker` }],
    };
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // An unreadable file is the operator's expected mistake (a typo, a directory): report it like a
    // rejected file and go on with the others. Line 0: the file as a whole.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      status: 'rejected',
      file,
      ticker,
      errors: [{ line: 0, message: `cannot read the file: ${reason}` }],
    };
  }
  const parsed = parse(kind, text, options.format);
  const decision = decideImport<ParseOutcome>(parsed.result, options.skipBadRows);
  if (decision.kind === 'rejected') return { status: 'rejected', file, ticker, errors: decision.errors };
  const t = ticker as string;
  const skippedRows = new Set(decision.skipped.map((e) => e.line)).size;
  const write: MarketWrite = {
    source,
    ...(ticker === null ? {} : { ensureInstruments: [newInstrument(t, options.calendar, source)] }),
    ...parsed.write(t),
    run: { kind, ...(ticker === null ? {} : { ticker }), skipped: skippedRows },
  };
  const written = await repo.write(write);
  return {
    status: 'imported',
    file,
    ticker,
    layout: parsed.layout,
    records: parsed.result.records,
    written,
    skipped: decision.skipped,
    skipped_rows: skippedRows,
    warnings: parsed.warnings,
  };
}

interface Parsed {
  readonly result: ParseOutcome;
  readonly layout: string;
  readonly warnings: readonly IngestError[];
  write(ticker: string): Partial<MarketWrite>;
}

/** The data issues a read of these bars and actions will report (ADR 0080), each on the line of its date's row. */
function actionWarnings(r: BarParseResult): IngestError[] {
  const issues = seriesIssues(r.bars, r.actions);
  if (issues.length === 0) return [];
  const lineOf = new Map(r.bars.map((b, i) => [b.date, r.lines[i] as number]));
  return issues.map((issue) => ({
    line: lineOf.get(issue.date) ?? 0,
    ...(issue.subject === 'bar'
      ? {}
      : { column: issue.subject === 'split' ? 'split_coefficient' : 'dividend_amount' }),
    message: `${issue.severity === 'error' ? 'unreadable action' : 'warning'}: ${issue.message}`,
  }));
}

function parse(kind: IngestKind, text: string, format: string | undefined): Parsed {
  switch (kind) {
    case 'bars': {
      const r = parseBars(text, format === undefined ? {} : { format: format as BarLayoutName });
      return {
        result: r,
        layout: r.layout ?? 'unknown',
        warnings: actionWarnings(r),
        write: (ticker) => ({
          bars: [{ ticker, bars: r.bars }],
          ...(r.actions.length === 0 ? {} : { actions: [{ ticker, actions: r.actions }] }),
        }),
      };
    }
    case 'actions': {
      const r = parseActions(text);
      return {
        result: r,
        warnings: [],
        layout: 'csv',
        write: (ticker) => ({ actions: [{ ticker, actions: r.actions }] }),
      };
    }
    case 'trades': {
      const r = parseTrades(text);
      return {
        result: r,
        warnings: [],
        layout: 'csv',
        write: (ticker) => ({ trades: [{ ticker, trades: r.trades }] }),
      };
    }
    case 'quotes': {
      const r = parseQuotes(text);
      return {
        result: r,
        warnings: [],
        layout: 'csv',
        write: (ticker) => ({ quotes: [{ ticker, quotes: r.quotes }] }),
      };
    }
    case 'news': {
      const r = parseNews(text);
      return { result: r, warnings: [], layout: 'ndjson', write: () => ({ news: r.items }) };
    }
  }
}
