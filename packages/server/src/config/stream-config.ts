import { intSetting } from './int-setting.js';
import { Secret } from './secret.js';

/** The live-data streams the server can follow (issue #43, ADR 0102). */
const STREAM_PROVIDERS = ['alpaca', 'finnhub'] as const;

/** One provider's stream as the operator configured it (credentials held as {@link Secret}s). */
export type StreamProviderSettings =
  | {
      readonly name: 'alpaca';
      readonly keyId: Secret;
      readonly secretKey: Secret;
      /** `iex` on Alpaca's free plan, `sip` when the operator's plan has the consolidated tape. */
      readonly feed: 'iex' | 'sip';
      readonly baseUrl: string | undefined;
    }
  | { readonly name: 'finnhub'; readonly token: Secret; readonly baseUrl: string | undefined };

export interface StreamConfig {
  /** Undefined: no live stream (the default; the demo and the daily sync are unaffected). */
  readonly provider: StreamProviderSettings | undefined;
  /** The tickers followed (`BELLWETHER_STREAM_TICKERS`), upper-case, in the operator's order. */
  readonly tickers: readonly string[];
  /** Overrides the provider plan's symbol limit per connection (undefined: the documented free tier's). */
  readonly maxSymbols: number | undefined;
  /** What plans without `quotes_realtime` see: quotes this many minutes old (default 15; 0: real time for all). */
  readonly delayMinutes: number;
}

const WS_URL = /^wss?:\/\/[^\s]+$/;

/**
 * The live stream's settings:
 * - `BELLWETHER_STREAM_PROVIDER`: `alpaca`, `finnhub` or `off` (default);
 * - Alpaca: `BELLWETHER_ALPACA_KEY_ID`, `BELLWETHER_ALPACA_SECRET_KEY`, `BELLWETHER_ALPACA_FEED` (`iex`,
 *   default, or `sip`), `BELLWETHER_ALPACA_STREAM_URL` (default Alpaca's; the feed is appended);
 * - Finnhub: `BELLWETHER_FINNHUB_KEY` (the key its news uses), `BELLWETHER_FINNHUB_STREAM_URL`;
 * - `BELLWETHER_STREAM_TICKERS` (comma-separated), `BELLWETHER_STREAM_MAX_SYMBOLS`,
 *   `BELLWETHER_QUOTES_DELAY_MINUTES` (0–60, default 15).
 */
export function parseStreamConfig(errors: string[], get: (name: string) => string | undefined): StreamConfig {
  const name = (get('BELLWETHER_STREAM_PROVIDER') ?? 'off').trim().toLowerCase();
  if (name !== 'off' && !(STREAM_PROVIDERS as readonly string[]).includes(name))
    errors.push(
      `BELLWETHER_STREAM_PROVIDER must be one of ${STREAM_PROVIDERS.join(', ')} or off; not ${name}`,
    );
  const url = (setting: string) => {
    const v = get(setting);
    if (v !== undefined && !WS_URL.test(v)) errors.push(`${setting} must be a ws:// or wss:// URL`);
    return v;
  };
  const secret = (setting: string) => {
    const v = get(setting);
    if (v === undefined || v === '') {
      errors.push(`BELLWETHER_STREAM_PROVIDER=${name} needs ${setting}`);
      return new Secret('');
    }
    return new Secret(v);
  };
  let provider: StreamProviderSettings | undefined;
  if (name === 'alpaca') {
    const feed = (get('BELLWETHER_ALPACA_FEED') ?? 'iex').trim().toLowerCase();
    if (feed !== 'iex' && feed !== 'sip')
      errors.push(`BELLWETHER_ALPACA_FEED must be iex or sip; not ${feed}`);
    provider = {
      name,
      keyId: secret('BELLWETHER_ALPACA_KEY_ID'),
      secretKey: secret('BELLWETHER_ALPACA_SECRET_KEY'),
      feed: feed === 'sip' ? 'sip' : 'iex',
      baseUrl: url('BELLWETHER_ALPACA_STREAM_URL'),
    };
  } else if (name === 'finnhub')
    provider = {
      name,
      token: secret('BELLWETHER_FINNHUB_KEY'),
      baseUrl: url('BELLWETHER_FINNHUB_STREAM_URL'),
    };
  const tickers = [
    ...new Set(
      (get('BELLWETHER_STREAM_TICKERS') ?? '')
        .split(',')
        .map((t) => t.trim().toUpperCase())
        .filter((t) => t !== ''),
    ),
  ];
  const bad = tickers.find((t) => !/^[A-Z0-9.^=-]{1,20}$/.test(t));
  if (bad !== undefined) errors.push(`BELLWETHER_STREAM_TICKERS holds ${bad}, which is not a ticker`);
  const maxRaw = get('BELLWETHER_STREAM_MAX_SYMBOLS');
  return {
    provider,
    tickers,
    maxSymbols:
      maxRaw === undefined
        ? undefined
        : intSetting(errors, 'BELLWETHER_STREAM_MAX_SYMBOLS', maxRaw, 1, 100_000),
    delayMinutes: intSetting(
      errors,
      'BELLWETHER_QUOTES_DELAY_MINUTES',
      get('BELLWETHER_QUOTES_DELAY_MINUTES') ?? '15',
      0,
      60,
    ),
  };
}

/** No live stream: what `parseStreamConfig` gives for an environment without stream settings. */
export const NO_STREAM: StreamConfig = parseStreamConfig([], () => undefined);
