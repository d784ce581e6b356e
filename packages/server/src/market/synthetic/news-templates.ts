import type { NewsTone } from './types.js';

/**
 * A headline template. Placeholders: {name} {ticker} {pct} (the day's |move| in percent, one decimal)
 * {product} {quarter} {sector} {firm}. `move` templates cite the day's price move and are used only
 * when the move has their sign and is at least MIN_CITED_MOVE.
 */
export interface NewsTemplate {
  readonly tone: NewsTone;
  readonly move: boolean;
  readonly headline: string;
  readonly summary: string;
}

/** Smallest |return| a headline may cite as a move. */
export const MIN_CITED_MOVE = 0.015;

const t = (tone: NewsTone, move: boolean, headline: string, summary: string): NewsTemplate => ({
  tone,
  move,
  headline,
  summary,
});

export const NEWS_TEMPLATES: readonly NewsTemplate[] = [
  t(
    'bullish',
    false,
    '{name} beats estimates as {product} revenue climbs',
    '{name} ({ticker}) reported {quarter} earnings ahead of analyst expectations, helped by stronger demand in its {product} business.',
  ),
  t(
    'bullish',
    false,
    '{name} raises full-year guidance',
    '{name} ({ticker}) lifted its full-year revenue and profit outlook, citing a strong order book in {product}.',
  ),
  t(
    'bullish',
    false,
    '{name} losses narrowed in {quarter}',
    '{name} ({ticker}) said its quarterly loss narrowed more than expected as cost cuts took hold.',
  ),
  t(
    'bullish',
    false,
    '{firm} upgrades {name} to buy',
    '{firm} upgraded {name} ({ticker}) to buy from hold and raised its price target, pointing to improving margins.',
  ),
  t(
    'bullish',
    false,
    '{name} wins major {product} contract',
    '{name} ({ticker}) won a multi-year {product} contract that analysts say could add meaningfully to revenue.',
  ),
  t(
    'bullish',
    false,
    '{name} announces share buyback, raises dividend',
    '{name} ({ticker}) authorised a new share repurchase programme and increased its quarterly dividend.',
  ),
  t(
    'bullish',
    false,
    '{name} record {product} sales top forecasts',
    '{name} ({ticker}) posted record {product} sales in {quarter}, beating the consensus forecast.',
  ),
  t(
    'bullish',
    true,
    '{name} shares jump {pct}% after upbeat outlook',
    'Shares of {name} ({ticker}) rose {pct}% after management gave an upbeat outlook for its {product} business.',
  ),
  t(
    'bullish',
    true,
    '{name} stock rallies {pct}% as investors cheer {product} momentum',
    '{name} ({ticker}) gained {pct}% as investors welcomed accelerating growth in {product}.',
  ),
  t(
    'bullish',
    true,
    '{name} surges {pct}% to lead {sector} gainers',
    '{name} ({ticker}) climbed {pct}%, the best performer in the {sector} sector on the day.',
  ),
  t(
    'bearish',
    false,
    '{name} misses estimates as {product} sales weaken',
    '{name} ({ticker}) reported {quarter} earnings below analyst expectations as {product} sales slowed.',
  ),
  t(
    'bearish',
    false,
    '{name} cuts guidance, citing softer {product} demand',
    '{name} ({ticker}) lowered its full-year outlook, warning of weaker demand for {product}.',
  ),
  t(
    'bearish',
    false,
    '{firm} downgrades {name} to sell',
    '{firm} downgraded {name} ({ticker}) to sell, citing margin pressure and slowing {product} growth.',
  ),
  t(
    'bearish',
    false,
    '{name} faces regulatory probe over {product} practices',
    'Regulators opened an investigation into {name} ({ticker}) over its {product} practices, the company disclosed.',
  ),
  t(
    'bearish',
    false,
    '{name} widens quarterly loss, suspends buyback',
    '{name} ({ticker}) reported a wider {quarter} loss and suspended its share repurchase programme.',
  ),
  t(
    'bearish',
    false,
    '{name} takes writedown on struggling {product} unit',
    '{name} ({ticker}) booked an impairment charge on its {product} unit after disappointing results.',
  ),
  t(
    'bearish',
    true,
    '{name} shares slide {pct}% after disappointing outlook',
    'Shares of {name} ({ticker}) fell {pct}% after the company issued a disappointing outlook for {product}.',
  ),
  t(
    'bearish',
    true,
    '{name} stock tumbles {pct}% as {product} worries mount',
    '{name} ({ticker}) dropped {pct}% as concerns about its {product} business deepened.',
  ),
  t(
    'bearish',
    true,
    '{name} falls {pct}%, leading {sector} decliners',
    '{name} ({ticker}) lost {pct}%, the weakest performer in the {sector} sector on the day.',
  ),
  t(
    'neutral',
    false,
    '{name} to present at {firm} industry conference',
    '{name} ({ticker}) said management will present at the {firm} industry conference next month.',
  ),
  t(
    'neutral',
    false,
    '{name} schedules {quarter} earnings call',
    '{name} ({ticker}) will report {quarter} results and hold a conference call with analysts.',
  ),
  t(
    'neutral',
    false,
    '{name} names new chief financial officer',
    '{name} ({ticker}) appointed a new chief financial officer, effective next quarter.',
  ),
  t(
    'neutral',
    false,
    '{name} completes previously announced debt offering',
    '{name} ({ticker}) completed the senior notes offering it announced earlier this month.',
  ),
  t(
    'neutral',
    false,
    '{name} files annual report',
    '{name} ({ticker}) filed its annual report with regulators.',
  ),
  t(
    'neutral',
    false,
    '{name} holds annual shareholder meeting',
    'Shareholders of {name} ({ticker}) re-elected the board at the annual meeting.',
  ),
];

/** Invented brokerage names used by analyst-action headlines. */
export const FIRMS: readonly string[] = [
  'Harbor Ridge Securities',
  'Northgate Capital Markets',
  'Ashcombe & Vale',
  'Meridian Pike Research',
  'Stonebridge Partners',
];
