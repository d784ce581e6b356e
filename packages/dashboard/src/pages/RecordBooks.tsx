import { createChart, LineSeries } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { cssVar } from '../chart/css-var';
import { tickLabel } from '../chart/time-ticks';
import { num, pct } from '../format';
import { useTheme } from '../useTheme';

interface BookFigures {
  annual_return: number | null;
  volatility: number | null;
  sharpe: number | null;
  max_drawdown: number | null;
  equity: number[];
}

/** The record's reference books as the API serves them (`books` of /cards/performance, docs/signals/reference-books.md). */
export interface RecordBooksData {
  dates: string[];
  cards: BookFigures;
  equal_weight: BookFigures;
  momentum: BookFigures;
  settings: { momentum: { top: number } };
}

/**
 * The cards as a book beside the simple books a trader could have held instead — equal weight and 12-1
 * momentum of the same universe, on the same sessions with the same costs: three equity curves and their
 * figures (issue #48: the product shows the alternatives that did better).
 */
export function RecordBooks({ books }: { books: RecordBooksData }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const lines = [
    { name: 'Cards', book: books.cards, color: '--accent' },
    { name: 'Equal weight', book: books.equal_weight, color: '--muted' },
    { name: `Momentum 12-1, top ${books.settings.momentum.top}`, book: books.momentum, color: '--warn' },
  ];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change redraws in the new colours (read from CSS variables)
  useEffect(() => {
    const el = box.current;
    if (el === null || books.dates.length === 0) return;
    const chart = createChart(el, {
      height: 240,
      layout: { background: { color: 'transparent' }, textColor: cssVar('--text') },
      grid: { vertLines: { visible: false }, horzLines: { color: cssVar('--line') } },
      rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.14 } },
      timeScale: { tickMarkFormatter: tickLabel },
    });
    for (const l of lines) {
      const series = chart.addSeries(LineSeries, { color: cssVar(l.color), lineWidth: 2, title: l.name });
      series.setData(books.dates.map((time, i) => ({ time, value: l.book.equity[i] as number })));
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [books, theme]);
  return (
    <figure className="record-books">
      <div ref={box} className="chart" data-testid="record-books-chart" />
      <figcaption>
        <table data-testid="record-books">
          <thead>
            <tr>
              <th scope="col">Book (growth of 1)</th>
              <th scope="col" className="num">
                Annual
              </th>
              <th scope="col" className="num">
                Volatility
              </th>
              <th scope="col" className="num">
                Sharpe
              </th>
              <th scope="col" className="num">
                Max drawdown
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.name}>
                <th scope="row">
                  <span className="swatch" style={{ background: `var(${l.color})` }} /> {l.name}
                </th>
                <td className="num">{pct(l.book.annual_return)}</td>
                <td className="num">{pct(l.book.volatility)}</td>
                <td className="num">{num(l.book.sharpe, 2)}</td>
                <td className="num">{pct(l.book.max_drawdown)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
