import { intSetting } from './int-setting.js';

/** Broker connections (issue #30, ADR 0075): where each broker is reached, and the caps a connection starts with. */
export interface BrokersConfig {
  /** Alpaca's trading API for paper and live accounts, and its market-data API (latest trade). */
  readonly alpaca: { readonly paperUrl: string; readonly liveUrl: string; readonly dataUrl: string };
  /** Connections per account. */
  readonly maxConnections: number;
  /** What one order may be at most, unless the customer lowers it on the connection. */
  readonly maxOrderQty: number;
  readonly maxOrderNotional: number;
  /** Seconds between two reconciliations of open orders with the broker (0: only when read). */
  readonly reconcileSeconds: number;
  /** One broker call's limit, connection to last byte. */
  readonly timeoutSeconds: number;
}

export const DEFAULT_BROKERS_CONFIG: BrokersConfig = {
  alpaca: {
    paperUrl: 'https://paper-api.alpaca.markets',
    liveUrl: 'https://api.alpaca.markets',
    dataUrl: 'https://data.alpaca.markets',
  },
  maxConnections: 5,
  maxOrderQty: 10_000,
  maxOrderNotional: 250_000,
  reconcileSeconds: 60,
  timeoutSeconds: 15,
};

function httpUrl(errors: string[], name: string, raw: string | undefined, fallback: string): string {
  if (raw === undefined || raw.trim() === '') return fallback;
  const text = raw.trim().replace(/\/+$/, '');
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '') {
    errors.push(`${name} must be an http(s) URL without credentials`);
    return fallback;
  }
  return text;
}

export function parseBrokersConfig(
  errors: string[],
  get: (name: string) => string | undefined,
): BrokersConfig {
  const d = DEFAULT_BROKERS_CONFIG;
  const int = (name: string, fallback: number, min: number, max: number) =>
    intSetting(errors, name, get(name) ?? String(fallback), min, max);
  const url = (name: string, fallback: string) => httpUrl(errors, name, get(name), fallback);
  return {
    alpaca: {
      paperUrl: url('BELLWETHER_ALPACA_PAPER_URL', d.alpaca.paperUrl),
      liveUrl: url('BELLWETHER_ALPACA_LIVE_URL', d.alpaca.liveUrl),
      dataUrl: url('BELLWETHER_ALPACA_DATA_URL', d.alpaca.dataUrl),
    },
    maxConnections: int('BELLWETHER_BROKER_MAX_CONNECTIONS', d.maxConnections, 1, 100),
    maxOrderQty: int('BELLWETHER_BROKER_MAX_ORDER_QTY', d.maxOrderQty, 1, 10_000_000),
    maxOrderNotional: int('BELLWETHER_BROKER_MAX_ORDER_NOTIONAL', d.maxOrderNotional, 1, 100_000_000),
    reconcileSeconds: int('BELLWETHER_BROKER_RECONCILE_SECONDS', d.reconcileSeconds, 0, 86_400),
    timeoutSeconds: int('BELLWETHER_BROKER_TIMEOUT_SECONDS', d.timeoutSeconds, 1, 60),
  };
}
