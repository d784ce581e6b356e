/**
 * JSON schema of the universe statement (ADR 0088, `market/universe/membership.ts`): the shape the
 * backtest prints and publication returns, stated beside the screener's answer, the feed's snapshots and
 * `/cards/performance`. One object (not a oneOf) so the serialiser whitelists it cheaply; `kind` says
 * which members are present.
 */
export const UNIVERSE_STATEMENT_SCHEMA = {
  type: 'object',
  required: ['kind', 'source'],
  description:
    'Which universe the figure used (ADR 0088). `point_in_time`: stored S&P-style membership intervals; `members_on_day` counts the members on the day the figure is for, how many of them had data there, and the tickers used that have no intervals (members always); `survivorship` says in words what remains (members without any stored prices are not in the figure). `static`: a fixed list of `tickers`, from `source`, whatever the day — the survivorship of that list is not measured',
  properties: {
    kind: { type: 'string', enum: ['point_in_time', 'static'] },
    source: {
      type: ['string', 'null'],
      description:
        'point_in_time: the membership file imported (null when unknown); static: where the list came from (`every active instrument`, `BELLWETHER_CARDS_UNIVERSE`, `tickers`)',
    },
    members_on_day: {
      type: 'object',
      required: ['date', 'members', 'with_data', 'without_intervals'],
      properties: {
        date: { type: 'string', format: 'date', description: 'The day counted' },
        members: { type: 'integer', description: 'Tickers whose membership intervals hold the day' },
        with_data: { type: 'integer', description: 'Of those, the ones with data on the day' },
        without_intervals: {
          type: 'integer',
          description: 'Tickers used that have no membership intervals: counted as members on every day',
        },
      },
    },
    survivorship: { type: 'string', description: 'The survivorship that remains, in words' },
    tickers: { type: 'integer', description: 'static: tickers in the list' },
  },
} as const;
