import type { Secret } from '../../../config/secret.js';
import type { StreamEvent } from '../stream-event.js';
import type { ProtocolReading, StreamProtocol } from '../stream-protocol.js';
import { alpacaProblemKind } from './alpaca-errors.js';

/** Alpaca's stock feeds: IEX (the free plan), SIP (the consolidated tape, on paid plans). */
export type AlpacaFeed = 'iex' | 'sip';

export interface AlpacaStreamOptions {
  readonly keyId: Secret;
  readonly secretKey: Secret;
  readonly feed: AlpacaFeed;
  /** Default `wss://stream.data.alpaca.markets/v2` (the feed is appended). */
  readonly baseUrl?: string;
  /** Symbols a connection may follow: 30 trades/quotes channels on the free plan (docs), none on SIP. */
  readonly maxSymbols?: number;
}

const DEFAULT_BASE = 'wss://stream.data.alpaca.markets/v2';
/** The free plan's limit on trade and quote channels (Alpaca's "Subscription plans"). */
const FREE_PLAN_SYMBOLS = 30;
/** SIP plans publish no symbol limit; one connection is still bounded. */
const SIP_SYMBOLS = 10_000;

type Json = Record<string, unknown>;
/** Message types Alpaca documents that nothing here reads yet: `c` correction, `x` cancel, `d` daily bar, `l` LULD. */
const UNUSED: ReadonlySet<string> = new Set(['c', 'x', 'd', 'l']);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** RFC 3339 with nanoseconds (`2021-02-22T15:51:44.208123456Z`) to epoch milliseconds. */
const instant = (v: unknown): number | undefined => {
  const s = str(v);
  if (s === undefined) return undefined;
  const ms = Date.parse(s.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(ms) ? undefined : ms;
};

function event(m: Json): StreamEvent | undefined {
  const ticker = str(m.S);
  const at = instant(m.t);
  if (ticker === undefined || at === undefined) return undefined;
  switch (m.T) {
    case 't': {
      const price = num(m.p);
      const size = num(m.s);
      if (price === undefined || size === undefined || price <= 0 || size < 0) return undefined;
      const id = num(m.i);
      // Trade ids are unique per exchange (`x`), so the SIP's may repeat across exchanges.
      return {
        kind: 'trade',
        ticker,
        at,
        price,
        size,
        ...(id === undefined ? {} : { id: `${str(m.x) ?? ''}:${id}` }),
      };
    }
    case 'q': {
      const [bid, bidSize, ask, askSize] = [num(m.bp), num(m.bs), num(m.ap), num(m.as)];
      if (bid === undefined || bidSize === undefined || ask === undefined || askSize === undefined)
        return undefined;
      return { kind: 'quote', ticker, at, bid, bidSize, ask, askSize };
    }
    case 'b':
    case 'u': {
      const [open, high, low, close, volume] = [num(m.o), num(m.h), num(m.l), num(m.c), num(m.v)];
      if (
        open === undefined ||
        high === undefined ||
        low === undefined ||
        close === undefined ||
        volume === undefined
      )
        return undefined;
      const vwap = num(m.vw);
      return {
        kind: 'bar',
        ticker,
        at,
        open,
        high,
        low,
        close,
        volume,
        ...(vwap === undefined ? {} : { vwap }),
      };
    }
    case 's':
      return { kind: 'status', ticker, at, code: str(m.sc) ?? '', message: str(m.sm) ?? '' };
    default:
      return undefined;
  }
}

/**
 * Alpaca's real-time stock data stream (docs.alpaca.markets, "WebSocket Stream" and "Real-time Stock
 * Data"): connect to `wss://stream.data.alpaca.markets/v2/{iex|sip}`, receive
 * `[{"T":"success","msg":"connected"}]`, send `{"action":"auth","key","secret"}`, receive
 * `[{"T":"success","msg":"authenticated"}]`, then `{"action":"subscribe","trades":[…],"quotes":[…],
 * "bars":[…],"statuses":[…]}`, confirmed by `[{"T":"subscription",…}]` with the whole current set.
 * Every server message is a JSON array of objects tagged by `T`: `t` trade, `q` quote, `b` minute bar,
 * `u` updated bar, `s` status, `error` with a `code` and `msg`.
 */
export class AlpacaProtocol implements StreamProtocol {
  readonly name: string;
  readonly greetsOn = 'connected' as const;
  readonly waitsForReady = true;
  readonly maxSymbols: number;
  readonly logUrl: string;
  readonly #url: string;

  constructor(private readonly options: AlpacaStreamOptions) {
    this.name = `alpaca-${options.feed}`;
    this.#url = `${(options.baseUrl ?? DEFAULT_BASE).replace(/\/+$/, '')}/${options.feed}`;
    // The address carries no credential (they travel in the auth message).
    this.logUrl = this.#url;
    this.maxSymbols = options.maxSymbols ?? (options.feed === 'iex' ? FREE_PLAN_SYMBOLS : SIP_SYMBOLS);
  }

  connectUrl(): string {
    return this.#url;
  }

  greet(): readonly string[] {
    return [
      JSON.stringify({
        action: 'auth',
        key: this.options.keyId.reveal(),
        secret: this.options.secretKey.reveal(),
      }),
    ];
  }

  subscribe(tickers: readonly string[]): readonly string[] {
    return [this.#action('subscribe', tickers)];
  }

  unsubscribe(tickers: readonly string[]): readonly string[] {
    return [this.#action('unsubscribe', tickers)];
  }

  redact(text: string): string {
    let out = text;
    for (const s of [this.options.keyId.reveal(), this.options.secretKey.reveal()])
      if (s !== '') out = out.split(s).join('[redacted]');
    return out;
  }

  read(text: string): readonly ProtocolReading[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return [this.#malformed('a message that is not JSON')];
    }
    if (!Array.isArray(parsed)) return [this.#malformed('a message that is not an array')];
    const out: ProtocolReading[] = [];
    for (const item of parsed) {
      if (typeof item !== 'object' || item === null) {
        out.push(this.#malformed('an array item that is not an object'));
        continue;
      }
      const m = item as Json;
      if (m.T === 'success') {
        if (m.msg === 'connected') out.push({ kind: 'connected' });
        else if (m.msg === 'authenticated') out.push({ kind: 'ready' });
      } else if (m.T === 'subscription') {
        const trades = Array.isArray(m.trades)
          ? m.trades.filter((t): t is string => typeof t === 'string')
          : [];
        out.push({ kind: 'subscribed', tickers: trades });
      } else if (m.T === 'error') {
        const code = num(m.code) ?? 0;
        const msg = this.redact(str(m.msg) ?? 'no message');
        out.push({
          kind: 'problem',
          problem: {
            provider: this.name,
            kind: alpacaProblemKind(code),
            code,
            detail: `Alpaca error ${code}: ${msg}`,
          },
        });
      } else if (typeof m.T === 'string' && UNUSED.has(m.T)) {
        // Documented, not used yet (corrections and cancels of trades, daily bars, LULD bands).
      } else {
        const e = event(m);
        out.push(
          e === undefined
            ? this.#malformed(`an unreadable ${String(m.T)} message`)
            : { kind: 'event', event: e },
        );
      }
    }
    return out;
  }

  #action(action: 'subscribe' | 'unsubscribe', tickers: readonly string[]): string {
    return JSON.stringify({ action, trades: tickers, quotes: tickers, bars: tickers, statuses: tickers });
  }

  #malformed(what: string): ProtocolReading {
    return {
      kind: 'problem',
      problem: { provider: this.name, kind: 'malformed', detail: `${what} from Alpaca` },
    };
  }
}
