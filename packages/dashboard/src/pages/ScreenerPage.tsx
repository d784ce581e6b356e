import { useEffect, useRef, useState } from 'react';
import { ApiError, call, type Problem, type ScreenAnswer } from '../api';
import { num, screenNumber } from '../format';
import { Link, useSearch } from '../navigation';
import { fieldOf, ScreenErrors, type ScreenField } from './ScreenErrors';

/** Uptrends with momentum: matches a few names on most days of the demo market. */
const DEFAULT_WHERE = 'close > sma(200) and rsi(14) > 50';
const DEFAULT_SORT = '-roc(20)';
const DEFAULT_LIMIT = '50';
const MAX_LIMIT = 500;

type Texts = Record<ScreenField, string>;

/** Why instruments were not screened, in a few words each (`3 stale, 2 without enough history`). */
function leftOutLine(left: ScreenAnswer['left_out']): { text: string; title: string } | undefined {
  const reasons = [
    [left.no_data, 'without data'],
    [left.stale, 'stale'],
    [left.no_bar, 'without a bar that day'],
    [left.undecided, 'without enough history'],
    [left.data_issue, 'with a data issue'],
  ] as const;
  const shown = reasons.filter(([l]) => l.count > 0);
  if (shown.length === 0) return undefined;
  return {
    text: `Left out: ${shown.map(([l, why]) => `${num(l.count, 0)} ${why}`).join(', ')}.`,
    title: [
      ...shown.map(([l, why]) => `${why}: ${l.tickers.join(', ')}${l.count > l.tickers.length ? '…' : ''}`),
      ...left.data_issue.reasons.map((r) => r.reason),
    ].join('\n'),
  };
}

/** The results of a screen: the counts, the reasons some were left out, and a row per match. */
function ScreenResults({ answer }: { answer: ScreenAnswer }) {
  const dates = new Set(answer.data.map((r) => r.date));
  const date = answer.parameters.date ?? (dates.size === 1 ? [...dates][0] : undefined);
  const left = leftOutLine(answer.left_out);
  const descending = answer.parameters.sort?.trim().startsWith('-') === true;
  return (
    <section aria-labelledby="screen-results-title">
      <h2 id="screen-results-title">Results</h2>
      <p data-testid="screen-summary">
        {num(answer.matched, 0)} of {num(answer.universe, 0)} instruments matched
        {date === undefined ? '' : ` at the close of ${date}`}
        {answer.count < answer.matched ? `; the first ${num(answer.count, 0)} are shown` : ''}.
      </p>
      <p className="muted" data-testid="screen-left-out" title={left?.title}>
        {left?.text ?? 'None left out: every instrument had the data the screen reads.'}
      </p>
      {answer.data.length > 0 && (
        <div className="table-scroll">
          <table data-testid="screen-results">
            <thead>
              <tr>
                <th scope="col">Ticker</th>
                <th scope="col">Name</th>
                <th scope="col">Date</th>
                {answer.columns.map((c) => (
                  <th
                    key={c}
                    scope="col"
                    className="num"
                    aria-sort={
                      c === answer.sort_label ? (descending ? 'descending' : 'ascending') : undefined
                    }
                  >
                    <code>{c}</code>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.data.map((r) => (
                <tr key={r.ticker} data-ticker={r.ticker}>
                  <th scope="row">
                    <Link to={`/reports?ticker=${encodeURIComponent(r.ticker)}`}>{r.ticker}</Link>
                  </th>
                  <td>{r.name}</td>
                  <td className="nowrap">{r.date}</td>
                  {answer.columns.map((c) => (
                    <td key={c} className="num" data-column={c} data-value={String(r.values[c] ?? '')}>
                      {screenNumber(r.values[c])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * /dashboard/screener: which instruments match a condition over the indicator catalogue (the API's
 * /screener behind the dashboard's door: one quota unit a run). `?tickers=VZN` narrows the universe.
 * A refused screen shows each error located in the text with its suggested fix; a plan without the
 * screener shows the problem's words, which name the plan that has it.
 */
export function ScreenerPage() {
  const asked = useSearch().get('tickers');
  const [texts, setTexts] = useState<Texts>({
    where: DEFAULT_WHERE,
    sort: DEFAULT_SORT,
    limit: DEFAULT_LIMIT,
    tickers: asked ?? '',
  });
  const [answer, setAnswer] = useState<ScreenAnswer | undefined>();
  const [refused, setRefused] = useState<{ problem: Problem; ran: Texts } | undefined>();
  const [running, setRunning] = useState(false);
  const whereBox = useRef<HTMLTextAreaElement>(null);
  const sortBox = useRef<HTMLInputElement>(null);
  /** A span to select in a field once it is rendered (an error's token, a fix just applied). */
  const [select, setSelect] = useState<{ field: 'where' | 'sort'; from: number; to: number } | undefined>();

  useEffect(() => {
    if (asked !== null) setTexts((t) => ({ ...t, tickers: asked }));
  }, [asked]);
  useEffect(() => {
    if (select === undefined) return;
    const box = select.field === 'where' ? whereBox.current : sortBox.current;
    box?.focus();
    box?.setSelectionRange(select.from, select.to);
  }, [select]);

  const set = (field: ScreenField) => (e: { target: { value: string } }) =>
    setTexts((t) => ({ ...t, [field]: e.target.value }));

  const run = async (e: React.FormEvent) => {
    e.preventDefault();
    const ran = { ...texts };
    const params = new URLSearchParams({ where: ran.where });
    if (ran.sort.trim() !== '') params.set('sort', ran.sort);
    if (ran.limit.trim() !== '') params.set('limit', ran.limit.trim());
    if (ran.tickers.trim() !== '') params.set('tickers', ran.tickers);
    setRunning(true);
    try {
      setAnswer(await call<ScreenAnswer>('GET', `/screener?${params}`));
      setRefused(undefined);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setAnswer(undefined);
      setRefused({ problem: err.problem, ran });
      // The first located error: its field takes the focus with the offending text selected.
      const first = err.problem.errors?.find((x) => x.offset !== undefined);
      const field = first === undefined ? undefined : fieldOf(first.pointer);
      if (first?.offset !== undefined && (field === 'where' || field === 'sort'))
        setSelect({ field, from: first.offset, to: first.offset + (first.length ?? 0) });
    } finally {
      setRunning(false);
    }
  };

  const errors = refused?.problem.errors ?? [];
  const invalid = (field: ScreenField) => errors.some((x) => fieldOf(x.pointer) === field) || undefined;
  const describedBy = (field: ScreenField) => (invalid(field) ? 'screen-errors' : undefined);

  return (
    <section aria-labelledby="screener-title">
      <h1 id="screener-title">Screener</h1>
      <form className="screen-form" aria-label="Screen" onSubmit={(e) => void run(e)}>
        <label>
          Condition
          <textarea
            ref={whereBox}
            rows={3}
            spellCheck={false}
            value={texts.where}
            onChange={set('where')}
            aria-invalid={invalid('where')}
            aria-describedby={describedBy('where') ?? 'screen-help'}
          />
        </label>
        <p className="muted" id="screen-help">
          Compare indicators (<code>rsi(14)</code>, <code>sma(200)</code>, <code>macd(12,26,9).signal</code>),
          bar fields (<code>close</code>, <code>volume</code>) and numbers; join with <code>and</code>,{' '}
          <code>or</code>, <code>not</code>. For example <code>rsi(14) &lt; 30 and close &gt; sma(200)</code>.
          Each run counts one request against the plan’s quota.
        </p>
        <div className="row">
          <label>
            Sort
            <input
              ref={sortBox}
              value={texts.sort}
              onChange={set('sort')}
              placeholder="-roc(20)"
              spellCheck={false}
              aria-invalid={invalid('sort')}
              aria-describedby={describedBy('sort')}
            />
          </label>
          <label>
            Limit
            <input
              type="number"
              min={1}
              max={MAX_LIMIT}
              value={texts.limit}
              onChange={set('limit')}
              className="narrow"
              aria-invalid={invalid('limit')}
            />
          </label>
          <label>
            Tickers
            <input
              value={texts.tickers}
              onChange={set('tickers')}
              placeholder="all active instruments"
              spellCheck={false}
              aria-invalid={invalid('tickers')}
            />
          </label>
          <button type="submit" disabled={running}>
            {running ? 'Running…' : 'Run'}
          </button>
        </div>
      </form>
      {refused !== undefined &&
        (errors.length > 0 ? (
          <ScreenErrors
            errors={errors}
            ran={refused.ran}
            edited={(field) => texts[field] !== refused.ran[field]}
            onFix={(field, text, [from, to]) => {
              setTexts((t) => ({ ...t, [field]: text }));
              if (field === 'where' || field === 'sort') setSelect({ field, from, to });
            }}
          />
        ) : (
          <p role="alert" className="error" data-testid="screen-problem">
            {refused.problem.detail}
          </p>
        ))}
      {answer !== undefined && <ScreenResults answer={answer} />}
    </section>
  );
}
