import { signedPct } from '../format';

/** A signed percentage change, coloured by its sign (the sign is in the text too). */
export function Change({ v, decimals = 1 }: { v: number | null | undefined; decimals?: number }) {
  const cls = v == null || v === 0 ? 'num' : v > 0 ? 'num up' : 'num down';
  return <span className={cls}>{signedPct(v, decimals)}</span>;
}
