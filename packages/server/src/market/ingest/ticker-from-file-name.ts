const TICKER = /^[A-Z0-9][A-Z0-9.\-^=]{0,14}$/;

/**
 * The ticker a file name implies, or undefined (the caller then requires `--ticker`). Recognised names:
 * `DA-AAPL-T-2021-04-21.csv` (Pooksoft daily-adjusted dump), `aapl.us.txt` (Stooq: the market suffix is
 * dropped), `SPY_D.csv` (pandas-ta: `_D`/`_W`/`_M` interval suffix dropped), and a bare `AAPL.csv` /
 * `BRK.B.csv`. Directories and `.csv`, `.txt`, `.ndjson`, `.jsonl` extensions are stripped; the result is
 * upper-cased.
 */
export function tickerFromFileName(path: string): string | undefined {
  const base = path.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.(csv|txt|ndjson|jsonl)$/i, '');
  const pooksoft = /^DA-(.+)-T-\d{4}-\d{2}-\d{2}$/i.exec(stem);
  const candidate = (
    pooksoft !== null
      ? (pooksoft[1] as string)
      : stem.replace(/\.(us|uk|de|jp|hk|pl|hu|v)$/i, '').replace(/_(d|w|m)$/i, '')
  ).toUpperCase();
  return TICKER.test(candidate) ? candidate : undefined;
}
