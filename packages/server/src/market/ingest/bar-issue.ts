import type { DataIssue } from './data-issue.js';
import type { Bar } from './types.js';

const price = (x: number) => x > 0 && Number.isFinite(x);

/** Whether a bar's prices and volume can be read at face value: what {@link barIssue} checks. */
export function usableBar(open: number, high: number, low: number, close: number, volume: number): boolean {
  return price(open) && price(high) && price(low) && price(close) && volume >= 0 && Number.isFinite(volume);
}

/**
 * The issue of a bar a read cannot take at face value, if any (ADR 0080): a price (open, high, low, close)
 * that is not a positive number, or a volume that is not a number ≥ 0. Always an `error`.
 */
export function barIssue(bar: Bar): DataIssue | undefined {
  const { date, open, high, low, close, volume } = bar;
  if (usableBar(open, high, low, close, volume)) return undefined;
  return {
    date,
    subject: 'bar',
    severity: 'error',
    message: `the bar of ${date} has no usable price (open ${open}, high ${high}, low ${low}, close ${close}, volume ${volume})`,
  };
}
