import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, call, type Instrument, type InstrumentPage } from './api';

/** Results shown at most. */
const SHOWN = 8;
/** Quiet time after the last keystroke before searching: each search is one metered call. */
const DEBOUNCE_MS = 250;

type Found =
  | { readonly kind: 'idle' }
  | { readonly kind: 'results'; readonly q: string; readonly page: InstrumentPage }
  | { readonly kind: 'problem'; readonly detail: string };

/**
 * The top bar's ticker search (GET /dashboard/api/instruments?q=…, ranked by the server): a combobox
 * whose listbox shows the best matches as the user types, operated with the arrow keys, Enter and
 * Escape (the active option is announced through aria-activedescendant, focus stays in the box), or the
 * mouse. Choosing an instrument hands its ticker to `onChoose`.
 */
export function TickerSearch({ onChoose }: { onChoose: (ticker: string) => void }) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The query of the latest search sent: an answer to an older one is dropped. */
  const latest = useRef('');

  useEffect(() => {
    const text = q.trim();
    latest.current = text;
    if (text === '') {
      setFound({ kind: 'idle' });
      setActive(-1);
      return;
    }
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: text, limit: String(SHOWN) });
      call<InstrumentPage>('GET', `/instruments?${params}`)
        .then((page) => {
          if (latest.current !== text) return;
          setFound({ kind: 'results', q: text, page });
          setActive(-1);
        })
        .catch((e: unknown) => {
          if (latest.current !== text) return;
          setFound({ kind: 'problem', detail: e instanceof ApiError ? e.problem.detail : String(e) });
          setActive(-1);
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const options: readonly Instrument[] = found.kind === 'results' ? found.page.data.slice(0, SHOWN) : [];
  const choose = (i: Instrument) => {
    setQ('');
    setOpen(false);
    onChoose(i.ticker);
  };
  const expanded = open && found.kind !== 'idle' && q.trim() !== '';

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) =>
        a < 0 && step < 0 ? options.length - 1 : (a + step + options.length) % options.length,
      );
    } else if (e.key === 'Enter') {
      const chosen = expanded ? options[active] : undefined;
      if (chosen === undefined) return;
      e.preventDefault();
      choose(chosen);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (expanded) setOpen(false);
      else setQ('');
    }
  };

  return (
    <div className="ticker-search">
      <input
        type="search"
        role="combobox"
        aria-label="Search instruments"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder="Find a ticker or name…"
        autoComplete="off"
        spellCheck={false}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <div className="search-popup" hidden={!expanded}>
        <div id={listId} role="listbox" aria-label="Instruments">
          {options.map((i, n) => (
            <div
              key={i.ticker}
              id={optionId(n)}
              role="option"
              // Focus stays in the box (aria-activedescendant); -1 only makes the option focusable by script.
              tabIndex={-1}
              aria-selected={n === active}
              className={n === active ? 'active' : undefined}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(i);
              }}
              onMouseMove={() => setActive(n)}
            >
              <strong className="search-ticker">{i.ticker}</strong>
              <span className="search-name">{i.name}</span>
              <span className="muted search-meta">
                {[i.sector?.replaceAll('_', ' '), i.last_bar === null ? 'no bars' : `last bar ${i.last_bar}`]
                  .filter((x) => x !== undefined)
                  .join(' · ')}
                {i.stale && <span className="mark tone-warn"> stale</span>}
                {!i.active && <span className="mark"> inactive</span>}
              </span>
            </div>
          ))}
        </div>
        {found.kind === 'problem' ? (
          <p className="error search-note" role="alert">
            {found.detail}
          </p>
        ) : found.kind === 'results' && options.length === 0 ? (
          <p className="muted search-note" role="status">
            Nothing matches “{found.q}”.
            {found.page.suggestion !== undefined && ` Did you mean ${found.page.suggestion}?`}
          </p>
        ) : null}
      </div>
    </div>
  );
}
