import { CandlestickSeries, createChart } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, type Card, call } from '../api';
import { drawPriceLevels } from '../chart/level-labels';
import { tickLabel } from '../chart/time-ticks';
import { num, pct } from '../format';

type SortKey = 'ticker' | 'conviction' | 'direction' | 'setup';

function CardChart({ card }: { card: Card }) {
  const box = useRef<HTMLDivElement>(null);
  /** Why there are no bars (a plan without raw data, or a server that serves none): said, not a blank box. */
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    setNote(null);
    const el = box.current;
    if (el === null) return;
    const dark = document.documentElement.dataset.theme !== 'light';
    const chart = createChart(el, {
      height: 320,
      layout: { background: { color: 'transparent' }, textColor: dark ? '#c9d1d9' : '#1f2328' },
      grid: { vertLines: { visible: false }, horzLines: { color: dark ? '#21262d' : '#eaeef2' } },
      timeScale: { tickMarkFormatter: tickLabel },
    });
    const series = chart.addSeries(CandlestickSeries, {});
    let live = true;
    let removeLabels = () => {};
    void call<{ bars: { time: string; open: number; high: number; low: number; close: number }[] }>(
      'GET',
      `/bars/${card.asset.ticker}`,
    )
      .then((r) => {
        if (!live) return;
        series.setData(r.bars);
        const entry = { color: '#d29922', dashed: true };
        removeLabels = drawPriceLevels(series, el, [
          { price: card.entry_zone.high, title: 'entry high', ...entry },
          { price: card.entry_zone.low, title: 'entry low', ...entry },
          { price: card.t1, title: 'T1', color: '#3fb950', dashed: false },
          { price: card.t2, title: 'T2', color: '#2ea043', dashed: false },
          { price: card.stop, title: 'stop', color: '#f85149', dashed: false },
        ]);
        chart.timeScale().fitContent();
      })
      .catch((e: unknown) => {
        if (live) setNote(e instanceof ApiError ? e.problem.detail : String(e));
      });
    return () => {
      live = false;
      removeLabels();
      chart.remove();
    };
  }, [card]);
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

/** The last year's record of the published cards, by setup (what /api/v1/cards/performance serves). */
function TrackRecord() {
  const [rows, setRows] = useState<{ from: string; by_setup: SetupRecord[] } | undefined>();
  useEffect(() => {
    call<{ from: string; by_setup: SetupRecord[] }>('GET', '/track-record')
      .then(setRows)
      .catch(() => setRows({ from: '', by_setup: [] }));
  }, []);
  if (rows === undefined) return null;
  return (
    <section aria-labelledby="record-title">
      <h2 id="record-title">Track record by setup{rows.from === '' ? '' : ` since ${rows.from}`}</h2>
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
    </section>
  );
}

/** The current session's cards: a sortable table, and for the selected card its chart and thesis. */
export function CardsPage() {
  const [data, setData] = useState<{ session: string; cards: Card[] } | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sort, setSort] = useState<SortKey>('conviction');
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    call<{ session: string; cards: Card[] }>('GET', '/cards')
      .then(setData)
      .catch((e: unknown) => setError(e instanceof ApiError ? e.problem.detail : String(e)));
  }, []);
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
  if (error !== null)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (data === undefined) return <p>Loading cards…</p>;
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
      {rows.length === 0 ? (
        <p className="muted">
          No cards are published for this session yet; they appear an hour before the open.
        </p>
      ) : (
        <div className="split">
          <table>
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
                </tr>
              ))}
            </tbody>
          </table>
          {card !== undefined && (
            <article className="card">
              <h2>
                {card.asset.ticker} · {card.direction} · {card.setup.replaceAll('_', ' ')}
              </h2>
              <CardChart card={card} />
              <p>{card.thesis}</p>
            </article>
          )}
        </div>
      )}
      <TrackRecord />
    </section>
  );
}
