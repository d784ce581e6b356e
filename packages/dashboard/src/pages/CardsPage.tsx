import { CandlestickSeries, createChart } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, type Card, type CardOutcome, call, type UniverseStatement } from '../api';
import { cssVar } from '../chart/css-var';
import { fitToLevels } from '../chart/fit-levels';
import { drawPriceLevels } from '../chart/level-labels';
import { tickLabel } from '../chart/time-ticks';
import { num, pct } from '../format';
import { navigate, useSearch } from '../navigation';
import { useTheme } from '../useTheme';
import { RecordBooks, type RecordBooksData } from './RecordBooks';
import { RecordEdge, type RecordEdgeData } from './RecordEdge';
import { SetupStatusLine } from './SetupStatusLine';
import { UniverseLine } from './UniverseLine';

interface Bar {
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A session's cards as /dashboard/api/cards answers them, with the resolved ones' outcomes. */
interface SessionCards {
  session: string;
  /** The session cards are published for now: the last one to browse to. */
  current: string;
  previous: string;
  next: string | null;
  cards: Card[];
  outcomes: Record<string, CardOutcome>;
  /** Which universe the session's cards were drawn from. */
  universe?: UniverseStatement;
}

const OUTCOME_WORDS: Readonly<Record<CardOutcome['status'], string>> = {
  t1: 'T1',
  t2: 'T2',
  stopped: 'stopped',
  expired: 'expired',
  unfilled: 'not filled',
};

/** A card's outcome in a few words: `T2 +2.00 R`, `stopped −1.00 R`, `not filled`, or `open`. */
function outcomeText(o: CardOutcome | undefined): string {
  if (o === undefined) return 'open';
  const r = o.r_multiple;
  const sign = r === null ? '' : r > 0 ? '+' : r < 0 ? '−' : '';
  return r === null ? OUTCOME_WORDS[o.status] : `${OUTCOME_WORDS[o.status]} ${sign}${num(Math.abs(r), 2)} R`;
}

type SortKey = 'ticker' | 'conviction' | 'direction' | 'setup';

/** A card's chart: the last ~3 months of its instrument's bars, framed to take in the trade's levels. */
function CardChart({ card }: { card: Card }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const [bars, setBars] = useState<Bar[] | undefined>();
  /** Why there are no bars (a plan without raw data, or a server that serves none): said, not a blank box. */
  const [note, setNote] = useState<string | null>(null);
  const ticker = card.asset.ticker;
  useEffect(() => {
    setNote(null);
    setBars(undefined);
    let live = true;
    call<{ bars: Bar[] }>('GET', `/bars/${encodeURIComponent(ticker)}`)
      .then((r) => {
        if (live) setBars(r.bars);
      })
      .catch((e: unknown) => {
        if (live) setNote(e instanceof ApiError ? e.problem.detail : String(e));
      });
    return () => {
      live = false;
    };
  }, [ticker]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change redraws in the new colours (read from CSS variables)
  useEffect(() => {
    const el = box.current;
    if (el === null || bars === undefined) return;
    const chart = createChart(el, {
      height: 320,
      layout: { background: { color: 'transparent' }, textColor: cssVar('--text') },
      grid: { vertLines: { visible: false }, horzLines: { color: cssVar('--line') } },
      // Room below the lowest level for the library's logo (bottom left), so no label sits on it.
      rightPriceScale: { scaleMargins: { top: 0.06, bottom: 0.14 } },
      timeScale: { tickMarkFormatter: tickLabel },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: cssVar('--up'),
      downColor: cssVar('--down'),
      wickUpColor: cssVar('--up'),
      wickDownColor: cssVar('--down'),
      borderVisible: false,
    });
    series.setData(bars);
    const entry = { color: cssVar('--warn'), dashed: true };
    const levels = [
      { price: card.entry_zone.high, title: 'entry high', ...entry },
      { price: card.entry_zone.low, title: 'entry low', ...entry },
      { price: card.t1, title: 'T1', color: cssVar('--up'), dashed: false },
      { price: card.t2, title: 'T2', color: cssVar('--up'), dashed: false },
      { price: card.stop, title: 'stop', color: cssVar('--down'), dashed: false },
    ];
    const removeLabels = drawPriceLevels(series, el, levels);
    fitToLevels(
      chart,
      series,
      bars,
      levels.map((l) => l.price),
    );
    return () => {
      removeLabels();
      chart.remove();
    };
  }, [bars, card, theme]);
  return (
    <>
      <div ref={box} className="chart" data-testid="card-chart" hidden={note !== null} />
      {note !== null && (
        <p className="muted" data-testid="card-chart-note">
          No chart: {note}
        </p>
      )}
    </>
  );
}

interface SetupRecord {
  key: string;
  cards: number;
  filled: number;
  t1_hit_rate: number | null;
  average_r: number | null;
  average_conviction: number | null;
}

interface RecordData {
  from: string;
  note: string | null;
  by_setup: SetupRecord[];
  books: RecordBooksData | null;
  /** The cards against both nulls and their drift (absent when the record could not be read). */
  edge?: RecordEdgeData;
  universe?: UniverseStatement;
}

/**
 * The last year's record of the published cards, by setup (what /api/v1/cards/performance serves), with the
 * reference books beside it; or the simulated record (backfilled sessions, a fresh demo's history), kept apart
 * and labelled so.
 */
function TrackRecord() {
  const [which, setWhich] = useState<'published' | 'backfilled'>('published');
  const [rows, setRows] = useState<RecordData | undefined>();
  useEffect(() => {
    let live = true;
    call<RecordData>('GET', `/track-record?record=${which}`)
      .then((r) => {
        if (live) setRows(r);
      })
      .catch(() => {
        if (live) setRows({ from: '', note: null, by_setup: [], books: null });
      });
    return () => {
      live = false;
    };
  }, [which]);
  if (rows === undefined) return null;
  const title = which === 'published' ? 'Track record by setup' : 'Simulated history by setup';
  return (
    <section aria-labelledby="record-title">
      <h2 id="record-title">
        {title}
        {rows.from === '' ? '' : ` since ${rows.from}`}
      </h2>
      <fieldset className="segmented" aria-label="Which record">
        <button type="button" aria-pressed={which === 'published'} onClick={() => setWhich('published')}>
          Track record
        </button>
        <button type="button" aria-pressed={which === 'backfilled'} onClick={() => setWhich('backfilled')}>
          Simulated history
        </button>
      </fieldset>
      {rows.note !== null && (
        <p className="muted" data-testid="record-note">
          {rows.note}
        </p>
      )}
      <UniverseLine universe={rows.universe} testId="record-universe" />
      {rows.by_setup.length === 0 ? (
        <p className="muted">No resolved cards yet: outcomes are recorded as sessions close.</p>
      ) : (
        <table data-testid="track-record">
          <thead>
            <tr>
              <th scope="col">Setup</th>
              <th scope="col" className="num">
                Cards
              </th>
              <th scope="col" className="num">
                Filled
              </th>
              <th scope="col" className="num">
                T1 first
              </th>
              <th scope="col" className="num">
                Average R
              </th>
              <th scope="col" className="num">
                Average conviction
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.by_setup.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.key.replaceAll('_', ' ')}</th>
                <td className="num">{num(r.cards, 0)}</td>
                <td className="num">{num(r.filled, 0)}</td>
                <td className="num">{pct(r.t1_hit_rate)}</td>
                <td className="num">{num(r.average_r, 2)}</td>
                <td className="num">{pct(r.average_conviction)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.edge !== undefined && rows.edge.overall.filled > 0 && <RecordEdge edge={rows.edge} />}
      {rows.books !== null && <RecordBooks books={rows.books} />}
    </section>
  );
}

/**
 * A session's cards (the current one, or a past one picked by date or by previous/next): a sortable
 * table with each card's outcome, and for the selected card its chart and thesis.
 */
export function CardsPage() {
  const asked = useSearch().get('session') ?? undefined;
  const [data, setData] = useState<SessionCards | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sort, setSort] = useState<SortKey>('conviction');
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    call<SessionCards>('GET', asked === undefined ? '/cards' : `/cards?session=${encodeURIComponent(asked)}`)
      .then((d) => {
        if (live) setData(d);
      })
      .catch((e: unknown) => {
        if (live) setError(e instanceof ApiError ? e.problem.detail : String(e));
      });
    return () => {
      live = false;
    };
  }, [asked]);
  const rows = useMemo(() => {
    const cards = [...(data?.cards ?? [])];
    const key = (c: Card) =>
      sort === 'ticker'
        ? c.asset.ticker
        : sort === 'direction'
          ? c.direction
          : sort === 'setup'
            ? c.setup
            : -c.conviction.score;
    return cards.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }, [data, sort]);
  if (data === undefined)
    return error === null ? (
      <p>Loading cards…</p>
    ) : (
      <p role="alert" className="error">
        {error}
      </p>
    );
  const go = (session: string | null) => {
    if (session === null || session === '') return;
    navigate(session === data.current ? '/cards' : `/cards?session=${encodeURIComponent(session)}`);
  };
  const card = rows.find((c) => c.id === selected) ?? rows[0];
  const th = (k: SortKey, label: string, numeric = false) => (
    <th scope="col" aria-sort={sort === k ? 'ascending' : 'none'} className={numeric ? 'num' : undefined}>
      <button type="button" className="link" onClick={() => setSort(k)}>
        {label}
      </button>
    </th>
  );
  return (
    <section aria-labelledby="cards-title">
      <h1 id="cards-title">Cards for {data.session}</h1>
      <div className="row session-picker">
        <button type="button" onClick={() => go(data.previous)}>
          Previous session
        </button>
        <label>
          Session
          <input
            type="date"
            value={asked ?? data.session}
            max={data.current}
            onChange={(e) => go(e.target.value)}
          />
        </label>
        <button type="button" disabled={data.next === null} onClick={() => go(data.next)}>
          Next session
        </button>
      </div>
      {error !== null && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <UniverseLine universe={data.universe} testId="cards-universe" />
      {rows.length === 0 ? (
        <p className="muted">
          {data.session === data.current
            ? 'No cards are published for this session yet; they appear an hour before the open.'
            : 'No cards were published for this session.'}
        </p>
      ) : (
        <div className="split">
          <div className="table-scroll">
            <table data-testid="cards-table">
              <thead>
                <tr>
                  {th('ticker', 'Ticker')}
                  {th('direction', 'Direction')}
                  {th('setup', 'Setup')}
                  <th scope="col" className="num">
                    Entry
                  </th>
                  <th scope="col" className="num">
                    T1 / T2
                  </th>
                  <th scope="col" className="num">
                    Stop
                  </th>
                  {th('conviction', 'Conviction', true)}
                  <th scope="col">Setup status</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr
                    key={c.id}
                    className={c.id === card?.id ? 'selected' : ''}
                    onClick={() => setSelected(c.id)}
                  >
                    <td>
                      <button type="button" className="link" onClick={() => setSelected(c.id)}>
                        {c.asset.ticker}
                      </button>
                    </td>
                    <td className={c.direction}>{c.direction}</td>
                    <td>{c.setup.replaceAll('_', ' ')}</td>
                    <td className="num">
                      {num(c.entry_zone.low)}–{num(c.entry_zone.high)}
                    </td>
                    <td className="num">
                      {num(c.t1)} / {num(c.t2)}
                    </td>
                    <td className="num">{num(c.stop)}</td>
                    <td className="num">
                      {pct(c.conviction.score, 0)} {c.conviction.label}
                    </td>
                    <td data-testid="setup-status-cell">{c.setup_status?.status ?? '—'}</td>
                    <td data-testid="outcome" className="nowrap">
                      {outcomeText(data.outcomes[c.id])}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {card !== undefined && (
            <article className="card">
              <h2>
                {card.asset.ticker} · {card.direction} · {card.setup.replaceAll('_', ' ')}
              </h2>
              <CardChart key={card.id} card={card} />
              {card.probabilities !== undefined && (
                <p>
                  If filled: T1 first {pct(card.probabilities.t1_first, 0)} · stop first{' '}
                  {pct(card.probabilities.stop_first, 0)} · expiry {pct(card.probabilities.expiry, 0)}
                </p>
              )}
              <SetupStatusLine status={card.setup_status} />
              <p>{card.thesis}</p>
            </article>
          )}
        </div>
      )}
      <TrackRecord />
    </section>
  );
}
