import { num } from '../format';

/**
 * Any JSON value, readably: numbers formatted, objects as definition lists, arrays of rows as tables.
 * The renderer of sections the viewer has no panel for, and of those whose panel could not draw them.
 */
export function GenericValue({ v, depth = 0 }: { v: unknown; depth?: number }) {
  if (v === null || v === undefined) return <span className="muted">—</span>;
  if (typeof v === 'number') return <span className="num">{num(v, Math.abs(v) >= 100 ? 2 : 4)}</span>;
  if (typeof v !== 'object') return <span>{String(v)}</span>;
  if (Array.isArray(v)) {
    if (v.length === 0) return <span className="muted">none</span>;
    if (v.length > 40 && typeof v[0] === 'number') return <span className="muted">{v.length} values</span>;
    const rows = v.filter(
      (x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x),
    );
    if (rows.length === v.length && depth < 3) {
      const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].slice(0, 8);
      return (
        <table className="inner">
          <thead>
            <tr>
              {cols.map((c) => (
                <th key={c}>{c.replaceAll('_', ' ')}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 25).map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are static, never reordered
              <tr key={i}>
                {cols.map((c) => (
                  <td key={c}>
                    {typeof r[c] === 'object' && r[c] !== null ? (
                      <span className="muted">…</span>
                    ) : (
                      <GenericValue v={r[c]} depth={depth + 1} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    return (
      <span>
        {v
          .slice(0, 12)
          .map((x) => (typeof x === 'number' ? num(x) : String(x)))
          .join(', ')}
      </span>
    );
  }
  if (depth > 2) return <span className="muted">…</span>;
  return (
    <dl>
      {Object.entries(v as Record<string, unknown>).map(([k, x]) => (
        <div key={k}>
          <dt>{k.replaceAll('_', ' ')}</dt>
          <dd>
            <GenericValue v={x} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
