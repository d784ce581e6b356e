import type { Secret } from '../../../config/secret.js';
import type { ProtocolReading, StreamProtocol } from '../stream-protocol.js';

export interface FinnhubStreamOptions {
  readonly token: Secret;
  /** Default `wss://ws.finnhub.io` (the token is added as `?token=`). */
  readonly baseUrl?: string;
  /** Symbols a connection may follow: 50 on the free plan (Finnhub's pricing page). */
  readonly maxSymbols?: number;
}

const DEFAULT_BASE = 'wss://ws.finnhub.io';
const FREE_PLAN_SYMBOLS = 50;

type Json = Record<string, unknown>;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Finnhub's trades WebSocket (finnhub.io/docs/api/websocket-trades): connect to
 * `wss://ws.finnhub.io?token=…` (the token in the address: it never reaches a log, {@link logUrl}),
 * send `{"type":"subscribe","symbol":"AAPL"}` one symbol a message (`unsubscribe` alike), receive
 * `{"type":"trade","data":[{"s","p","t","v","c"}]}` (t in epoch ms, v the volume), `{"type":"ping"}`
 * heartbeats, and `{"type":"error","msg":…}`. A bad token is refused at the upgrade (HTTP 401). Trades
 * only: no quotes, no bars.
 */
export class FinnhubProtocol implements StreamProtocol {
  readonly name = 'finnhub';
  readonly greetsOn = 'open' as const;
  readonly waitsForReady = false;
  readonly maxSymbols: number;
  readonly logUrl: string;
  readonly #base: string;

  constructor(private readonly options: FinnhubStreamOptions) {
    this.#base = (options.baseUrl ?? DEFAULT_BASE).replace(/\/+$/, '');
    this.logUrl = `${this.#base}?token=[redacted]`;
    this.maxSymbols = options.maxSymbols ?? FREE_PLAN_SYMBOLS;
  }

  connectUrl(): string {
    return `${this.#base}?token=${encodeURIComponent(this.options.token.reveal())}`;
  }

  greet(): readonly string[] {
    return [];
  }

  subscribe(tickers: readonly string[]): readonly string[] {
    return tickers.map((symbol) => JSON.stringify({ type: 'subscribe', symbol }));
  }

  unsubscribe(tickers: readonly string[]): readonly string[] {
    return tickers.map((symbol) => JSON.stringify({ type: 'unsubscribe', symbol }));
  }

  redact(text: string): string {
    const token = this.options.token.reveal();
    if (token === '') return text;
    return text.split(token).join('[redacted]').split(encodeURIComponent(token)).join('[redacted]');
  }

  read(text: string): readonly ProtocolReading[] {
    let m: Json;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return [this.#malformed('a message that is not an object')];
      m = parsed as Json;
    } catch {
      return [this.#malformed('a message that is not JSON')];
    }
    switch (m.type) {
      case 'ping':
        return [{ kind: 'heartbeat' }];
      case 'error': {
        const msg = this.redact(typeof m.msg === 'string' ? m.msg : 'no message');
        const kind = /too many symbols/i.test(msg) ? 'symbol_limit' : 'rejected';
        return [{ kind: 'problem', problem: { provider: this.name, kind, detail: `Finnhub error: ${msg}` } }];
      }
      case 'trade': {
        if (!Array.isArray(m.data)) return [this.#malformed('a trade message without data')];
        return m.data.map((d: unknown): ProtocolReading => {
          const t = (typeof d === 'object' && d !== null ? d : {}) as Json;
          const [price, at, size] = [num(t.p), num(t.t), num(t.v)];
          if (
            typeof t.s !== 'string' ||
            price === undefined ||
            at === undefined ||
            size === undefined ||
            price <= 0
          )
            return this.#malformed('an unreadable trade');
          return { kind: 'event', event: { kind: 'trade', ticker: t.s, at, price, size } };
        });
      }
      default:
        return [this.#malformed(`a message of type ${JSON.stringify(m.type)}`)];
    }
  }

  #malformed(what: string): ProtocolReading {
    return {
      kind: 'problem',
      problem: { provider: this.name, kind: 'malformed', detail: `${what} from Finnhub` },
    };
  }
}
