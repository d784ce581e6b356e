import type { Session } from '../calendar/calendar.js';
import { MARKET_FACTOR } from './daily-bars.js';
import { FIRMS, MIN_CITED_MOVE, NEWS_TEMPLATES, type NewsTemplate } from './news-templates.js';
import { hashHex, Prng } from './prng.js';
import { SECTOR_PROFILES } from './sectors.js';
import { totalReturns } from './statistics.js';
import {
  type DailyBarsResult,
  type NewsItem,
  type NewsTone,
  SYNTHETIC_SOURCE,
  type SyntheticInstrument,
  type SyntheticUniverse,
} from './types.js';

export interface NewsOptions {
  readonly seed: number;
  /** Sessions to write news for; each must be a date of the daily bars. */
  readonly sessions: readonly Session[];
  /** Tickers to cover (default: every equity and crypto instrument). */
  readonly tickers?: readonly string[];
}

/** Items per ticker and session: Poisson with mean BASE + PER_SIGMA·min(|z|, 4), z = return / σ. */
const BASE_RATE = 0.12;
const RATE_PER_SIGMA = 0.25;
/** Tone score = TONE_LOADING·z + noise; above +TONE_CUT bullish, below −TONE_CUT bearish. */
const TONE_LOADING = 0.9;
const TONE_NOISE = 0.7;
const TONE_CUT = 0.6;
const HOUR = 3_600_000;

function typicalSigma(instrument: SyntheticInstrument): number {
  const m = instrument.model;
  const periods = instrument.calendar === '24x7' ? 365 : 252;
  const sector = SECTOR_PROFILES.find((s) => s.id === instrument.sector)?.factor_vol ?? 0.55;
  return Math.sqrt(
    ((m.beta * MARKET_FACTOR.garch.annual_vol) ** 2 + (m.sector_loading * sector) ** 2 + m.idio_vol ** 2) /
      periods,
  );
}

function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

function chooseTemplate(tone: NewsTone, dayReturn: number, rng: Prng): NewsTemplate {
  const cited = Math.abs(dayReturn) >= MIN_CITED_MOVE && dayReturn > 0 === (tone === 'bullish');
  const pool = NEWS_TEMPLATES.filter((t) => t.tone === tone && (cited || !t.move));
  return rng.pick(pool);
}

/**
 * Headlines and summaries whose tone follows the day's total return: the number of items grows with
 * |return| in units of the ticker's typical σ, and each item's tone is bullish/bearish/neutral by a
 * noisy score proportional to the standardised return. Items cite the move only when it has their
 * sign. Every item is published between three hours before the open and the close (UTC; items citing
 * the move in the last half hour of the session), and the
 * list is sorted by `published_at`, then `id`.
 */
export function generateNews(
  universe: SyntheticUniverse,
  daily: DailyBarsResult,
  options: NewsOptions,
): NewsItem[] {
  const { seed, sessions } = options;
  const wanted = options.tickers === undefined ? undefined : new Set(options.tickers);
  const items: NewsItem[] = [];
  for (const instrument of universe.instruments) {
    if (instrument.asset_class === 'index') continue;
    if (wanted !== undefined && !wanted.has(instrument.ticker)) continue;
    const ticker = instrument.ticker;
    const bars = daily.bars[ticker] ?? [];
    const returns = totalReturns(ticker, bars, daily.actions);
    const index = new Map(bars.map((b, i) => [b.date, i]));
    const sigma = typicalSigma(instrument);
    const sectorName = SECTOR_PROFILES.find((s) => s.id === instrument.sector)?.name ?? 'crypto';
    const products = SECTOR_PROFILES.find((s) => s.id === instrument.sector)?.products ?? [
      'token',
      'protocol',
    ];
    for (const session of sessions) {
      const i = index.get(session.id);
      if (i === undefined) throw new RangeError(`${ticker} has no daily bar on ${session.id}`);
      const r = returns[i]!;
      if (!Number.isFinite(r)) continue;
      const rng = Prng.stream(seed, 'news', ticker, session.id);
      const z = r / sigma;
      const count = rng.poisson(BASE_RATE + RATE_PER_SIGMA * Math.min(Math.abs(z), 4));
      const open = session.opens_at.getTime();
      const close = session.closes_at.getTime();
      for (let k = 0; k < count; k++) {
        const score = TONE_LOADING * z + TONE_NOISE * rng.normal();
        const tone: NewsTone = score > TONE_CUT ? 'bullish' : score < -TONE_CUT ? 'bearish' : 'neutral';
        const template = chooseTemplate(tone, r, rng);
        const month = Number(session.id.slice(5, 7));
        const values = {
          name: instrument.name,
          ticker,
          pct: (Math.abs(r) * 100).toFixed(1),
          product: rng.pick(products),
          quarter: `Q${Math.floor((month - 1) / 3) + 1}`,
          sector: sectorName,
          firm: rng.pick(FIRMS),
        };
        // A headline citing the day's move comes in the last half hour (the move is the close-to-close
        // return); other news, which drives the move, may come out from three hours before the open.
        const from = template.move ? close - HOUR / 2 : open - 3 * HOUR;
        const published = from + 1000 * Math.floor((rng.uniform() * (close - from)) / 1000);
        const id = `nws_${hashHex(`${seed}|${ticker}|${session.id}|${k}`)}`;
        items.push({
          id,
          published_at: new Date(published).toISOString(),
          source: SYNTHETIC_SOURCE,
          headline: fill(template.headline, values),
          summary: fill(template.summary, values),
          url: `https://news.synthetic.invalid/${ticker.toLowerCase()}/${session.id}/${id}`,
          tickers: [ticker],
          tone,
        });
      }
    }
  }
  return items.sort((a, b) =>
    a.published_at < b.published_at ? -1 : a.published_at > b.published_at ? 1 : a.id < b.id ? -1 : 1,
  );
}
