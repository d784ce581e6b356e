import { num, pct } from '../format';
import type { IndicatorRow } from './report-sections';

/** The value of a panel indicator's first output, now and a month ago. */
const first = (row: IndicatorRow, key: string) => ({
  now: row.values[key] ?? null,
  ago: row.month_ago[key] ?? null,
});

const trend = (now: number | null, ago: number | null) =>
  now === null || ago === null ? '' : now > ago ? ', rising' : now < ago ? ', falling' : ', unchanged';

function zone(v: number, low: number, high: number, lowWord = 'oversold', highWord = 'overbought'): string {
  return v >= high ? highWord : v <= low ? lowWord : 'neutral';
}

/**
 * A plain reading of one indicator-panel row, with the conventional thresholds (RSI 30/70, stochastic
 * and MFI 20/80, Williams %R −80/−20, CCI ±100, ADX 20/25); `close` is the last close, for the averages
 * and bands. Empty when the indicator is unknown here or its value is undefined.
 */
export function indicatorReading(row: IndicatorRow, close: number | null): string {
  switch (row.code) {
    case 'sma':
    case 'ema': {
      const v = row.values[row.code] ?? null;
      if (v === null || close === null) return '';
      return `close ${pct(Math.abs(close / v - 1))} ${close >= v ? 'above' : 'below'} it`;
    }
    case 'rsi': {
      const { now, ago } = first(row, 'rsi');
      return now === null ? '' : `${zone(now, 30, 70)}${trend(now, ago)}`;
    }
    case 'macd': {
      const h = row.values.hist ?? null;
      const ago = row.month_ago.hist ?? null;
      if (h === null) return '';
      const side =
        h > 0 ? 'above its signal line (upward momentum)' : 'below its signal line (downward momentum)';
      const cross = ago !== null && Math.sign(ago) !== Math.sign(h) ? '; crossed within the month' : '';
      return `${side}${cross}`;
    }
    case 'bbands': {
      const { upper, lower } = row.values;
      if (upper == null || lower == null || close === null || upper === lower) return '';
      const b = (close - lower) / (upper - lower);
      const where =
        b > 1
          ? 'above the upper band'
          : b < 0
            ? 'below the lower band'
            : b >= 0.5
              ? 'in the upper half'
              : 'in the lower half';
      return `close ${where} (%B ${num(b, 2)})`;
    }
    case 'stoch': {
      const k = row.values.slowk ?? null;
      const d = row.values.slowd ?? null;
      if (k === null) return '';
      return `${zone(k, 20, 80)}${d === null ? '' : k > d ? ', %K above %D' : ', %K below %D'}`;
    }
    case 'mfi': {
      const { now, ago } = first(row, 'mfi');
      return now === null ? '' : `${zone(now, 20, 80)}${trend(now, ago)}`;
    }
    case 'willr': {
      const { now, ago } = first(row, 'willr');
      return now === null ? '' : `${zone(now, -80, -20)}${trend(now, ago)}`;
    }
    case 'cci': {
      const { now, ago } = first(row, 'cci');
      return now === null ? '' : `${zone(now, -100, 100)}${trend(now, ago)}`;
    }
    case 'adx': {
      const { now, ago } = first(row, 'adx');
      if (now === null) return '';
      return `${now >= 25 ? 'strong' : now >= 20 ? 'moderate' : 'weak'} trend${trend(now, ago)}`;
    }
    case 'atr': {
      const { now, ago } = first(row, 'atr');
      if (now === null) return '';
      const parts = [
        close === null ? '' : `${num((now / close) * 100, 1)} % of price`,
        trend(now, ago).slice(2),
      ];
      return parts.filter((p) => p !== '').join(', ');
    }
    case 'obv': {
      const { now, ago } = first(row, 'obv');
      if (now === null || ago === null) return '';
      return now > ago ? 'volume flowing in over the month' : 'volume flowing out over the month';
    }
    default:
      return '';
  }
}
