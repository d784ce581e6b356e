/** Free text reaches SQL as a bound value; control characters (NUL among them) never do. */
export const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';

/** The query parameters that pick instruments by their master row (/instruments, /screener). */
export const INSTRUMENT_FILTER_PROPERTIES = {
  sector: {
    type: 'string',
    maxLength: 80,
    pattern: PRINTABLE,
    description: 'Only this sector (any case), e.g. Health Care',
  },
  asset_class: {
    type: 'string',
    maxLength: 40,
    pattern: PRINTABLE,
    description: 'Only this asset class: equity, etf, index, crypto…',
  },
  exchange: {
    type: 'string',
    maxLength: 20,
    pattern: PRINTABLE,
    description: 'Only this listing venue (ISO 10383 MIC, any case), e.g. XNYS',
  },
} as const;
