import type { StreamConfig } from '../../config/stream-config.js';
import type { ExchangeCalendar } from '../calendar/calendar.js';
import { LiveQuotes } from './live-quotes.js';
import { streamProtocolFor } from './stream-protocol-for.js';
import { DEFAULT_STREAM_SETTINGS, type StreamSettings } from './stream-settings.js';

/**
 * The live quotes the operator configured (not started, following nothing yet); undefined when no stream
 * is configured (the default). Silence counts only while `calendar` has a session open (wall time).
 */
export function liveQuotesFromConfig(
  config: StreamConfig,
  calendar: ExchangeCalendar,
  settings: StreamSettings = DEFAULT_STREAM_SETTINGS,
): LiveQuotes | undefined {
  if (config.provider === undefined) return undefined;
  const quotes = new LiveQuotes(streamProtocolFor(config.provider, config), {
    delayMs: config.delayMinutes * 60_000,
    settings,
    env: {
      now: Date.now,
      marketOpen: () => {
        const now = new Date();
        const s = calendar.currentOrNext(now);
        return s.opens_at <= now && now < s.closes_at;
      },
    },
  });
  return quotes;
}
