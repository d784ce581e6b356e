/**
 * Whether an `Accept` header admits one of `types` (RFC 9110 §12.5.1): a media range that is the type
 * itself, `type/*` or `*\/*`, with a quality above 0 (`q=0` means "not acceptable"). Parameters other
 * than `q` are ignored; an unreadable `q` counts as 1.
 */
export function acceptsAny(accept: string, types: readonly string[]): boolean {
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';');
    let q = 1;
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq !== -1 && p.slice(0, eq).trim().toLowerCase() === 'q') {
        const v = Number(p.slice(eq + 1).trim());
        if (Number.isFinite(v)) q = v;
      }
    }
    if (!(q > 0)) continue;
    const r = range.trim().toLowerCase();
    if (r === '*/*') return true;
    for (const t of types) if (r === t || (r.endsWith('/*') && t.startsWith(r.slice(0, -1)))) return true;
  }
  return false;
}
