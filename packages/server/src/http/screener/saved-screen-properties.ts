import { DEFAULT_SCREENER_LIMITS } from '@bellwether/analytics';
import {
  DEFAULT_SCREEN_LIMIT,
  MAX_SCREEN_LIMIT,
  MAX_SCREEN_TICKERS,
} from '../../screening/screen-request.js';
import { PRINTABLE } from '../discovery/instrument-filters.js';

const L = DEFAULT_SCREENER_LIMITS;

/** JSON schema properties of a saved screen's body (create and update). */
export const SAVED_SCREEN_PROPERTIES = {
  name: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    pattern: PRINTABLE,
    examples: ['Liquid names'],
  },
  where: {
    type: 'string',
    minLength: 1,
    maxLength: L.maxLength,
    description:
      'The condition, as /screener takes it, e.g. `rsi(14) < 30 and close > sma(200)` (the example matches on any day of the demo market)',
    examples: ['avg_dollar_volume(20) > 1e6 and close > 0'],
  },
  sort: {
    type: ['string', 'null'],
    maxLength: L.maxLength,
    description: 'As /screener takes it',
    examples: ['-roc(20)'],
  },
  adjust: { type: 'string', enum: ['raw', 'split', 'split_div'], default: 'split_div' },
  tickers: {
    type: ['array', 'null'],
    maxItems: MAX_SCREEN_TICKERS,
    items: { type: 'string', minLength: 1, maxLength: 20 },
    description:
      'Screen only these tickers (the filters then do not apply); null or absent: every active instrument, narrowed by the filters',
    examples: [['VZN', 'PLST', 'DRRN']],
  },
  // Null examples: Swagger UI's sample body would otherwise send the word "string" as a filter.
  sector: { type: ['string', 'null'], maxLength: 80, pattern: PRINTABLE, examples: [null] },
  asset_class: { type: ['string', 'null'], maxLength: 40, pattern: PRINTABLE, examples: [null] },
  exchange: { type: ['string', 'null'], maxLength: 20, pattern: PRINTABLE, examples: [null] },
  limit: {
    type: ['integer', 'null'],
    minimum: 1,
    maximum: MAX_SCREEN_LIMIT,
    description: `How many matches a run (\`/results\`) returns when it names no \`limit\`, as /screener takes it; null or absent: ${DEFAULT_SCREEN_LIMIT}. The members kept after each session close are every match, whatever the limit`,
    examples: [null],
  },
} as const;
