// Generated from docs/openapi.json by packages/client/scripts/openapi-types.ts (npm run generate).
// Do not edit by hand.
export type paths = {
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your plan, entitlements, limits and current usage
         * @description Never billed. Contains no personal data: no emails, names or key material.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your analysis jobs
         * @description Newest first, reports omitted (poll a job for its report). Pass `next_cursor` back as `cursor` for the next page; it is null on the last page.
         */
        get: operations["listAnalyses"];
        put?: never;
        /**
         * Submit an asynchronous analysis (Light, Medium or Full)
         * @description Answers 202 with the queued job, `Location` and `Retry-After`. With an `Idempotency-Key` header (per account, kept as long as its job: 30 days by default, at least 24 h) the same key and body return the same job, unbilled (`Idempotent-Replayed: true`), also once the quota is used up (a replay is still authenticated and burst-limited); the same key with another body is 422 idempotency_key_reused; a duplicate racing the first is 409 (a reservation whose request died is taken over after a minute). An unknown ticker or too little history is a 422 at once.
         */
        post: operations["createAnalysis"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analysis/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll an analysis job
         * @description Not billed. `wait` (0–20 s) long-polls: the answer comes as soon as the job ends, or when the wait is over. While the job is not finished the answer carries `Retry-After`.
         */
        get: operations["getAnalysis"];
        put?: never;
        post?: never;
        /**
         * Cancel a queued analysis job
         * @description Not billed. A queued job becomes `canceled` and is never run; canceling a canceled job answers it again. A running or finished job cannot be canceled (409 conflict).
         */
        delete: operations["cancelAnalysis"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/microstructure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Market microstructure
         * @description Daily spread and liquidity estimators from OHLCV (Amihud, Corwin–Schultz, Abdi–Ranaldo, EDGE, Roll, Kyle lambda, zero-return share, dollar volume) over the window, and for `date=` the intraday measures from stored trades and quotes: VWAP/TWAP, Lee–Ready signed order imbalance, quoted/effective/realised spreads and price impact, trade-size distribution, VPIN and the time-of-day profile. Warm-up is taken from bars before the window. One request holds at most 1,000,000 daily values (tickers × 8 estimators × bars in each window); a larger one is refused with 422 `validation_failed` before anything is computed (paginate by window or by ticker). The answer is streamed.
         */
        get: operations["getMicrostructureAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/patterns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Candlestick and chart patterns, support and resistance
         * @description Candlestick signals (TA-Lib rules, ±100 or ±200 for confirmations, with a confidence in [0, 1]) of the window, chart patterns detected in the window with their lifecycle (forming, confirmed, invalidated, target_hit) as known at its last bar, and support/resistance levels clustered from swings. Point-in-time: nothing after `to` is read. One request scans at most 25,000 bars over all its tickers' windows; a larger one is refused with 422 `validation_failed` before anything is computed (paginate by window or by ticker). The answer is streamed.
         */
        get: operations["getPatternAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/portfolio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Portfolio analytics and optimisation
         * @description The 36 risk metrics of a portfolio (constant weights rebalanced daily, or fixed quantities), its covariance and correlation (sample or Ledoit–Wolf), each holding’s risk contribution, and on request optimised portfolios (min variance, max Sharpe, min CVaR, equal risk, HRP, inverse volatility, equal weight) within weight bounds and the efficient frontier — all on the daily returns of the dates every holding shares.
         */
        get: operations["getPortfolioAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/risk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Risk metrics
         * @description Return, volatility, drawdown, tail and benchmark-relative metrics of simple daily returns over the window, each with its declared convention; null only with a reason.
         */
        get: operations["getRiskAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/sentiment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sentiment analysis
         * @description News stored for each ticker and published in the window, scored by the finance sentiment model: mean score, counts by label, buzz (items against the ticker’s own average over the 30 windows before), the most positive and negative items and the scored items themselves. `text=` scores a short text directly with the phrases that drove it. Every response names the method and model version. Only news published before as_of is read. One request scores at most 10,000 stored items (each ticker's window and the 30 windows before it, which give buzz its baseline); a larger one is refused with 422 `validation_failed` before anything is scored (ask for a shorter window or fewer tickers).
         */
        get: operations["getSentimentAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/technical": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Technical indicators
         * @description Indicators from the catalogue (/analytics/technical/catalog) on daily bars, aligned with dates; `null` only where an indicator has too little history before the bar, and each indicator says how many such nulls the window holds. `vwap` on daily bars defaults to a rolling 20-session window (`vwap(0,20)`, about a month); `vwap(0,0)` cumulates from the first stored bar and `vwap(k)` restarts every k bars. States as_of, adjustment and source. One request holds at most 1,000,000 values: tickers × output columns (macd has three, rsi one) × bars in each ticker's window. A larger request is refused with 422 `validation_failed` before anything is computed; paginate by window (from/to, limit), by ticker, or by indicator. The answer is streamed.
         */
        get: operations["getTechnicalAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/technical/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Machine-readable indicator catalogue
         * @description Code, name, group, aliases, inputs, parameters (type, default, range or values), outputs, constraints between parameters (`fast_period < slow_period`: a swapped pair is a 422), lookback at the defaults, formula variant and references of every indicator /analytics/technical accepts.
         */
        get: operations["getTechnicalCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/backtests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a backtest of a setup over a universe and a date range
         * @description Replays card publication and outcome tracking with the engine of `bellwether backtest` (the same report, field for field). Answers 202 with the queued job, `Location` and `Retry-After`; poll or long-poll `GET /backtests/{job_id}` (`progress` while running). Billed by size: one quota unit per started 50,000 ticker-sessions (tickers × sessions), at least one; the plan bounds one backtest's ticker-sessions (422 backtest_too_large). `dry_run=true` answers 200 with the size and cost (BacktestQuote), creates nothing and is not billed. `Idempotency-Key` as for analyses: the same key and body return the same job, unbilled.
         */
        post: operations["createBacktest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/backtests/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll a backtest job
         * @description Not billed. `progress` (`percent`, `sessions_done`, `sessions`) while running. `wait` (0–20 s) long-polls: the answer comes as soon as the job ends, or when the wait is over. While the job is not finished the answer carries `Retry-After`.
         */
        get: operations["getBacktest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily bars (OHLCV)
         * @description Daily open, high, low, close and volume of `ticker` (or `tickers`, at most 100) from `from` to `to`, known at as_of, adjusted as `adjust` says (default split_div, the prices the analytics compute on). JSON answers hold each ticker's bars as columns (`dates`, `open`, …) beside its source, adjustment, known_through, last_bar and stale; `Accept: application/x-ndjson` or `text/csv` (or `format=`) streams one bar per line with its ticker, adjustment and source (`Bellwether-As-Of` header). One JSON answer holds at most 200,000 bars and one stream 1,000,000 (tickers × bars in each window); a larger request is refused with 422 `validation_failed` before anything is sent — split it by window (from/to, limit) or by ticker. A raw-data route: an operator whose data licence forbids redistribution turns it off, and it then answers 403 `raw_data_disabled` (not billed).
         */
        get: operations["listBars"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broker-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your broker connections
         * @description The account's broker connections: broker, environment (paper or live) and status. Credentials are write-only and never returned.
         */
        get: operations["listBrokerConnections"];
        put?: never;
        /**
         * Link a broker account
         * @description Checks the key id and secret with the broker's account call, then stores them encrypted (AES-256-GCM). The secret is write-only: no route, log, error or export returns it; the answer shows the key id's last four characters and the broker's account number. `paper` is the default; `live` needs `confirm_live: true` and a plan with live trading. 422 broker_credentials_rejected when the broker refuses them (nothing is stored).
         */
        post: operations["createBrokerConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broker-connections/{connection_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A broker connection
         * @description One broker connection of the account. Credentials are write-only and never returned; another account's id answers 404.
         */
        get: operations["getBrokerConnection"];
        put?: never;
        post?: never;
        /**
         * Delete a connection and its credentials
         * @description The credentials are deleted; orders already placed stay at the broker (use the kill switch first to cancel them) and stay listed under their cards.
         */
        delete: operations["deleteBrokerConnection"];
        options?: never;
        head?: never;
        /**
         * Rename a connection, change its caps or its automation
         * @description `automation` (null: off) follows each session's cards as they are published: the cards of the given setups and directions whose expected R is at least `min_expected_r`, best first, each sized to risk `risk_per_order`, within `max_orders_per_session` and `max_risk_per_session` (counted in the database, so they hold across restarts and instances).
         */
        patch: operations["updateBrokerConnection"];
        trace?: never;
    };
    "/api/v1/broker-connections/{connection_id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A connection's audit log: every broker call and its answer, newest first
         * @description Method, path, request body, status and answer of each call; never a credential (they travel only in headers, which are not kept).
         */
        get: operations["listBrokerAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broker-connections/{connection_id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rotate the credentials of a connection
         * @description New key id and secret for the same broker account, checked with the broker first; the old ones are forgotten. Credentials of another broker account are refused (409): link it as a new connection.
         */
        put: operations["replaceBrokerCredentials"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broker-connections/{connection_id}/kill-switch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel every open order and stop automation
         * @description Turns the connection's automation off, then asks the broker to cancel every open order of the linked account (Alpaca's DELETE /v2/orders: orders placed elsewhere too), then reads this connection's orders back. The take-profit and stop of an entry that has filled are open orders too: they are cancelled, and the position stays open at the broker without them — close it there.
         */
        post: operations["setBrokerKillSwitch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broker-connections/{connection_id}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders placed through a connection, newest first
         * @description Orders placed through this connection, newest first, with their state at the broker.
         */
        get: operations["listBrokerConnectionOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broker-connections/{connection_id}/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The linked account's open positions, from the broker
         * @description The positions the broker reports for this connection now, as the broker states them.
         */
        get: operations["listBrokerPositions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broker-connections/{connection_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a connection with the broker
         * @description Calls the broker's account endpoint with the stored credentials and shows the account's buying power.
         */
        post: operations["testBrokerConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current session's published trade cards
         * @description Cards refresh once per session; clients may cache them for up to 30 minutes (until the publication slot before it, and 60 seconds while a due publication is still running). Send If-None-Match to revalidate (304 is not billed).
         */
        get: operations["listCards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{card_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One card with its outcome
         * @description Any published card, current or past, as published, with its recorded outcome (null while it is still open). Outcome rules: docs/signals/outcomes.md.
         */
        get: operations["getCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{card_id}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your orders from a card, with each one's fills and realised R
         * @description Orders this account placed from the card, with their fills and realised R.
         */
        get: operations["listCardOrders"];
        put?: never;
        /**
         * Turn a card into a bracket order at your broker
         * @description A bracket: an entry limit inside the card's entry zone (the last trade held to the zone), a take-profit at T1 (or T2) and a stop at the card's stop, good till cancelled; an entry still unfilled when the card expires is cancelled. Size by `qty` or by `risk_amount` (whole shares of entry-to-stop risk). Refused before anything is sent when the card has expired (409 card_not_tradable), the last trade is past the zone or through the stop (409), the size is over the connection's caps (422 order_cap_exceeded) or the account's buying power (422 insufficient_buying_power); the broker's own refusals are 422 broker_refused with its code and message. With an `Idempotency-Key` the same key and body give the same order (200, `Idempotent-Replayed: true`), and an order whose submission was cut short (503 broker_unavailable) is looked up at the broker by its client order id before anything is sent again; the same key with another body is 422.
         */
        post: operations["placeCardOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cards' hash-chained ledger
         * @description Every publication, card and outcome in the order written, each carrying its sequence number, the previous entry's hash and its own: sha256 of the RFC 8785 canonical JSON of {seq, kind, session, ref, recorded_at, data, prev_hash}. Keep a copy and check it with the SDK's verifyLedger or `bellwether ledger verify --file`: an entry added, removed or changed afterwards breaks the chain. Format: docs/signals/ledger.md.
         */
        get: operations["getCardsLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cards' published track record
         * @description Hit rates (T1 before the stop, T2, stopped), average R gross and net of costs and counts by setup, direction and conviction label; the cards against a null model of matched random cards with bootstrap intervals; the calibration table (published conviction vs realised hit rate), the Brier score against the base rate, and the reliability of the published expected R; and the reference books: the cards as a book beside equal weight and 12-1 momentum of the same universe, sessions and costs (computed once per window and settings until new bars, cards or outcomes land); and `universe`, which universe the figures used and the survivorship that remains (ADR 0088). Backfilled (late) sessions are left out; `record=backfilled` shows them apart, labelled simulated. Outcome rules: docs/signals/outcomes.md; the null model: docs/signals/edge.md.
         */
        get: operations["getCardsPerformance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/corporate-actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Corporate actions (splits, dividends)
         * @description Splits (`value`: new shares per old share, 2 for a 2-for-1) and cash dividends (`value`: cash per share in `currency`, as paid) with their ex-date, known at as_of: an action is known once its ex-date's session has closed. The adjusted prices of /bars and of the analytics are computed from exactly these. Filtered by `ticker`/`tickers`, `kind` and ex-dates `from`/`to`; ascending by ex-date, then ticker. Pages of at most 10,000 (`limit`, `next_cursor`). A raw-data route: an operator whose data licence forbids redistribution turns it off, and it then answers 403 `raw_data_disabled` (not billed).
         */
        get: operations["listCorporateActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream your events (Server-Sent Events)
         * @description `text/event-stream`: each event has `id:` (its sequence number), `event:` (its type) and `data:` (the event as JSON: id, type, timestamp, data). Resume after a drop with the `Last-Event-ID` header or `since=`: nothing is missed or repeated while the events are retained. Without either, the stream starts with the next event; `since=0` replays everything retained. A message with only an `id:` (no data, so no event is dispatched) moves the stream's position past events it does not send you, so a resume starts after them. Heartbeat comments every 15 s. Not billed; each key may hold 5 streams open per server (429 too_many_streams beyond).
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fundamentals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fundamentals from filed statements (point in time)
         * @description Revenue, gross profit, operating income, net income, diluted EPS and shares, shares outstanding, total assets, liabilities, equity, cash, operating cash flow and capital expenditure of `ticker`, read from its 10-Q/10-K filings' XBRL facts (SEC EDGAR), per fiscal quarter (`period=quarter`), year (`annual`) or trailing twelve months (`ttm`). Every value names the concept it came from and the filing (form, accession, date) it is known from. Figures are as known at `as_of` (a date; the service's as_of by default): a figure filed later is not seen, and a restated figure replaces the first one only from the restating filing's date. Quarters not reported as such are derived (`derived`: from year-to-date figures, Q4 as the year less nine months; TTM as the sum of four quarters). The latest `limit` periods, oldest first. A ticker with nothing stored is a 422 `no_data`.
         */
        get: operations["getFundamentals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/hedge-fund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Institutional data feed (bulk, point-in-time)
         * @description Bulk, point-in-time datasets of the whole universe — `cards` (published cards, re-issued with their outcome once known), `signals` (per-ticker factor snapshots of every session: trend, momentum, volatility, liquidity, news sentiment) and `analytics` (per-ticker one-year risk and liquidity) — each version written once, at publication, from data through the previous close. Versions are numbered (`seq`) in commit order: mirror from since=0, then sync from the last seq you stored, with no gap and no duplicate. JSON pages (`next_cursor`), or `Accept: application/x-ndjson` / `text/csv` (or `format=`) streamed in seq order with flat memory.
         */
        get: operations["getInstitutionalFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/instruments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Instruments: search and list
         * @description The instruments this server holds data for. `q` searches tickers and names, best match first (see `q`); without it the list is by ticker. Filters: `sector`, `industry`, `asset_class`, `exchange`, `active`. Each instrument states its first and last daily bar known at as_of, the last session closed then (`known_through`), whether it is `stale`, and where its bars come from. A search that matches nothing names in `suggestion` the ticker of the instrument it most likely meant: a name holding the query written together (`JP Morgan` → JPM), the closest ticker, or a name within an edit or two of each word (`pfiser` → PFE). Pages of at most 1000 (`limit`, `next_cursor`); `total` counts every match.
         */
        get: operations["listInstruments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/instruments/{ticker}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One instrument
         * @description The instrument (ticker matched regardless of case) as /instruments lists it, with how many daily bars, splits and dividends are known at as_of, and the `data_issues` reads of it flag (a ticker with an `error` among them answers 422 `data_issue` elsewhere). An unknown ticker is a 404 `not_found` whose `suggestion` names the closest known ticker, when one is close.
         */
        get: operations["getInstrument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/news": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * News with sentiment scores
         * @description News items published by as_of, newest first, about `ticker`/`tickers` (default: every instrument), published from `from` to `to` (UTC days). Each item carries its tickers and its `sentiment` (label, score in [−1, 1], confidence) from the model /analytics/sentiment uses, on the same text (the headline, then ". " and the summary), with the model's version; `model` describes it. Pages of at most 500 (`limit`, `next_cursor`). A raw-data route: an operator whose data licence forbids redistribution turns it off, and it then answers 403 `raw_data_disabled` (not billed).
         */
        get: operations["listNews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order, brought up to date with the broker
         * @description Reads the order from the broker first when it may still change (fills, the exit leg, cancellation); when the broker cannot be reached, the order as last known.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        /**
         * Cancel an order whose entry has not filled
         * @description Cancels the entry at the broker (its take-profit and stop with it) and answers the order as the broker then has it. Shares already filled stay a position whose legs keep working. 409 when the order is still being submitted, has filled, or is already over.
         */
        delete: operations["cancelOrder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Last trade and quote per ticker
         * @description The last trade and the last quote (best bid and offer) of each of `tickers`, as the operator's live stream brought them, with their `age_ms` and `source` (e.g. `alpaca-iex`). Plans with real-time quotes see them as they arrive; the others as of `delay_minutes` (an operator setting, default 15) before as_of — `realtime` says which. A ticker the stream does not follow, or that has not traded since it started, has `trade` and `quote` null; a server without a live stream answers `stream: null`. Unknown tickers are a 422 `unknown_ticker`; more than 100 a 422 `validation_failed`. A raw-data route: an operator whose data licence forbids redistribution turns it off, and it then answers 403 `raw_data_disabled` (not billed).
         */
        get: operations["listQuotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/screener": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Screener: which instruments match a condition
         * @description Evaluates `where` on every active instrument (or `tickers`, or those of a `sector`, `asset_class` or `exchange`) at the close of its last closed session as of as_of (or of `date`), reading only bars through that session; each indicator's value equals /analytics/technical's for the same ticker and day. Answers the matches ordered by `sort`, each with the value of every operand at that close (`values`, and `previous` for a cross), and says which instruments were left out and why (`left_out`): no data, stale data, no bar on `date`, a value missing at that bar, or data that cannot be served (`data_issue`, each ticker named with what is wrong: one ticker's bad row never fails the screen). Runs over at most 5,000 instruments, and computes over at most 20,000,000 bars: tickers × indicators × the bars each reads (its tail, or the whole history for `obv`, `kama`, `supertrend` and the like), counted from each ticker's first and last bar before anything is computed; a larger screen is refused with 422 `validation_failed` naming the cap. One quota unit a request.
         */
        get: operations["runScreener"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/screens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your saved screens
         * @description The account's saved screens, in the order they were created, each with its criteria.
         */
        get: operations["listScreens"];
        put?: never;
        /**
         * Save a screen
         * @description Saves a screen under a name: `where`, `sort` and the universe as /screener takes them (`tickers` as a list). After every session close it is run again, and each ticker entering or leaving its matches is told as a `screen.entered` or `screen.left` event (webhooks and /events); the first run sets the members without events. At most 50 per account.
         */
        post: operations["createScreen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/screens/{screen_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A saved screen, with its members at the last session evaluated
         * @description One saved screen of the account, with the tickers that passed it at the last session evaluated. Another account's id answers 404.
         */
        get: operations["getScreen"];
        put?: never;
        post?: never;
        /**
         * Delete a saved screen
         * @description Deletes one of the account's saved screens. Another account's id answers 404.
         */
        delete: operations["deleteScreen"];
        options?: never;
        head?: never;
        /**
         * Rename a saved screen or change what it screens
         * @description Any of the fields of a new screen. A change of the screen itself (not only its name) forgets the members: the next evaluation sets them again without events.
         */
        patch: operations["updateScreen"];
        trace?: never;
    };
    "/api/v1/screens/{screen_id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run a saved screen now
         * @description The saved screen run as /screener runs it (same answer), at the last closed session or at `date`. One quota unit.
         */
        get: operations["listScreenResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current trading session
         * @description Not billed: metadata, like /account (still authenticated, entitlement-checked and burst-limited). Says when the cards are published and how fresh the market data are.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your webhook endpoints
         * @description The account's webhook endpoints with their event types and status (enabled, or disabled and why). Secrets are never returned.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Answers the endpoint with its `whsec_` signing secret, shown only this once. Deliveries follow Standard Webhooks v1 (docs/events.md). The URL must be https on a public address.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook endpoint
         * @description One webhook endpoint of the account: URL, event types and status. Its secret is never returned.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description With its deliveries and their history; nothing more is sent to it.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Any of url, description, event_types, enabled. Disabling cancels its waiting deliveries; enabling a disabled endpoint clears why it was disabled.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/webhooks/{endpoint_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's deliveries, newest first
         * @description Pass `next_cursor` back as `cursor` for the next page; it is null on the last page.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{endpoint_id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A delivery with every attempt
         * @description One delivery of an event to the endpoint: its status, its attempts and the outcome of each.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{endpoint_id}/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again
         * @description A new delivery of the same event, with the same `webhook-id` (a receiver that already processed it can tell). Only a delivery that has ended can be replayed.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{endpoint_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint's signing secret
         * @description Answers the new secret, shown only this once. For 24 hours every delivery carries two signatures, one per secret, so a receiver can switch without dropping an event.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{endpoint_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to an endpoint
         * @description A `webhook.test` event for this endpoint only, delivered like any other; answers its delivery. Billed like any call (each makes a delivery): counts against the burst limit and the quota.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    "analysis.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An analysis job of the account failed, with its problem
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["analysisFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "analysis.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An analysis job of the account finished; its report is ready
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["analysisSucceededWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "backtest.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A backtest job of the account failed, with its problem
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["backtestFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "backtest.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A backtest job of the account finished; its report is ready
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["backtestSucceededWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "card.outcome": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A published card's outcome is known: t1, t2, stopped, expired or unfilled
         * @description Scope: every account whose plan includes `cards`. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["cardOutcomeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "cards.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A session's trade cards were published: their ids and headlines, and the feed cursor they reach
         * @description Scope: every account whose plan includes `cards`. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["cardsPublishedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "data.fresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A ticker that was stale has its last session's bars again
         * @description Scope: every account whose plan includes `account`. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["dataFreshWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "data.stale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A ticker's bars for its last session did not arrive from the market-data providers
         * @description Scope: every account whose plan includes `account`. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["dataStaleWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One of the account's API keys was revoked
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["keyRevokedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.rotated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One of the account's API keys was rotated: the old secret no longer works
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["keyRotatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order placed from a card ended without a fill: cancelled (kill switch, card expiry), expired or rejected
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["orderCanceledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order's take-profit or stop leg filled: the trade is over, with its realised R
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["orderClosedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.filled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The entry of an order placed from a card filled at the broker (as reconciliation read it)
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["orderFilledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quota.warning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A key's quota window is 80 % or 100 % used
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["quotaWarningWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "screen.entered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A ticker matches one of the account's saved screens at a session's close and did not at the one before
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["screenEnteredWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "screen.left": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A ticker that matched one of the account's saved screens no longer does at a session's close
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["screenLeftWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.endpoint_disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A webhook endpoint of the account was disabled: its receiver answered 410 or kept failing
         * @description Scope: the account it concerns. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["webhookEndpointDisabledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event sent to one endpoint on request
         * @description Scope: the one endpoint it was sent to. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.
         */
        post: operations["webhookTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        AnalysisJob: {
            /** @description Runs started so far (a retry after a crashed worker adds one) */
            attempts: number;
            /** Format: date-time */
            created_at: string;
            /** @description A problem object, when failed */
            error?: unknown;
            finished_at: string | null;
            /** @example job_3kTMd9Qx0aZ1bC2dE3fG */
            job_id: string;
            /** @description The report (docs/analysis/report.schema.json), when succeeded */
            report?: unknown;
            /** @description When the first attempt started; a retry keeps it (`attempts` counts the runs) */
            started_at: string | null;
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            ticker: string;
            tier: "Light" | "Medium" | "Full";
        };
        BacktestJob: {
            /** @description Runs started so far (a retry after a crashed worker adds one) */
            attempts: number;
            /** Format: date-time */
            created_at: string;
            /** @description A problem object, when failed */
            error?: unknown;
            finished_at: string | null;
            /** @example job_3kTMd9Qx0aZ1bC2dE3fG */
            job_id: string;
            /** @description While running: sessions replayed so far (null before the replay starts) */
            progress: {
                percent: number;
                sessions: number;
                sessions_done: number;
            } | null;
            /** @description Its size and the units it was billed (BacktestQuote) */
            quote: unknown;
            /** @description The report, field for field what `bellwether backtest --json` prints */
            report?: unknown;
            /** @description The backtest as submitted, with its universe resolved to `tickers` */
            request: unknown;
            started_at: string | null;
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
        };
        BacktestQuote: {
            /** @description The plan's bound on one backtest */
            max_ticker_sessions: number;
            /** @description Exchange sessions from `from` through `to` (or today) */
            sessions: number;
            setup: string;
            /** @description tickers × sessions: the work the plan bounds */
            ticker_sessions: number;
            /** @description Tickers replayed (members of the universe on some day of the range) */
            tickers: number;
            /** @description Quota units the backtest costs: one per started 50,000 ticker-sessions */
            units: number;
            within_plan: boolean;
        };
        /** @description RFC 9457 problem details */
        Problem: {
            code: "malformed_request" | "invalid_token" | "invalid_credentials" | "sign_in_required" | "metrics_token_required" | "plan_required" | "forbidden" | "raw_data_disabled" | "not_found" | "method_not_allowed" | "not_acceptable" | "request_timeout" | "conflict" | "payload_too_large" | "unsupported_media_type" | "headers_too_large" | "validation_failed" | "unknown_ticker" | "insufficient_history" | "no_data" | "data_issue" | "backtest_too_large" | "idempotency_key_reused" | "broker_credentials_rejected" | "broker_refused" | "insufficient_buying_power" | "order_cap_exceeded" | "card_not_tradable" | "rate_limited" | "too_many_attempts" | "too_many_streams" | "too_many_jobs" | "too_many_invalid_keys" | "quota_exceeded" | "internal_error" | "not_implemented" | "broker_unavailable" | "service_unavailable";
            /** @description `no_data`: what the stored data cover (first and last date or instant; null when nothing is stored), per ticker where it applies */
            data_covers?: {
                from: string | null;
                ticker?: string;
                to: string | null;
            }[];
            detail: string;
            errors?: {
                detail: string;
                pointer: string;
            }[];
            instance: string;
            request_id: string;
            required_plan?: string | null;
            status: number;
            /** @description A close match for a misspelt ticker or name, when there is one */
            suggestion?: string;
            title: string;
            type: string;
            violated_policies?: string[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        entitlements: string[];
                        key: {
                            id: string;
                        };
                        limits: {
                            burst: {
                                limit: number;
                                window_seconds: number;
                            };
                            max_keys: number;
                            quota: {
                                limit: number;
                                remaining: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-20T14:30:00Z
                                 */
                                resets_at: string;
                                used: number;
                                window: "hour" | "month";
                                /**
                                 * Format: date-time
                                 * @example 2026-11-20T14:30:00Z
                                 */
                                window_start: string;
                            };
                        };
                        plan: {
                            id: string;
                            name: string;
                            scheme: string;
                        } | null;
                    };
                };
            };
        };
    };
    listAnalyses: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                status?: "queued" | "running" | "succeeded" | "failed" | "canceled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AnalysisJob"][];
                        next_cursor: string | null;
                    };
                };
            };
        };
    };
    createAnalysis: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string, e.g. a UUID */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The example is a ticker of the synthetic demo market
                     * @example VZN
                     */
                    ticker: string;
                    /**
                     * @description Light, Medium or Full (in any case: `full` is Full)
                     * @enum {string}
                     */
                    tier: "Light" | "Medium" | "Full";
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalysisJob"];
                };
            };
        };
    };
    getAnalysis: {
        parameters: {
            query?: {
                wait?: number;
            };
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalysisJob"];
                };
            };
        };
    };
    cancelAnalysis: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalysisJob"];
                };
            };
        };
    };
    getMicrostructureAnalytics: {
        parameters: {
            query?: {
                /** @description Price adjustment computed from stored corporate actions */
                adjust?: "raw" | "split" | "split_div";
                /** @description Bin length of the intraday volume and volatility profile (exchange local time) */
                bin_minutes?: 1 | 5 | 10 | 15 | 30 | 60;
                /** @description A session (YYYY-MM-DD) for the intraday measures from stored trades and quotes (the synthetic demo stores the tape of its last session only) */
                date?: string;
                /** @description First date (inclusive), YYYY-MM-DD; a range in which a ticker has no bar is a 422 `no_data` naming the dates its bars cover */
                from?: string;
                /** @description Horizon of the realised spread and price impact */
                horizon_seconds?: number;
                /** @description Most recent bars of the window returned (without from: the last 252 bars) */
                limit?: number;
                /**
                 * @description One ticker (or use `tickers`); the example is a ticker of the synthetic demo market
                 * @example VZN
                 */
                ticker?: string;
                /** @description Comma-separated tickers for a batch, at most 100 (instead of `ticker`; e.g. VZN,PLST,DRRN on the demo) */
                tickers?: string;
                /** @description Last date (inclusive), YYYY-MM-DD; default: the last closed session */
                to?: string;
                /** @description Bars in each rolling daily estimate (Kyle lambda uses 3× this, at least 20) */
                window?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "adjustment": "split_div",
                     *       "parameters": {
                     *         "window": 21,
                     *         "date": "2026-11-24",
                     *         "horizon_seconds": 300,
                     *         "bin_minutes": 30
                     *       },
                     *       "results": [
                     *         {
                     *           "ticker": "VZN",
                     *           "name": "Vozane Networks",
                     *           "source": "synthetic",
                     *           "known_through": "2026-11-24",
                     *           "from": "2026-10-27",
                     *           "to": "2026-11-24",
                     *           "count": 2,
                     *           "dates": [
                     *             "2026-11-21",
                     *             "2026-11-24"
                     *           ],
                     *           "daily": {
                     *             "corwin_schultz": [
                     *               0.0012,
                     *               0.0011
                     *             ],
                     *             "amihud": [
                     *               0.0008,
                     *               0.0009
                     *             ]
                     *           },
                     *           "latest": {
                     *             "corwin_schultz": 0.0011,
                     *             "amihud": 0.0009
                     *           },
                     *           "intraday": {
                     *             "date": "2026-11-24",
                     *             "trades": 48210,
                     *             "volume": 51234000,
                     *             "vwap": 192.41,
                     *             "signing": "lee_ready",
                     *             "order_imbalance": {
                     *               "buy_volume": 26000000,
                     *               "sell_volume": 25234000,
                     *               "imbalance": 0.015
                     *             },
                     *             "spreads": {
                     *               "quoted": 0.0002,
                     *               "effective": 0.00018,
                     *               "realised": 0.00005,
                     *               "impact": 0.00013
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        adjustment?: "raw" | "split" | "split_div";
                        /** @description The instant the answer is as of (ISO-8601) */
                        as_of?: string;
                        estimators?: {
                            [key: string]: string;
                        };
                        /** @description Every parameter used, defaults included */
                        parameters?: {
                            [key: string]: unknown;
                        };
                        results?: {
                            [key: string]: unknown;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getPatternAnalytics: {
        parameters: {
            query?: {
                /** @description Price adjustment computed from stored corporate actions */
                adjust?: "raw" | "split" | "split_div";
                /**
                 * @description Comma-separated TA-Lib pattern codes, with or without the cdl prefix (default all 61); see /analytics/technical/catalog
                 * @example cdlengulfing,hammer,cdlmorningstar
                 */
                candlesticks?: string;
                /** @description First date (inclusive), YYYY-MM-DD; a range in which a ticker has no bar is a 422 `no_data` naming the dates its bars cover */
                from?: string;
                /**
                 * @description Comma-separated sections (default all): candlesticks, chart, levels
                 * @example candlesticks,levels
                 */
                include?: string;
                /** @description Support and resistance levels returned per side, nearest first */
                levels?: number;
                /** @description Bars of the window scanned for candlesticks and newly detected chart patterns (without from: the last 20) */
                limit?: number;
                /** @description Drop candlestick signals whose confidence (how far each rule clears its threshold) is lower */
                min_confidence?: number;
                /**
                 * @description One ticker (or use `tickers`); the example is a ticker of the synthetic demo market
                 * @example VZN
                 */
                ticker?: string;
                /** @description Comma-separated tickers for a batch, at most 100 (instead of `ticker`; e.g. VZN,PLST,DRRN on the demo) */
                tickers?: string;
                /** @description Last date (inclusive), YYYY-MM-DD; default: the last closed session */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "adjustment": "split_div",
                     *       "parameters": {
                     *         "include": [
                     *           "candlesticks",
                     *           "chart",
                     *           "levels"
                     *         ],
                     *         "limit": 20,
                     *         "min_confidence": 0,
                     *         "levels": 5
                     *       },
                     *       "results": [
                     *         {
                     *           "ticker": "VZN",
                     *           "name": "Vozane Networks",
                     *           "source": "synthetic",
                     *           "known_through": "2026-11-24",
                     *           "from": "2026-10-27",
                     *           "to": "2026-11-24",
                     *           "count": 20,
                     *           "candlesticks": [
                     *             {
                     *               "date": "2026-11-24",
                     *               "code": "cdlengulfing",
                     *               "name": "Engulfing Pattern",
                     *               "signal": 100,
                     *               "confidence": 0.42,
                     *               "direction": "bullish"
                     *             }
                     *           ],
                     *           "chart_patterns": [
                     *             {
                     *               "type": "double_bottom",
                     *               "bias": "bullish",
                     *               "state": "confirmed",
                     *               "detected_on": "2026-11-10",
                     *               "expires_on": "2026-12-22",
                     *               "height": 6.1,
                     *               "target": 198.4,
                     *               "breakout": {
                     *                 "level": 192.3,
                     *                 "slope": 0
                     *               },
                     *               "invalidation": {
                     *                 "level": 186.2,
                     *                 "slope": 0
                     *               },
                     *               "points": [
                     *                 {
                     *                   "role": "first_low",
                     *                   "date": "2026-10-15",
                     *                   "price": 186.2
                     *                 }
                     *               ],
                     *               "events": [
                     *                 {
                     *                   "state": "forming",
                     *                   "reason": "detected",
                     *                   "date": "2026-11-10"
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "levels": {
                     *             "close": 193.1,
                     *             "tolerance": 1.2,
                     *             "support": [
                     *               {
                     *                 "price": 186.4,
                     *                 "low": 185.9,
                     *                 "high": 186.9,
                     *                 "touches": 3,
                     *                 "strength": 2.4,
                     *                 "first_touch": "2026-06-02",
                     *                 "last_touch": "2026-10-15",
                     *                 "distance_pct": -0.0347
                     *               }
                     *             ],
                     *             "resistance": []
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        adjustment?: "raw" | "split" | "split_div";
                        /** @description The instant the answer is as of (ISO-8601) */
                        as_of?: string;
                        /** @description Every parameter used, defaults included */
                        parameters?: {
                            [key: string]: unknown;
                        };
                        results?: {
                            [key: string]: unknown;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getPortfolioAnalytics: {
        parameters: {
            query: {
                /** @description Price adjustment computed from stored corporate actions */
                adjust?: "raw" | "split" | "split_div";
                /** @description Benchmark ticker (default: the operator's BELLWETHER_MARKET_TICKER, else SPY when it has bars through the window, else the market's index — SYNX on the synthetic demo; "none" for none). The answer names the one used and why (benchmark_choice) */
                benchmark?: string;
                /** @description Confidence level c; the tail probability is 1 − c. */
                confidence?: number;
                /** @description Sample covariance, or Ledoit–Wolf shrinkage towards constant correlation or the identity */
                covariance?: "sample" | "ledoit_wolf" | "ledoit_wolf_identity";
                /** @description First date (inclusive), YYYY-MM-DD; a range in which a ticker has no bar is a 422 `no_data` naming the dates its bars cover */
                from?: string;
                /** @description Points on the efficient frontier (omit for none), each with annual_volatility, expected_annual_return (mean daily return × 252) and weights */
                frontier?: number;
                /**
                 * @description Up to 50 TICKER:amount pairs; amounts are weights summing to 1 (units=weights) or share quantities (units=quantities). The example's tickers are the synthetic demo market's
                 * @example VZN:0.4,PLST:0.35,DRRN:0.25
                 */
                holdings: string;
                /** @description Most recent daily returns analysed (dates common to every holding) */
                limit?: number;
                /** @description Upper bound per asset */
                max_weight?: number;
                /** @description Lower bound per asset */
                min_weight?: number;
                /**
                 * @description Comma-separated optimisers to run on the same returns: min_variance, max_sharpe, min_cvar, equal_risk, hrp, inverse_volatility, equal_weight. Each reports annual_volatility and expected_annual_return (the mean daily return × 252, not the CAGR of metrics.annual_return)
                 * @example min_variance,max_sharpe,hrp
                 */
                optimize?: string;
                /** @description Annual risk-free rate as a decimal, spread evenly over 252 periods */
                risk_free?: number;
                /** @description Last date (inclusive), YYYY-MM-DD; default: the last closed session */
                to?: string;
                /** @description Holdings amounts are weights summing to 1, or share quantities */
                units?: "weights" | "quantities";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "adjustment": "split_div",
                     *       "parameters": {
                     *         "holdings": "VZN:0.4,PLST:0.35,DRRN:0.25",
                     *         "units": "weights",
                     *         "covariance": "sample",
                     *         "benchmark": "SYNX"
                     *       },
                     *       "from": "2025-11-24",
                     *       "to": "2026-11-24",
                     *       "observations": 252,
                     *       "holdings": [
                     *         {
                     *           "ticker": "VZN",
                     *           "weight": 0.4,
                     *           "risk_contribution": 0.47,
                     *           "marginal_risk": 0.0142
                     *         }
                     *       ],
                     *       "metrics": [
                     *         {
                     *           "code": "sharpe",
                     *           "name": "Sharpe ratio",
                     *           "unit": "ratio",
                     *           "value": 1.12
                     *         }
                     *       ],
                     *       "correlation": [
                     *         [
                     *           1
                     *         ]
                     *       ],
                     *       "optimized": [
                     *         {
                     *           "method": "min_variance",
                     *           "weights": {
                     *             "VZN": 0.21,
                     *             "PLST": 0.33,
                     *             "DRRN": 0.46
                     *           },
                     *           "annual_volatility": 0.162,
                     *           "expected_annual_return": 0.11
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        adjustment?: "raw" | "split" | "split_div";
                        /** @description The instant the answer is as of (ISO-8601) */
                        as_of?: string;
                        /** @description The benchmark used and why: the request named it, the operator set it (BELLWETHER_MARKET_TICKER), SPY has bars through the window, the market index (SPY has not), or none */
                        benchmark_choice?: {
                            /** @description The choice in words, e.g. "SPY has no bars: the market's index SYNX" */
                            detail: string;
                            /** @enum {string} */
                            reason: "requested" | "operator_setting" | "spy_has_bars" | "market_index" | "none";
                            ticker: string | null;
                        };
                        holdings?: {
                            [key: string]: unknown;
                        }[];
                        metrics?: {
                            [key: string]: unknown;
                        }[];
                        /** @description Every parameter used, defaults included */
                        parameters?: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getRiskAnalytics: {
        parameters: {
            query?: {
                /** @description Price adjustment computed from stored corporate actions */
                adjust?: "raw" | "split" | "split_div";
                /** @description Benchmark ticker for beta, alpha, capture and tracking metrics (default: the operator's BELLWETHER_MARKET_TICKER, else SPY when it has bars through the window, else the market's index — SYNX on the synthetic demo; "none" for none). The answer names the one used and why (benchmark_choice) */
                benchmark?: string;
                /** @description Confidence level c; the tail probability is 1 − c. */
                confidence?: number;
                /** @description First date (inclusive), YYYY-MM-DD; a range in which a ticker has no bar is a 422 `no_data` naming the dates its bars cover */
                from?: string;
                /** @description Most recent bars of the window returned (without from: the last 252 bars) */
                limit?: number;
                /** @description Empirical quantile, normal, or Cornish–Fisher (skewness/kurtosis-corrected normal). */
                method?: "historical" | "gaussian" | "cornish_fisher";
                /**
                 * @description Comma-separated metric codes (default: all 36); see the conventions in docs/analytics/risk.md
                 * @example sharpe,sortino,max_drawdown,var,beta
                 */
                metrics?: string;
                /** @description Periods per year used to annualise (252 trading days, 52 weeks, 12 months). */
                periods_per_year?: number;
                /** @description Annual risk-free rate as a decimal (0.04 = 4 %), spread evenly over periods_per_year */
                risk_free?: number;
                /** @description Per-period minimum acceptable return. */
                target?: number;
                /** @description Per-period threshold return L. */
                threshold?: number;
                /**
                 * @description One ticker (or use `tickers`); the example is a ticker of the synthetic demo market
                 * @example VZN
                 */
                ticker?: string;
                /** @description Comma-separated tickers for a batch, at most 100 (instead of `ticker`; e.g. VZN,PLST,DRRN on the demo) */
                tickers?: string;
                /** @description Last date (inclusive), YYYY-MM-DD; default: the last closed session */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T17:00:00Z",
                     *       "adjustment": "split_div",
                     *       "parameters": {
                     *         "from": null,
                     *         "to": null,
                     *         "limit": 252,
                     *         "benchmark": "SYNX",
                     *         "confidence": 0.95,
                     *         "risk_free": 0.02
                     *       },
                     *       "benchmark_choice": {
                     *         "ticker": "SYNX",
                     *         "reason": "market_index",
                     *         "detail": "SPY is not in the universe: the market's index SYNX"
                     *       },
                     *       "results": [
                     *         {
                     *           "ticker": "VZN",
                     *           "source": "synthetic",
                     *           "known_through": "2026-11-24",
                     *           "from": "2025-11-21",
                     *           "to": "2026-11-24",
                     *           "observations": 252,
                     *           "benchmark": "SYNX",
                     *           "benchmark_observations": 252,
                     *           "metrics": [
                     *             {
                     *               "code": "sharpe",
                     *               "name": "Sharpe ratio",
                     *               "unit": "ratio",
                     *               "convention": "annualised",
                     *               "value": 1.12
                     *             },
                     *             {
                     *               "code": "beta",
                     *               "name": "Beta",
                     *               "unit": "ratio",
                     *               "convention": "against the benchmark",
                     *               "value": 1.08
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        adjustment?: "raw" | "split" | "split_div";
                        /** @description The instant the answer is as of (ISO-8601) */
                        as_of?: string;
                        /** @description The benchmark used and why: the request named it, the operator set it (BELLWETHER_MARKET_TICKER), SPY has bars through the window, the market index (SPY has not), or none */
                        benchmark_choice?: {
                            /** @description The choice in words, e.g. "SPY has no bars: the market's index SYNX" */
                            detail: string;
                            /** @enum {string} */
                            reason: "requested" | "operator_setting" | "spy_has_bars" | "market_index" | "none";
                            ticker: string | null;
                        };
                        /** @description Every parameter used, defaults included */
                        parameters?: {
                            [key: string]: unknown;
                        };
                        results?: ({
                            /** @description The adjustment of these prices: as asked, or split_div for a series its provider adjusted */
                            adjustment?: string | null;
                            /** @description The benchmark the relative metrics use */
                            benchmark?: string | null;
                            /** @description Daily returns of the window on dates the benchmark also has (what the relative metrics use); 0 without a benchmark */
                            benchmark_observations?: number;
                            /** @description First date of the returns window */
                            from?: string | null;
                            /** @description Last session closed at as_of */
                            known_through?: string | null;
                            /** @description The ticker's last bar known at as_of */
                            last_bar?: string | null;
                            metrics: ({
                                code: string;
                                convention?: string;
                                /** @description For the drawdown timing metrics (unit `index`): the session the index names — the peak, trough or recovery day (the peak of a drawdown from the start is the first date of the window); null when there is no such day (no drawdown, not recovered) */
                                date?: string | null;
                                name?: string;
                                /** @description Why value is null (present only then) */
                                reason?: string;
                                unit?: string;
                                value: number | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description Daily returns in the window (what every metric that needs no benchmark uses) */
                            observations: number;
                            /** @description Where the bars came from (synthetic, csv:…) */
                            source?: string;
                            /** @description True when last_bar is before known_through: data not delivered yet */
                            stale?: boolean;
                            ticker: string;
                            /** @description Last date of the returns window */
                            to?: string | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getSentimentAnalytics: {
        parameters: {
            query?: {
                /** @description Window length in days ending at `to` (or as_of) when `from` is not given */
                days?: number;
                /** @description First day of the window (inclusive, UTC), YYYY-MM-DD; default: `days` before `to`. A window that ends before the first stored news of a ticker is a 422 `no_data` naming what is stored (the synthetic demo has news of its last 20 sessions) */
                from?: string;
                /** @description Scored news items listed per ticker, newest first */
                items?: number;
                /**
                 * @description Score this text (at most 2000 characters) directly, with the phrases that drove the score
                 * @example Shares jump after the company beats estimates and raises guidance
                 */
                text?: string;
                /**
                 * @description One ticker (or use `tickers`); the example is a ticker of the synthetic demo market
                 * @example VZN
                 */
                ticker?: string;
                /** @description Comma-separated tickers for a batch, at most 100 (instead of `ticker`; e.g. VZN,PLST,DRRN on the demo) */
                tickers?: string;
                /** @description Last day of the window (inclusive, UTC); default: up to as_of */
                to?: string;
                /** @description Most positive and most negative items listed */
                top?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "model": {
                     *         "version": "bw-sentiment-1.184e6322.20000.l4",
                     *         "method": "finance lexicon … + logistic regression"
                     *       },
                     *       "parameters": {
                     *         "from": "2026-11-18",
                     *         "to": "2026-11-24",
                     *         "days": 7,
                     *         "baseline_windows": 30
                     *       },
                     *       "results": [
                     *         {
                     *           "ticker": "VZN",
                     *           "count": 4,
                     *           "mean_score": 0.31,
                     *           "tone": "bullish",
                     *           "counts": {
                     *             "bearish": 1,
                     *             "neutral": 1,
                     *             "bullish": 2
                     *           },
                     *           "buzz": 1.8,
                     *           "top_positive": [
                     *             {
                     *               "id": "n_1",
                     *               "published_at": "2026-11-24T14:02:00Z",
                     *               "headline": "Vozane Networks beats estimates",
                     *               "score": 0.82
                     *             }
                     *           ],
                     *           "top_negative": [],
                     *           "items": []
                     *         }
                     *       ],
                     *       "text": {
                     *         "text": "Shares jump after the company beats estimates",
                     *         "label": "bullish",
                     *         "score": 0.78,
                     *         "confidence": 0.83
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The instant the answer is as of (ISO-8601) */
                        as_of?: string;
                        model?: {
                            [key: string]: unknown;
                        };
                        /** @description Every parameter used, defaults included */
                        parameters?: {
                            [key: string]: unknown;
                        };
                        results?: {
                            [key: string]: unknown;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getTechnicalAnalytics: {
        parameters: {
            query: {
                /** @description Price adjustment computed from stored corporate actions */
                adjust?: "raw" | "split" | "split_div";
                /** @description First date (inclusive), YYYY-MM-DD; a range in which a ticker has no bar is a 422 `no_data` naming the dates its bars cover */
                from?: string;
                /**
                 * @description Up to 20 indicators from the catalogue, positional or named arguments: rsi(14),macd(12,26,9),bbands(period=20)
                 * @example rsi(14),macd(12,26,9),bbands(20,2,2)
                 */
                indicators: string;
                /** @description Most recent bars of the window returned (without from: the last 252 bars) */
                limit?: number;
                /**
                 * @description One ticker (or use `tickers`); the example is a ticker of the synthetic demo market
                 * @example VZN
                 */
                ticker?: string;
                /** @description Comma-separated tickers for a batch, at most 100 (instead of `ticker`; e.g. VZN,PLST,DRRN on the demo) */
                tickers?: string;
                /** @description Last date (inclusive), YYYY-MM-DD; default: the last closed session */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        adjustment?: "raw" | "split" | "split_div";
                        as_of?: string;
                        parameters?: {
                            [key: string]: unknown;
                        };
                        results?: ({
                            /** @description The adjustment of these prices: as asked, or split_div for a series its provider adjusted */
                            adjustment?: string | null;
                            dates?: string[];
                            indicators?: {
                                [key: string]: unknown;
                            }[];
                            /** @description Last session closed at as_of */
                            known_through?: string;
                            /** @description The ticker's last bar known at as_of */
                            last_bar?: string | null;
                            series?: {
                                [key: string]: unknown;
                            };
                            /** @description Where the bars came from (synthetic, csv:…) */
                            source?: string;
                            /** @description True when last_bar is before known_through: data not delivered yet */
                            stale?: boolean;
                            ticker?: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
        };
    };
    getTechnicalCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count?: number;
                        indicators?: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
        };
    };
    createBacktest: {
        parameters: {
            query?: {
                /** @description Quote only: no job, not billed */
                dry_run?: boolean;
            };
            header?: {
                /** @description Any unique string, e.g. a UUID */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    costs?: {
                        /** @description Commission and slippage per side in basis points (default: the service's cards costs) */
                        bps_per_side?: number;
                    };
                    /**
                     * Format: date
                     * @description First session replayed
                     * @example 2024-01-02
                     */
                    from: string;
                    /**
                     * @description A built-in setup: trend_pullback, breakout_volume, mean_reversion_in_trend, momentum_continuation, pattern_reversal_at_level, volatility_squeeze
                     * @example trend_pullback
                     */
                    setup: string;
                    /**
                     * Format: date
                     * @description Last session replayed
                     * @example 2025-12-31
                     */
                    to: string;
                    /**
                     * @description Tickers, a sector, or the point-in-time index membership (members on each day only)
                     * @example {
                     *       "tickers": [
                     *         "VZN",
                     *         "PLST",
                     *         "DRRN"
                     *       ]
                     *     }
                     */
                    universe: {
                        tickers: string[];
                    } | {
                        sector: string;
                    } | {
                        /** @enum {string} */
                        index: "point_in_time";
                    };
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacktestQuote"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacktestJob"];
                };
            };
        };
    };
    getBacktest: {
        parameters: {
            query?: {
                wait?: number;
            };
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacktestJob"];
                };
            };
        };
    };
    listBars: {
        parameters: {
            query?: {
                /** @description raw: as traded; split: split-adjusted (prices and volumes); split_div: also dividend-adjusted (total return), computed from the stored corporate actions known at as_of. Adjusted prices are rounded to 4 decimals, as providers publish them (raw prices are as stored; the analytics compute on the unrounded series). The bars the analytics routes compute on by default are split_div */
                adjust?: "raw" | "split" | "split_div";
                /** @description Instead of Accept: json (columns), ndjson (application/x-ndjson) or csv (text/csv), one bar per line */
                format?: "json" | "ndjson" | "csv";
                /** @description First date (inclusive), YYYY-MM-DD; default: the first stored bar. A range in which a ticker has no bar is a 422 `no_data` naming the dates its bars cover */
                from?: string;
                /** @description At most this many bars per ticker: the most recent of its window (default: the whole window) */
                limit?: number;
                /**
                 * @description One ticker (or use `tickers`); the example is a ticker of the synthetic demo market
                 * @example VZN
                 */
                ticker?: string;
                /** @description Comma-separated tickers for a batch, at most 100 (instead of `ticker`; e.g. VZN,PLST,DRRN on the demo) */
                tickers?: string;
                /** @description Last date (inclusive), YYYY-MM-DD; default: the last session closed at as_of */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Columnar JSON, or an NDJSON/CSV stream (one bar per line) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "adjustment": "split_div",
                     *       "parameters": {
                     *         "from": "2026-11-20",
                     *         "to": null,
                     *         "limit": null
                     *       },
                     *       "count": 2,
                     *       "results": [
                     *         {
                     *           "ticker": "VZN",
                     *           "name": "Vozane Networks",
                     *           "source": "synthetic",
                     *           "adjustment": "split_div",
                     *           "known_through": "2026-11-24",
                     *           "last_bar": "2026-11-24",
                     *           "stale": false,
                     *           "from": "2026-11-21",
                     *           "to": "2026-11-24",
                     *           "count": 2,
                     *           "dates": [
                     *             "2026-11-21",
                     *             "2026-11-24"
                     *           ],
                     *           "open": [
                     *             41.2,
                     *             41.9
                     *           ],
                     *           "high": [
                     *             42.05,
                     *             42.3
                     *           ],
                     *           "low": [
                     *             40.88,
                     *             41.6
                     *           ],
                     *           "close": [
                     *             41.87,
                     *             42.11
                     *           ],
                     *           "volume": [
                     *             1834200,
                     *             1522900
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        adjustment: "raw" | "split" | "split_div";
                        as_of: string;
                        /** @description Bars over all tickers */
                        count: number;
                        parameters: {
                            [key: string]: unknown;
                        };
                        results: {
                            /** @description The adjustment of these prices: as asked, or split_div for a series its provider adjusted */
                            adjustment: string | null;
                            close?: number[];
                            count: number;
                            dates: string[];
                            from?: string | null;
                            high?: number[];
                            /** @description Last session closed at as_of */
                            known_through: string | null;
                            /** @description The ticker's last bar known at as_of */
                            last_bar: string | null;
                            low?: number[];
                            name?: string;
                            open?: number[];
                            /** @description Where the bars came from (synthetic, csv:…), `+`-joined when several */
                            source: string;
                            /** @description True when last_bar is before known_through */
                            stale: boolean;
                            ticker: string;
                            to?: string | null;
                            volume?: number[];
                        }[];
                    };
                };
            };
        };
    };
    listBrokerConnections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            automation: {
                                /**
                                 * @description Absent: both
                                 * @example [
                                 *       "long"
                                 *     ]
                                 */
                                directions?: ("long" | "short")[];
                                /** @example true */
                                enabled: boolean;
                                /** @example 3 */
                                max_orders_per_session: number;
                                /** @example 300 */
                                max_risk_per_session: number;
                                /**
                                 * @description A card's expected R (net of costs) must be at least this (absent: 0)
                                 * @example 0.1
                                 */
                                min_expected_r?: number;
                                /**
                                 * @description What each order risks from entry to stop, in the account currency; sizes the order
                                 * @example 100
                                 */
                                risk_per_order: number;
                                /**
                                 * @description Setups to follow (as cards name them); empty or absent: every setup
                                 * @example [
                                 *       "trend_pullback"
                                 *     ]
                                 */
                                setups?: string[];
                            } | null;
                            broker: string;
                            broker_account_number: string | null;
                            /** Format: date-time */
                            created_at: string;
                            currency: string | null;
                            environment: "paper" | "live";
                            id: string;
                            /** @description The key id's last four characters: never the key id or the secret */
                            key_id_last4: string;
                            label: string;
                            last_checked_at: string | null;
                            last_error: string | null;
                            max_order_notional: number;
                            max_order_qty: number;
                            /** @description `failing` once the broker refused the credentials: rotate them */
                            status: "ok" | "failing";
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
        };
    };
    createBrokerConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default alpaca
                     * @example alpaca
                     * @enum {string}
                     */
                    broker?: "alpaca";
                    /**
                     * @description Must be true to link a live account: orders there spend real money
                     * @example false
                     */
                    confirm_live?: boolean;
                    /**
                     * @default paper
                     * @example paper
                     */
                    environment?: "paper" | "live";
                    /**
                     * @description The broker API key id (Alpaca's APCA-API-KEY-ID)
                     * @example PKDEMO0000000000DEMO
                     */
                    key_id: string;
                    /** @example Alpaca paper */
                    label?: string;
                    /**
                     * @description What one order may cost at its entry limit, in the account currency (at most the server's own cap)
                     * @example 25000
                     */
                    max_order_notional?: number;
                    /**
                     * @description Shares one order may be at most (at most the server's own cap)
                     * @example 100
                     */
                    max_order_qty?: number;
                    /**
                     * @description The broker API secret. Write-only: stored encrypted, never returned, logged or shown again
                     * @example demo-secret-not-a-real-one
                     */
                    secret: string;
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        automation: {
                            /**
                             * @description Absent: both
                             * @example [
                             *       "long"
                             *     ]
                             */
                            directions?: ("long" | "short")[];
                            /** @example true */
                            enabled: boolean;
                            /** @example 3 */
                            max_orders_per_session: number;
                            /** @example 300 */
                            max_risk_per_session: number;
                            /**
                             * @description A card's expected R (net of costs) must be at least this (absent: 0)
                             * @example 0.1
                             */
                            min_expected_r?: number;
                            /**
                             * @description What each order risks from entry to stop, in the account currency; sizes the order
                             * @example 100
                             */
                            risk_per_order: number;
                            /**
                             * @description Setups to follow (as cards name them); empty or absent: every setup
                             * @example [
                             *       "trend_pullback"
                             *     ]
                             */
                            setups?: string[];
                        } | null;
                        broker: string;
                        broker_account_number: string | null;
                        /** Format: date-time */
                        created_at: string;
                        currency: string | null;
                        environment: "paper" | "live";
                        id: string;
                        /** @description The key id's last four characters: never the key id or the secret */
                        key_id_last4: string;
                        label: string;
                        last_checked_at: string | null;
                        last_error: string | null;
                        max_order_notional: number;
                        max_order_qty: number;
                        /** @description `failing` once the broker refused the credentials: rotate them */
                        status: "ok" | "failing";
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getBrokerConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        automation: {
                            /**
                             * @description Absent: both
                             * @example [
                             *       "long"
                             *     ]
                             */
                            directions?: ("long" | "short")[];
                            /** @example true */
                            enabled: boolean;
                            /** @example 3 */
                            max_orders_per_session: number;
                            /** @example 300 */
                            max_risk_per_session: number;
                            /**
                             * @description A card's expected R (net of costs) must be at least this (absent: 0)
                             * @example 0.1
                             */
                            min_expected_r?: number;
                            /**
                             * @description What each order risks from entry to stop, in the account currency; sizes the order
                             * @example 100
                             */
                            risk_per_order: number;
                            /**
                             * @description Setups to follow (as cards name them); empty or absent: every setup
                             * @example [
                             *       "trend_pullback"
                             *     ]
                             */
                            setups?: string[];
                        } | null;
                        broker: string;
                        broker_account_number: string | null;
                        /** Format: date-time */
                        created_at: string;
                        currency: string | null;
                        environment: "paper" | "live";
                        id: string;
                        /** @description The key id's last four characters: never the key id or the secret */
                        key_id_last4: string;
                        label: string;
                        last_checked_at: string | null;
                        last_error: string | null;
                        max_order_notional: number;
                        max_order_qty: number;
                        /** @description `failing` once the broker refused the credentials: rotate them */
                        status: "ok" | "failing";
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteBrokerConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
        };
    };
    updateBrokerConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    automation?: {
                        /**
                         * @description Absent: both
                         * @example [
                         *       "long"
                         *     ]
                         */
                        directions?: ("long" | "short")[];
                        /** @example true */
                        enabled: boolean;
                        /** @example 3 */
                        max_orders_per_session: number;
                        /** @example 300 */
                        max_risk_per_session: number;
                        /**
                         * @description A card's expected R (net of costs) must be at least this (absent: 0)
                         * @example 0.1
                         */
                        min_expected_r?: number;
                        /**
                         * @description What each order risks from entry to stop, in the account currency; sizes the order
                         * @example 100
                         */
                        risk_per_order: number;
                        /**
                         * @description Setups to follow (as cards name them); empty or absent: every setup
                         * @example [
                         *       "trend_pullback"
                         *     ]
                         */
                        setups?: string[];
                    } | null;
                    /** @example Alpaca paper */
                    label?: string;
                    /**
                     * @description What one order may cost at its entry limit, in the account currency (at most the server's own cap)
                     * @example 25000
                     */
                    max_order_notional?: number;
                    /**
                     * @description Shares one order may be at most (at most the server's own cap)
                     * @example 100
                     */
                    max_order_qty?: number;
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        automation: {
                            /**
                             * @description Absent: both
                             * @example [
                             *       "long"
                             *     ]
                             */
                            directions?: ("long" | "short")[];
                            /** @example true */
                            enabled: boolean;
                            /** @example 3 */
                            max_orders_per_session: number;
                            /** @example 300 */
                            max_risk_per_session: number;
                            /**
                             * @description A card's expected R (net of costs) must be at least this (absent: 0)
                             * @example 0.1
                             */
                            min_expected_r?: number;
                            /**
                             * @description What each order risks from entry to stop, in the account currency; sizes the order
                             * @example 100
                             */
                            risk_per_order: number;
                            /**
                             * @description Setups to follow (as cards name them); empty or absent: every setup
                             * @example [
                             *       "trend_pullback"
                             *     ]
                             */
                            setups?: string[];
                        } | null;
                        broker: string;
                        broker_account_number: string | null;
                        /** Format: date-time */
                        created_at: string;
                        currency: string | null;
                        environment: "paper" | "live";
                        id: string;
                        /** @description The key id's last four characters: never the key id or the secret */
                        key_id_last4: string;
                        label: string;
                        last_checked_at: string | null;
                        last_error: string | null;
                        max_order_notional: number;
                        max_order_qty: number;
                        /** @description `failing` once the broker refused the credentials: rotate them */
                        status: "ok" | "failing";
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    listBrokerAudit: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            at: string;
                            duration_ms: number;
                            error: string | null;
                            id: string;
                            method: string;
                            order_id: string | null;
                            path: string;
                            request_body: unknown;
                            response_body: unknown;
                            /** @description null: no answer came (timeout, refused connection) */
                            status: number | null;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
        };
    };
    replaceBrokerCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The broker API key id (Alpaca's APCA-API-KEY-ID)
                     * @example PKDEMO0000000000DEMO
                     */
                    key_id: string;
                    /**
                     * @description The broker API secret. Write-only: stored encrypted, never returned, logged or shown again
                     * @example demo-secret-not-a-real-one
                     */
                    secret: string;
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        automation: {
                            /**
                             * @description Absent: both
                             * @example [
                             *       "long"
                             *     ]
                             */
                            directions?: ("long" | "short")[];
                            /** @example true */
                            enabled: boolean;
                            /** @example 3 */
                            max_orders_per_session: number;
                            /** @example 300 */
                            max_risk_per_session: number;
                            /**
                             * @description A card's expected R (net of costs) must be at least this (absent: 0)
                             * @example 0.1
                             */
                            min_expected_r?: number;
                            /**
                             * @description What each order risks from entry to stop, in the account currency; sizes the order
                             * @example 100
                             */
                            risk_per_order: number;
                            /**
                             * @description Setups to follow (as cards name them); empty or absent: every setup
                             * @example [
                             *       "trend_pullback"
                             *     ]
                             */
                            setups?: string[];
                        } | null;
                        broker: string;
                        broker_account_number: string | null;
                        /** Format: date-time */
                        created_at: string;
                        currency: string | null;
                        environment: "paper" | "live";
                        id: string;
                        /** @description The key id's last four characters: never the key id or the secret */
                        key_id_last4: string;
                        label: string;
                        last_checked_at: string | null;
                        last_error: string | null;
                        max_order_notional: number;
                        max_order_qty: number;
                        /** @description `failing` once the broker refused the credentials: rotate them */
                        status: "ok" | "failing";
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    setBrokerKillSwitch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description True when automation was on and this turned it off (it is off now in any case) */
                        automation_disabled: boolean;
                        canceled_broker_order_ids: string[];
                    };
                };
            };
        };
    };
    listBrokerConnectionOrders: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            broker_order_id: string | null;
                            broker_status: string | null;
                            card_id: string;
                            /** @description Ours, sent to the broker: it never accepts a second order with it */
                            client_order_id: string;
                            connection_id: string;
                            /** Format: date-time */
                            created_at: string;
                            error: string | null;
                            exit_price: number | null;
                            exit_reason: "take_profit" | "stop" | null;
                            filled_avg_price: number | null;
                            filled_qty: number;
                            group_id: string | null;
                            id: string;
                            /** @description The entry limit, inside the card’s entry zone */
                            limit_price: number;
                            origin: "api" | "automation";
                            qty: number;
                            /** @description Exit minus fill over fill minus stop (signed for the side), once closed */
                            realised_r: number | null;
                            /** @description qty × |limit − stop| in the account currency */
                            risk: number;
                            session: string;
                            side: "buy" | "sell";
                            /** @description `closed`: an exit leg (take-profit or stop) filled */
                            state: "submitting" | "open" | "partially_filled" | "filled" | "closed" | "canceled" | "expired" | "rejected";
                            stop_price: number;
                            take_profit_price: number;
                            ticker: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
        };
    };
    listBrokerPositions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            avg_entry_price: number;
                            market_value: number;
                            /** @description Negative for a short */
                            qty: number;
                            ticker: string;
                            unrealized_pl: number;
                        }[];
                    };
                };
            };
        };
    };
    testBrokerConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A broker connection id (bkc_…) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            account_number: string;
                            buying_power: number;
                            cash: number;
                            currency: string;
                            equity: number;
                            status: string;
                            trading_blocked: boolean;
                        };
                        connection: {
                            automation: {
                                /**
                                 * @description Absent: both
                                 * @example [
                                 *       "long"
                                 *     ]
                                 */
                                directions?: ("long" | "short")[];
                                /** @example true */
                                enabled: boolean;
                                /** @example 3 */
                                max_orders_per_session: number;
                                /** @example 300 */
                                max_risk_per_session: number;
                                /**
                                 * @description A card's expected R (net of costs) must be at least this (absent: 0)
                                 * @example 0.1
                                 */
                                min_expected_r?: number;
                                /**
                                 * @description What each order risks from entry to stop, in the account currency; sizes the order
                                 * @example 100
                                 */
                                risk_per_order: number;
                                /**
                                 * @description Setups to follow (as cards name them); empty or absent: every setup
                                 * @example [
                                 *       "trend_pullback"
                                 *     ]
                                 */
                                setups?: string[];
                            } | null;
                            broker: string;
                            broker_account_number: string | null;
                            /** Format: date-time */
                            created_at: string;
                            currency: string | null;
                            environment: "paper" | "live";
                            id: string;
                            /** @description The key id's last four characters: never the key id or the secret */
                            key_id_last4: string;
                            label: string;
                            last_checked_at: string | null;
                            last_error: string | null;
                            max_order_notional: number;
                            max_order_qty: number;
                            /** @description `failing` once the broker refused the credentials: rotate them */
                            status: "ok" | "failing";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
        };
    };
    listCards: {
        parameters: {
            query?: {
                /** @description Only long or only short cards */
                direction?: "long" | "short";
                /** @description Only cards whose conviction score is at least this (a calibrated probability: most cards score 0.1–0.4) */
                min_conviction?: number;
                /** @description A past session's cards (default: the current session) */
                session?: string;
                /** @description Only cards of this setup (see docs/signals) */
                setup?: "trend_pullback" | "breakout_volume" | "mean_reversion_in_trend" | "momentum_continuation" | "pattern_reversal_at_level" | "volatility_squeeze";
                /** @description Only cards on this ticker */
                ticker?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cards: ({
                            asset: {
                                asset_class: string;
                                name: string;
                                ticker: string;
                            } & {
                                [key: string]: unknown;
                            };
                            conviction: {
                                label: "low" | "medium" | "high";
                                /** @description Calibrated probability that T1 is reached before the stop (walk-forward, no look-ahead) */
                                score: number;
                            };
                            /** @description The costs expected_r and the net results are after */
                            costs?: {
                                /** @description Commission and slippage assumed per side, basis points */
                                bps_per_side: number;
                                /** @description That round trip in R at the entry zone edge and the stop */
                                r: number;
                            };
                            /** @description Close of the last session whose data the card used */
                            data_as_of: string;
                            direction: "long" | "short";
                            /** @description The ticker's own drift before the card's session, recorded at publication (point in time): the track record's drift-adjusted edge takes it out of the card's R (ADR 0099). Absent on cards published before it; the record estimates theirs from the bars before their session */
                            drift?: {
                                /** @description Mean simple daily close-to-close return of the ticker over the returns ending at `through` (split- and dividend-adjusted); null with fewer than 60 */
                                daily: number | null;
                                /** @description Daily returns the mean is over (at most 252) */
                                returns: number;
                                /**
                                 * Format: date
                                 * @description The last session whose close it uses
                                 */
                                through: string;
                            };
                            entry_zone: {
                                high: number;
                                low: number;
                            };
                            /** @description The numbers behind the thesis */
                            evidence: {
                                [key: string]: unknown;
                            };
                            /** @description Expected result in R once the entry fills, net of costs, learned from earlier outcomes only (walk-forward, like conviction); no card below the operator floor is published */
                            expected_r?: number;
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            expires_at: string;
                            /** @description Stable id: the same session, ticker, setup and direction give the same id */
                            id: string;
                            /** @description How the card ends once its entry fills (an unfilled card has none of these outcomes): three probabilities that sum to 1 (rounded to hundredths, the rounding keeps the sum), from a multinomial model fitted on earlier outcomes only (walk-forward, like conviction). Absent on cards published before the field existed (ADR 0094; the ledger is never rewritten) */
                            probabilities?: {
                                /** @description P(the card expires with neither) */
                                expiry: number;
                                /** @description P(the stop is reached before T1) */
                                stop_first: number;
                                /** @description P(T1 is reached before the stop) */
                                t1_first: number;
                            };
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            published_at: string;
                            /** @description Published after its session closed (a backfill): in the ledger, kept out of the track record */
                            published_late?: boolean;
                            /** @description R-multiples at T1 and T2 */
                            risk_reward: {
                                t1: number;
                                t2: number;
                            };
                            /**
                             * Format: date
                             * @description The trading session the card is for
                             */
                            session: string;
                            /** @description The setup whose rules fired (docs/signals/) */
                            setup: "trend_pullback" | "breakout_volume" | "mean_reversion_in_trend" | "momentum_continuation" | "pattern_reversal_at_level" | "volatility_squeeze";
                            /** @description The setup's status on the development years (docs/signals/research/setups-at-breadth-2000-2012.md). Absent on cards published before it existed: the ledger's cards are never rewritten */
                            setup_status?: {
                                /** @description The edge over the cross-ticker null on the development years; null when not measured */
                                edge_cross: {
                                    /** @description 95 % block-bootstrap interval */
                                    ci_high: number;
                                    ci_low: number;
                                    /** @description Mean net R over the mean of its matched random cards */
                                    mean: number;
                                    /** @description Holm-adjusted p over every group the research tested */
                                    p_holm: number;
                                } | null;
                                /** @description Where a verified edge lies: `selection` (choosing the stock: it does not survive taking out the stock's own drift) or `timing` (the moment); null when unproven */
                                edge_kind: "timing" | "selection" | null;
                                /** @description Where the figures were measured: `2000–2012 point-in-time S&P 500` */
                                measured: string;
                                /** @description Why the setup is unproven, in one line (null when verified) */
                                reason: string | null;
                                /** @description `verified`: the setup and direction beat matched random cards on the development years with a Holm-corrected p below 0.05 and a 95 % interval above zero; `unproven` otherwise */
                                status: "verified" | "unproven";
                            };
                            stop: number;
                            t1: number;
                            t2: number;
                            /** @description Plain English, every figure taken from `evidence`; since ADR 0094 it ends with how likely T1, the stop and expiry are */
                            thesis: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        count: number;
                        /** @description Why there is no card, or what the publication left out: a published session in which none cleared the expected-R floor, a session not published yet or missed, filters that match none of its cards; the stale tickers it left out (never synced, or data short of the previous session); the market filter off when there was no market series */
                        note: string | null;
                        published_at: string | null;
                        /** @description The session was published after it closed (a backfill): its cards are in the ledger, kept out of the track record */
                        published_late: boolean;
                        /** Format: date */
                        session: string;
                    };
                };
            };
        };
    };
    getCard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A card id (crd_…) as /cards, the ledger or the feed give it */
                card_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        card: {
                            asset: {
                                asset_class: string;
                                name: string;
                                ticker: string;
                            } & {
                                [key: string]: unknown;
                            };
                            conviction: {
                                label: "low" | "medium" | "high";
                                /** @description Calibrated probability that T1 is reached before the stop (walk-forward, no look-ahead) */
                                score: number;
                            };
                            /** @description The costs expected_r and the net results are after */
                            costs?: {
                                /** @description Commission and slippage assumed per side, basis points */
                                bps_per_side: number;
                                /** @description That round trip in R at the entry zone edge and the stop */
                                r: number;
                            };
                            /** @description Close of the last session whose data the card used */
                            data_as_of: string;
                            direction: "long" | "short";
                            /** @description The ticker's own drift before the card's session, recorded at publication (point in time): the track record's drift-adjusted edge takes it out of the card's R (ADR 0099). Absent on cards published before it; the record estimates theirs from the bars before their session */
                            drift?: {
                                /** @description Mean simple daily close-to-close return of the ticker over the returns ending at `through` (split- and dividend-adjusted); null with fewer than 60 */
                                daily: number | null;
                                /** @description Daily returns the mean is over (at most 252) */
                                returns: number;
                                /**
                                 * Format: date
                                 * @description The last session whose close it uses
                                 */
                                through: string;
                            };
                            entry_zone: {
                                high: number;
                                low: number;
                            };
                            /** @description The numbers behind the thesis */
                            evidence: {
                                [key: string]: unknown;
                            };
                            /** @description Expected result in R once the entry fills, net of costs, learned from earlier outcomes only (walk-forward, like conviction); no card below the operator floor is published */
                            expected_r?: number;
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            expires_at: string;
                            /** @description Stable id: the same session, ticker, setup and direction give the same id */
                            id: string;
                            /** @description How the card ends once its entry fills (an unfilled card has none of these outcomes): three probabilities that sum to 1 (rounded to hundredths, the rounding keeps the sum), from a multinomial model fitted on earlier outcomes only (walk-forward, like conviction). Absent on cards published before the field existed (ADR 0094; the ledger is never rewritten) */
                            probabilities?: {
                                /** @description P(the card expires with neither) */
                                expiry: number;
                                /** @description P(the stop is reached before T1) */
                                stop_first: number;
                                /** @description P(T1 is reached before the stop) */
                                t1_first: number;
                            };
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            published_at: string;
                            /** @description Published after its session closed (a backfill): in the ledger, kept out of the track record */
                            published_late?: boolean;
                            /** @description R-multiples at T1 and T2 */
                            risk_reward: {
                                t1: number;
                                t2: number;
                            };
                            /**
                             * Format: date
                             * @description The trading session the card is for
                             */
                            session: string;
                            /** @description The setup whose rules fired (docs/signals/) */
                            setup: "trend_pullback" | "breakout_volume" | "mean_reversion_in_trend" | "momentum_continuation" | "pattern_reversal_at_level" | "volatility_squeeze";
                            /** @description The setup's status on the development years (docs/signals/research/setups-at-breadth-2000-2012.md). Absent on cards published before it existed: the ledger's cards are never rewritten */
                            setup_status?: {
                                /** @description The edge over the cross-ticker null on the development years; null when not measured */
                                edge_cross: {
                                    /** @description 95 % block-bootstrap interval */
                                    ci_high: number;
                                    ci_low: number;
                                    /** @description Mean net R over the mean of its matched random cards */
                                    mean: number;
                                    /** @description Holm-adjusted p over every group the research tested */
                                    p_holm: number;
                                } | null;
                                /** @description Where a verified edge lies: `selection` (choosing the stock: it does not survive taking out the stock's own drift) or `timing` (the moment); null when unproven */
                                edge_kind: "timing" | "selection" | null;
                                /** @description Where the figures were measured: `2000–2012 point-in-time S&P 500` */
                                measured: string;
                                /** @description Why the setup is unproven, in one line (null when verified) */
                                reason: string | null;
                                /** @description `verified`: the setup and direction beat matched random cards on the development years with a Holm-corrected p below 0.05 and a 95 % interval above zero; `unproven` otherwise */
                                status: "verified" | "unproven";
                            };
                            stop: number;
                            t1: number;
                            t2: number;
                            /** @description Plain English, every figure taken from `evidence`; since ADR 0094 it ends with how likely T1, the stop and expiry are */
                            thesis: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Null until the card resolves */
                        outcome: {
                            cost_r: number | null;
                            /** @description How the position ended (null on outcomes recorded before it was) */
                            exit_reason: "target_2" | "stop" | "breakeven" | "time" | "not_filled" | null;
                            fill_price: number | null;
                            fill_session: string | null;
                            mae_r: number | null;
                            mfe_r: number | null;
                            null_draws: number | null;
                            null_filled: number | null;
                            null_r_net: number | null;
                            null_t1_rate: number | null;
                            /** Format: date */
                            outcome_session: string;
                            r_multiple: number | null;
                            r_net: number | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            recorded_at: string;
                            sessions_held: number | null;
                            status: "unfilled" | "stopped" | "t1" | "t2" | "expired";
                            t1_before_stop: boolean | null;
                        } | null;
                    };
                };
            };
        };
    };
    listCardOrders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A card id (crd_…) */
                card_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            broker_order_id: string | null;
                            broker_status: string | null;
                            card_id: string;
                            /** @description Ours, sent to the broker: it never accepts a second order with it */
                            client_order_id: string;
                            connection_id: string;
                            /** Format: date-time */
                            created_at: string;
                            error: string | null;
                            exit_price: number | null;
                            exit_reason: "take_profit" | "stop" | null;
                            filled_avg_price: number | null;
                            filled_qty: number;
                            group_id: string | null;
                            id: string;
                            /** @description The entry limit, inside the card’s entry zone */
                            limit_price: number;
                            origin: "api" | "automation";
                            qty: number;
                            /** @description Exit minus fill over fill minus stop (signed for the side), once closed */
                            realised_r: number | null;
                            /** @description qty × |limit − stop| in the account currency */
                            risk: number;
                            session: string;
                            side: "buy" | "sell";
                            /** @description `closed`: an exit leg (take-profit or stop) filled */
                            state: "submitting" | "open" | "partially_filled" | "filled" | "closed" | "canceled" | "expired" | "rejected";
                            stop_price: number;
                            take_profit_price: number;
                            ticker: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
        };
    };
    placeCardOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 visible ASCII characters */
                "idempotency-key"?: string;
            };
            path: {
                /** @description A card id (crd_…) */
                card_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The broker connection to place it through
                     * @example bkc_00000000000000000000
                     */
                    connection_id: string;
                    /**
                     * @description Whole shares
                     * @example 10
                     */
                    qty?: number;
                    /** @description Or: what to risk from the entry limit to the stop, in the account currency; sizes the order (e.g. 100) */
                    risk_amount?: number;
                    /**
                     * @description Which of the card's targets the take-profit leg rests at; `split`: two brackets sharing a `group_id`, half the shares (rounded up) taking profit at T1 and the rest at T2 — the answer is the T1 half, GET /cards/{card_id}/orders lists both
                     * @default t1
                     * @example t1
                     */
                    take_profit?: "t1" | "t2" | "split";
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        broker_order_id: string | null;
                        broker_status: string | null;
                        card_id: string;
                        /** @description Ours, sent to the broker: it never accepts a second order with it */
                        client_order_id: string;
                        connection_id: string;
                        /** Format: date-time */
                        created_at: string;
                        error: string | null;
                        exit_price: number | null;
                        exit_reason: "take_profit" | "stop" | null;
                        filled_avg_price: number | null;
                        filled_qty: number;
                        group_id: string | null;
                        id: string;
                        /** @description The entry limit, inside the card’s entry zone */
                        limit_price: number;
                        origin: "api" | "automation";
                        qty: number;
                        /** @description Exit minus fill over fill minus stop (signed for the side), once closed */
                        realised_r: number | null;
                        /** @description qty × |limit − stop| in the account currency */
                        risk: number;
                        session: string;
                        side: "buy" | "sell";
                        /** @description `closed`: an exit leg (take-profit or stop) filled */
                        state: "submitting" | "open" | "partially_filled" | "filled" | "closed" | "canceled" | "expired" | "rejected";
                        stop_price: number;
                        take_profit_price: number;
                        ticker: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        broker_order_id: string | null;
                        broker_status: string | null;
                        card_id: string;
                        /** @description Ours, sent to the broker: it never accepts a second order with it */
                        client_order_id: string;
                        connection_id: string;
                        /** Format: date-time */
                        created_at: string;
                        error: string | null;
                        exit_price: number | null;
                        exit_reason: "take_profit" | "stop" | null;
                        filled_avg_price: number | null;
                        filled_qty: number;
                        group_id: string | null;
                        id: string;
                        /** @description The entry limit, inside the card’s entry zone */
                        limit_price: number;
                        origin: "api" | "automation";
                        qty: number;
                        /** @description Exit minus fill over fill minus stop (signed for the side), once closed */
                        realised_r: number | null;
                        /** @description qty × |limit − stop| in the account currency */
                        risk: number;
                        session: string;
                        side: "buy" | "sell";
                        /** @description `closed`: an exit leg (take-profit or stop) filled */
                        state: "submitting" | "open" | "partially_filled" | "filled" | "closed" | "canceled" | "expired" | "rejected";
                        stop_price: number;
                        take_profit_price: number;
                        ticker: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getCardsLedger: {
        parameters: {
            query?: {
                /** @description Entries after this sequence number */
                after?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        entries: {
                            /** @description The publication, the card as published, or the outcome */
                            data: unknown;
                            hash: string;
                            kind: "publication" | "card" | "outcome";
                            prev_hash: string;
                            recorded_at: string;
                            /** @description The card id (card, outcome) or the session (publication) */
                            ref: string;
                            seq: number;
                            /** Format: date */
                            session: string;
                        }[];
                        /** @description The last entry when this page was read: a copy verified up to it is complete */
                        head: {
                            hash: string;
                            seq: number;
                        };
                        /** @description Pass as `after` for the next page; null once the page reaches the head */
                        next_after: number | null;
                    };
                };
            };
        };
    };
    getCardsPerformance: {
        parameters: {
            query?: {
                /** @description First session (inclusive); default 365 days before `to`. A range wholly outside the track record is a 422 `no_data` naming the sessions it covers */
                from?: string;
                /** @description The cards book's cap on gross exposure (default 1, no leverage): a card that would pass it is not taken */
                max_gross_exposure?: number;
                /** @description Tickers the momentum book holds (default 10) */
                momentum_top?: number;
                /** @description `published` (default): the track record, cards published before their session. `backfilled`: the simulated record of sessions published after the fact (a fresh demo's history, `bellwether publish --backfill`), kept apart: nobody could have acted on those cards */
                record?: "published" | "backfilled";
                /** @description The cards book's capital risked per card, a fraction of equity (default 0.01) */
                risk_per_card?: number;
                /** @description Last session (inclusive); default today */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        as_of: string;
                        /** @description The record's filled cards as a book (each risking `risk_per_card` of equity) beside equal weight of the publication universe bought and held (plain, and at the cards book's average exposure) and a 12-1 momentum top-N rebalanced monthly, on the record's sessions at the cards' costs (docs/signals/reference-books.md); null before the record starts */
                        books: {
                            cards: {
                                annual_return: number | null;
                                /** @description Mean gross exposure at the closes (1 = fully invested) */
                                average_exposure: number;
                                /** @description Equity at each close of `dates`, from 1 before the first */
                                equity: number[];
                                max_drawdown: number | null;
                                /** @description Filled cards not taken: no room under the gross exposure cap */
                                no_room: number;
                                sharpe: number | null;
                                total_return: number | null;
                                /** @description Filled cards traded */
                                trades: number;
                                volatility: number | null;
                            };
                            dates: string[];
                            equal_weight: {
                                annual_return: number | null;
                                /** @description Mean gross exposure at the closes (1 = fully invested) */
                                average_exposure: number;
                                /** @description Equity at each close of `dates`, from 1 before the first */
                                equity: number[];
                                max_drawdown: number | null;
                                sharpe: number | null;
                                total_return: number | null;
                                volatility: number | null;
                            };
                            equal_weight_at_cards_exposure: {
                                annual_return: number | null;
                                /** @description Mean gross exposure at the closes (1 = fully invested) */
                                average_exposure: number;
                                /** @description Equity at each close of `dates`, from 1 before the first */
                                equity: number[];
                                max_drawdown: number | null;
                                sharpe: number | null;
                                total_return: number | null;
                                volatility: number | null;
                            };
                            momentum: {
                                annual_return: number | null;
                                /** @description Mean gross exposure at the closes (1 = fully invested) */
                                average_exposure: number;
                                /** @description Equity at each close of `dates`, from 1 before the first */
                                equity: number[];
                                max_drawdown: number | null;
                                sharpe: number | null;
                                total_return: number | null;
                                volatility: number | null;
                            };
                            settings: {
                                cost_bps_per_side: number;
                                max_gross_exposure: number;
                                momentum: {
                                    lookback: number;
                                    skip: number;
                                    top: number;
                                };
                                risk_per_card: number;
                            };
                        } | null;
                        brier: {
                            base: number;
                            base_rate: number;
                            conviction: number;
                        } | null;
                        by_conviction: {
                            average_conviction: number | null;
                            average_r: number | null;
                            average_r_net: number | null;
                            cards: number;
                            filled: number;
                            key: string;
                            resolved: number;
                            stop_rate: number | null;
                            t1_hit_rate: number | null;
                            t2_hit_rate: number | null;
                        }[];
                        by_direction: {
                            average_conviction: number | null;
                            average_r: number | null;
                            average_r_net: number | null;
                            cards: number;
                            filled: number;
                            key: string;
                            resolved: number;
                            stop_rate: number | null;
                            t1_hit_rate: number | null;
                            t2_hit_rate: number | null;
                        }[];
                        by_setup: {
                            average_conviction: number | null;
                            average_r: number | null;
                            average_r_net: number | null;
                            cards: number;
                            filled: number;
                            key: string;
                            resolved: number;
                            stop_rate: number | null;
                            t1_hit_rate: number | null;
                            t2_hit_rate: number | null;
                        }[];
                        calibration: {
                            cards: number;
                            from: number;
                            predicted: number | null;
                            realised: number | null;
                            to: number;
                        }[];
                        /** @description The cards against the null model of matched random cards (docs/signals/edge.md) */
                        edge: {
                            by_conviction: {
                                average_r: number | null;
                                average_r_net: number | null;
                                cards: number;
                                /** @description The drift-adjusted net R less the cross-ticker copies' (each less its own ticker's drift) */
                                drift_adjusted_edge: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description Each card's net R less its ticker's own drift over the holding period, the drift from the 252 sessions before the card (recorded in the card at publication; estimated from the bars before the session for cards published before that) */
                                drift_adjusted_r_net: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                edge_p_holm: number | null;
                                edge_p_value: number | null;
                                edge_vs_null: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description Each card's net R less its same-ticker copies' mean: an interval above zero picks the moment */
                                edge_vs_same_ticker_null: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                filled: number;
                                key: string;
                                net_r: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                null_average_r_net: number | null;
                                null_t1_hit_rate: number | null;
                                same_ticker_null_average_r_net: number | null;
                                t1_hit_rate: number | null;
                            }[];
                            by_direction: {
                                average_r: number | null;
                                average_r_net: number | null;
                                cards: number;
                                /** @description The drift-adjusted net R less the cross-ticker copies' (each less its own ticker's drift) */
                                drift_adjusted_edge: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description Each card's net R less its ticker's own drift over the holding period, the drift from the 252 sessions before the card (recorded in the card at publication; estimated from the bars before the session for cards published before that) */
                                drift_adjusted_r_net: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                edge_p_holm: number | null;
                                edge_p_value: number | null;
                                edge_vs_null: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description Each card's net R less its same-ticker copies' mean: an interval above zero picks the moment */
                                edge_vs_same_ticker_null: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                filled: number;
                                key: string;
                                net_r: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                null_average_r_net: number | null;
                                null_t1_hit_rate: number | null;
                                same_ticker_null_average_r_net: number | null;
                                t1_hit_rate: number | null;
                            }[];
                            by_setup: {
                                average_r: number | null;
                                average_r_net: number | null;
                                cards: number;
                                /** @description The drift-adjusted net R less the cross-ticker copies' (each less its own ticker's drift) */
                                drift_adjusted_edge: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description Each card's net R less its ticker's own drift over the holding period, the drift from the 252 sessions before the card (recorded in the card at publication; estimated from the bars before the session for cards published before that) */
                                drift_adjusted_r_net: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description 'timing' when the drift-adjusted edge's interval is above zero, 'selection' when only the raw edge's is, 'none' otherwise; null when the drift-adjusted edge was not measured */
                                edge_kind: "timing" | "selection" | "none" | null;
                                edge_p_holm: number | null;
                                edge_p_value: number | null;
                                edge_vs_null: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description Each card's net R less its same-ticker copies' mean: an interval above zero picks the moment */
                                edge_vs_same_ticker_null: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                filled: number;
                                key: string;
                                net_r: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                null_average_r_net: number | null;
                                null_t1_hit_rate: number | null;
                                same_ticker_null_average_r_net: number | null;
                                t1_hit_rate: number | null;
                            }[];
                            /** @description Groups whose edge was tested, the count the Holm adjustment corrects for */
                            groups_tested: number;
                            overall: {
                                average_r: number | null;
                                average_r_net: number | null;
                                cards: number;
                                /** @description The drift-adjusted net R less the cross-ticker copies' (each less its own ticker's drift) */
                                drift_adjusted_edge: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description Each card's net R less its ticker's own drift over the holding period, the drift from the 252 sessions before the card (recorded in the card at publication; estimated from the bars before the session for cards published before that) */
                                drift_adjusted_r_net: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description 'timing' when the drift-adjusted edge's interval is above zero, 'selection' when only the raw edge's is, 'none' otherwise; null when the drift-adjusted edge was not measured */
                                edge_kind: "timing" | "selection" | "none" | null;
                                edge_p_value: number | null;
                                edge_vs_null: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                /** @description Each card's net R less its same-ticker copies' mean: an interval above zero picks the moment */
                                edge_vs_same_ticker_null: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                filled: number;
                                key: string;
                                net_r: {
                                    blocks: number;
                                    high: number;
                                    low: number;
                                    mean: number;
                                    n: number;
                                } | null;
                                null_average_r_net: number | null;
                                null_t1_hit_rate: number | null;
                                same_ticker_null_average_r_net: number | null;
                                t1_hit_rate: number | null;
                            };
                        };
                        /** @description Published expected R against realised net R, per band of the prediction */
                        expected_r_reliability: {
                            cards: number;
                            from: number | null;
                            predicted: number | null;
                            realised: number | null;
                            to: number | null;
                        }[];
                        /** Format: date */
                        from: string;
                        /** @description Cards of backfilled sessions in the window: in the ledger, not in these figures */
                        late_cards_excluded: number;
                        /** @description Why the figures are empty (null) when they are: no session published on time yet, none in the window, or no outcome recorded yet; for the backfilled record, that it is simulated */
                        note: string | null;
                        overall: {
                            average_conviction: number | null;
                            average_r: number | null;
                            average_r_net: number | null;
                            cards: number;
                            filled: number;
                            key: string;
                            resolved: number;
                            stop_rate: number | null;
                            t1_hit_rate: number | null;
                            t2_hit_rate: number | null;
                        };
                        /** @description Which record these figures are: the track record (`published`) or the simulated one (`backfilled`) */
                        record: "published" | "backfilled";
                        /** @description The first session published on time: the track record starts there (null before one) */
                        record_starts: string | null;
                        /** Format: date */
                        to: string;
                        /** @description The universe the record's cards and its books were drawn from, counted on the books' first session (the window's `from` when there are no books). Which universe the figure used (ADR 0088). `point_in_time`: stored S&P-style membership intervals; `members_on_day` counts the members on the day the figure is for, how many of them had data there, and the tickers used that have no intervals (members always); `survivorship` says in words what remains (members without any stored prices are not in the figure). `static`: a fixed list of `tickers`, from `source`, whatever the day — the survivorship of that list is not measured */
                        universe: {
                            /** @enum {string} */
                            kind: "point_in_time" | "static";
                            members_on_day?: {
                                /**
                                 * Format: date
                                 * @description The day counted
                                 */
                                date: string;
                                /** @description Tickers whose membership intervals hold the day */
                                members: number;
                                /** @description Of those, the ones with data on the day */
                                with_data: number;
                                /** @description Tickers used that have no membership intervals: counted as members on every day */
                                without_intervals: number;
                            };
                            /** @description point_in_time: the membership file imported (null when unknown); static: where the list came from (`every active instrument`, `BELLWETHER_CARDS_UNIVERSE`, `tickers`) */
                            source: string | null;
                            /** @description The survivorship that remains, in words */
                            survivorship?: string;
                            /** @description static: tickers in the list */
                            tickers?: number;
                        };
                    };
                };
            };
        };
    };
    listCorporateActions: {
        parameters: {
            query?: {
                /** @description The next_cursor of the previous page */
                cursor?: string;
                /** @description First ex-date (inclusive), YYYY-MM-DD */
                from?: string;
                /** @description Only splits, or only cash dividends */
                kind?: "split" | "dividend";
                /** @description Actions per page (at most 10,000) */
                limit?: number;
                /** @description Only this ticker (or use `tickers`), e.g. VZN on the demo */
                ticker?: string;
                /** @description Only these tickers, comma-separated, at most 100 */
                tickers?: string;
                /** @description Last ex-date (inclusive), YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "parameters": {
                     *         "tickers": [
                     *           "DRMB"
                     *         ],
                     *         "kind": null,
                     *         "from": null,
                     *         "to": null,
                     *         "limit": 1000
                     *       },
                     *       "count": 1,
                     *       "has_more": false,
                     *       "next_cursor": null,
                     *       "data": [
                     *         {
                     *           "ticker": "DRMB",
                     *           "ex_date": "2021-11-26",
                     *           "kind": "dividend",
                     *           "value": 0.49,
                     *           "currency": "USD",
                     *           "source": "synthetic"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        as_of: string;
                        count: number;
                        data: {
                            /** @description A dividend's currency (the instrument's) */
                            currency: string | null;
                            ex_date: string;
                            /** @enum {string} */
                            kind: "split" | "dividend";
                            /** @description Where the action came from (synthetic, csv:…) */
                            source: string;
                            ticker: string;
                            /** @description split: new shares per old; dividend: cash per share */
                            value: number;
                        }[];
                        has_more: boolean;
                        next_cursor: string | null;
                        parameters: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Resume after this sequence number (Last-Event-ID wins) */
                since?: number;
                /** @description Comma-separated event types to receive (default: all): cards.published, card.outcome, analysis.succeeded, analysis.failed, backtest.succeeded, backtest.failed, key.rotated, key.revoked, quota.warning, data.stale, data.fresh, webhook.endpoint_disabled, screen.entered, screen.left, order.filled, order.closed, order.canceled */
                types?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
        };
    };
    getFundamentals: {
        parameters: {
            query: {
                /** @description Figures known at the end of this date (YYYY-MM-DD): filed on or before it; default and latest: the service’s as_of */
                as_of?: string;
                /** @description The latest periods to return */
                limit?: number;
                /** @description Fiscal quarters, fiscal years, or trailing twelve months at each quarter */
                period?: "quarter" | "annual" | "ttm";
                /**
                 * @description The company, by its exchange ticker (SEC’s ticker table), e.g. TSLA
                 * @example TSLA
                 */
                ticker: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "known_at": "2018-11-30",
                     *       "ticker": "TSLA",
                     *       "period": "quarter",
                     *       "source": "sec-edgar",
                     *       "count": 1,
                     *       "data": [
                     *         {
                     *           "fiscal_year": 2018,
                     *           "fiscal_period": "Q3",
                     *           "start": "2018-07-01",
                     *           "end": "2018-09-30",
                     *           "values": {
                     *             "revenue": {
                     *               "value": 6824413000,
                     *               "concept": "us-gaap:Revenues",
                     *               "filed": "2018-11-02",
                     *               "form": "10-Q",
                     *               "accession": "0001564590-18-026353",
                     *               "derived": null,
                     *               "accessions": [
                     *                 "0001564590-18-026353"
                     *               ]
                     *             }
                     *           },
                     *           "ratios": {
                     *             "gross_margin": null,
                     *             "operating_margin": null,
                     *             "net_margin": null,
                     *             "return_on_equity": null,
                     *             "free_cash_flow": null
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        as_of: string;
                        count: number;
                        data: {
                            /** @description Last day of the period */
                            end: string;
                            /** @enum {string} */
                            fiscal_period: "Q1" | "Q2" | "Q3" | "Q4" | "FY" | "TTM";
                            fiscal_year: number;
                            ratios: {
                                free_cash_flow: number | null;
                                gross_margin: number | null;
                                net_margin: number | null;
                                operating_margin: number | null;
                                return_on_equity: number | null;
                            };
                            /** @description First day of the period (null when only balances are known) */
                            start: string | null;
                            /** @description The standard items known, each with its provenance; an item absent was not reported (or cannot be derived) */
                            values: {
                                capex?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                cash?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                eps_diluted?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                equity?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                gross_profit?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                net_income?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                operating_cash_flow?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                operating_income?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                revenue?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                shares_diluted?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                shares_outstanding?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                total_assets?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                                total_liabilities?: {
                                    /** @description That filing’s accession number */
                                    accession: string;
                                    /** @description The filings it comes from */
                                    accessions: string[];
                                    /** @description The XBRL concept it was read from, e.g. us-gaap:Revenues */
                                    concept: string;
                                    /**
                                     * @description null when a filing reported it; else how it was computed from the filings in `accessions`
                                     * @enum {string|null}
                                     */
                                    derived: "ytd_difference" | "year_less_quarters" | "sum_of_quarters" | null;
                                    /** @description The filing date it is known from (for a derived figure, its last input’s) */
                                    filed: string;
                                    /** @description That filing’s form (10-Q, 10-K, 10-K/A…) */
                                    form: string;
                                    value: number;
                                };
                            };
                        }[];
                        /** @description The date the figures are cut at (filed on or before it) */
                        known_at: string;
                        /** @enum {string} */
                        period: "quarter" | "annual" | "ttm";
                        /** @description Where the facts came from (sec-edgar) */
                        source: string;
                        ticker: string;
                    };
                };
            };
        };
    };
    getInstitutionalFeed: {
        parameters: {
            query: {
                /** @description Point in time: only versions recorded at or before this instant (ISO-8601 with Z or an offset, or a date meaning its end in UTC; default now) */
                as_of?: string;
                /** @description The next_cursor of the previous JSON page */
                cursor?: string;
                /**
                 * @description cards: published cards, again with their outcome once known; signals: daily per-ticker factor snapshots; analytics: daily per-ticker one-year risk and liquidity snapshots (signals and analytics records state the `universe` their session drew from)
                 * @example signals
                 */
                dataset: "cards" | "signals" | "analytics";
                /** @description Instead of Accept: json, ndjson (application/x-ndjson) or csv (text/csv) */
                format?: "json" | "ndjson" | "csv";
                /** @description First session (inclusive), YYYY-MM-DD. A full read (no since, no cursor) of a range outside every stored session is a 422 `no_data` naming the sessions the dataset covers */
                from?: string;
                /** @description JSON: rows per page (default 1000, at most 10000); NDJSON/CSV: rows streamed (default all) */
                limit?: number;
                /** @description Incremental sync: only versions after this seq (the last seq you stored, or a previous sync_token). Versions are numbered in commit order, so nothing committed later can appear below it */
                since?: number;
                /** @description Only these tickers (comma-separated, at most 100; e.g. VZN,PLST on the synthetic demo) */
                tickers?: string;
                /** @description Last session (inclusive), YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON page, or an NDJSON/CSV stream (one version per line, in seq order) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "dataset": "signals",
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "since": 0,
                     *       "sync_token": 1520,
                     *       "has_more": true,
                     *       "next_cursor": "eyJhIjoxMDAwLCJ0IjoxNTIwfQ",
                     *       "count": 1,
                     *       "data": [
                     *         {
                     *           "seq": 1,
                     *           "key": "2026-11-24:VZN",
                     *           "session": "2026-11-24",
                     *           "ticker": "VZN",
                     *           "recorded_at": "2026-11-24T13:30:00Z",
                     *           "record": {
                     *             "session": "2026-11-24",
                     *             "ticker": "VZN",
                     *             "data_through": "2026-11-21",
                     *             "trend": {
                     *               "regime": "uptrend"
                     *             },
                     *             "universe": {
                     *               "kind": "static",
                     *               "tickers": 12,
                     *               "source": "every active instrument"
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        as_of: string;
                        count: number;
                        data: {
                            key: string;
                            record: {
                                /** @description signals and analytics: the universe the session's publication drew from, members counted on the session (those scanned with data through the previous close). Which universe the figure used (ADR 0088). `point_in_time`: stored S&P-style membership intervals; `members_on_day` counts the members on the day the figure is for, how many of them had data there, and the tickers used that have no intervals (members always); `survivorship` says in words what remains (members without any stored prices are not in the figure). `static`: a fixed list of `tickers`, from `source`, whatever the day — the survivorship of that list is not measured. Absent from versions recorded before it was stated */
                                universe?: {
                                    /** @enum {string} */
                                    kind: "point_in_time" | "static";
                                    members_on_day?: {
                                        /**
                                         * Format: date
                                         * @description The day counted
                                         */
                                        date: string;
                                        /** @description Tickers whose membership intervals hold the day */
                                        members: number;
                                        /** @description Of those, the ones with data on the day */
                                        with_data: number;
                                        /** @description Tickers used that have no membership intervals: counted as members on every day */
                                        without_intervals: number;
                                    };
                                    /** @description point_in_time: the membership file imported (null when unknown); static: where the list came from (`every active instrument`, `BELLWETHER_CARDS_UNIVERSE`, `tickers`) */
                                    source: string | null;
                                    /** @description The survivorship that remains, in words */
                                    survivorship?: string;
                                    /** @description static: tickers in the list */
                                    tickers?: number;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            recorded_at: string;
                            seq: number;
                            session: string;
                            ticker: string;
                        }[];
                        dataset: string;
                        has_more: boolean;
                        next_cursor: string | null;
                        since: number;
                        /** @description Pass as since= next time, once every page is read */
                        sync_token: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listInstruments: {
        parameters: {
            query?: {
                /** @description true: listed and followed; false: delisted or no longer followed; all (default): both */
                active?: "all" | "true" | "false";
                /** @description Only this asset class: equity, etf, index, crypto… */
                asset_class?: string;
                /** @description The next_cursor of the previous page */
                cursor?: string;
                /** @description Only this listing venue (ISO 10383 MIC, any case), e.g. XNYS */
                exchange?: string;
                /** @description Only this industry (the whole label, any case), as the reference provider names it, e.g. Pharmaceutical Preparations */
                industry?: string;
                /** @description Instruments per page (at most 1000) */
                limit?: number;
                /**
                 * @description Search by ticker or name, best match first: the ticker itself (`.`, `-`, `/` alike), tickers starting with it, names starting with it, names with a word starting with each word of it, then (from 3 characters) tickers and names containing it; active before inactive, then by ticker. Each result says how it matched in `match`
                 * @example voz
                 */
                q?: string;
                /** @description Only this sector (any case), e.g. Health Care */
                sector?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "parameters": {
                     *         "q": "voz",
                     *         "sector": null,
                     *         "industry": null,
                     *         "asset_class": null,
                     *         "exchange": null,
                     *         "active": "all",
                     *         "limit": 50
                     *       },
                     *       "total": 1,
                     *       "count": 1,
                     *       "has_more": false,
                     *       "next_cursor": null,
                     *       "data": [
                     *         {
                     *           "ticker": "VZN",
                     *           "name": "Vozane Networks",
                     *           "asset_class": "equity",
                     *           "exchange": "XNYS",
                     *           "currency": "USD",
                     *           "sector": "technology",
                     *           "industry": null,
                     *           "calendar": "XNYS",
                     *           "active": true,
                     *           "delisted_on": null,
                     *           "first_bar": "2021-11-24",
                     *           "last_bar": "2026-11-24",
                     *           "known_through": "2026-11-24",
                     *           "stale": false,
                     *           "stale_reason": null,
                     *           "source": "synthetic",
                     *           "price_basis": "raw",
                     *           "match": "name_prefix"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        as_of: string;
                        count: number;
                        data: {
                            /** @description Still listed and followed (false: delisted or no longer synced) */
                            active: boolean;
                            /** @description equity, etf, index, crypto… */
                            asset_class: string;
                            /** @description Exchange calendar deciding when a daily bar becomes known (XNYS, 24x7) */
                            calendar: string;
                            currency: string;
                            /** @description YYYY-MM-DD the listing ended, when a provider said (null: still listed, or the date is unknown) */
                            delisted_on: string | null;
                            /** @description ISO 10383 MIC of the listing (null: none, e.g. crypto) */
                            exchange: string | null;
                            /** @description Date of its first daily bar known at as_of */
                            first_bar: string | null;
                            /** @description The reference provider's industry label (an SIC description from SEC EDGAR or Polygon), when known */
                            industry: string | null;
                            /** @description The last session of its calendar closed at as_of */
                            known_through: string;
                            /** @description Date of its last daily bar known at as_of */
                            last_bar: string | null;
                            /**
                             * @description With q: how the instrument matched it (best first in this order)
                             * @enum {string}
                             */
                            match?: "ticker" | "ticker_prefix" | "name_prefix" | "name_words" | "contains";
                            name: string;
                            /**
                             * @description raw: prices stored raw with corporate actions beside them (adjusted on read); split_div: stored as the provider adjusted them
                             * @enum {string}
                             */
                            price_basis: "raw" | "split_div";
                            /** @description GICS-style sector, when known */
                            sector: string | null;
                            /** @description Where its last bar came from (synthetic, csv:…, tiingo…) */
                            source: string;
                            /** @description Active and its last bar is before known_through: the last session has not arrived yet */
                            stale: boolean;
                            /**
                             * @description Why it is stale (null: it is not): `provider_late` the provider's bars stop before the last session: it has not published that session yet; `no_data` the providers answered without a bar for the session (not traded, halted, or not yet out); `unknown_symbol` the providers do not know this ticker (renamed, delisted or mistyped); `provider_error` the providers failed to answer usably; the sync tries again; `sync_pending` the sync has not reached this ticker yet (provider budget or availability); it tries again; `awaiting_sync` the session closed and no sync has brought or reported this ticker's bars yet
                             * @enum {string|null}
                             */
                            stale_reason: "provider_late" | "no_data" | "unknown_symbol" | "provider_error" | "sync_pending" | "awaiting_sync" | null;
                            ticker: string;
                        }[];
                        has_more: boolean;
                        next_cursor: string | null;
                        /** @description When nothing matches: why, in words (the search and filters against how many instruments this server holds), with the suggestion */
                        note?: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        /** @description When a search matches nothing: the ticker of the instrument it most likely meant (by name or ticker), if one is close */
                        suggestion?: string;
                        /** @description Instruments matching the request, over all pages */
                        total: number;
                    };
                };
            };
        };
    };
    getInstrument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A ticker; the example is a ticker of the synthetic demo market
                 * @example VZN
                 */
                ticker: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        as_of: string;
                        data: {
                            /** @description Still listed and followed (false: delisted or no longer synced) */
                            active: boolean;
                            /** @description equity, etf, index, crypto… */
                            asset_class: string;
                            /** @description Daily bars known at as_of */
                            bar_count: number;
                            /** @description Exchange calendar deciding when a daily bar becomes known (XNYS, 24x7) */
                            calendar: string;
                            currency: string;
                            /** @description What reads of the ticker flag in its data known at as_of (docs/adr/0080): `error` — a bar without a usable price, or a corporate action whose value cannot be read and is left unapplied; the ticker is then left out of universe-wide answers by name and a request for it answers 422 `data_issue` — and `warning` — an action day whose prices do not fit the action as recorded (a reverse split missing from the data, a spin-off written as a dividend or a split); served as recorded. Empty when nothing is flagged. */
                            data_issues: {
                                /** @description The bar’s date or the action’s ex-date */
                                date: string;
                                message: string;
                                /** @enum {string} */
                                severity: "error" | "warning";
                                /** @enum {string} */
                                subject: "bar" | "split" | "dividend";
                                /** @description The action’s value as stored (splits and dividends) */
                                value?: number;
                            }[];
                            /** @description YYYY-MM-DD the listing ended, when a provider said (null: still listed, or the date is unknown) */
                            delisted_on: string | null;
                            /** @description Cash dividends with an ex-date known at as_of */
                            dividend_count: number;
                            /** @description ISO 10383 MIC of the listing (null: none, e.g. crypto) */
                            exchange: string | null;
                            /** @description Date of its first daily bar known at as_of */
                            first_bar: string | null;
                            /** @description The reference provider's industry label (an SIC description from SEC EDGAR or Polygon), when known */
                            industry: string | null;
                            /** @description The last session of its calendar closed at as_of */
                            known_through: string;
                            /** @description Date of its last daily bar known at as_of */
                            last_bar: string | null;
                            name: string;
                            /**
                             * @description raw: prices stored raw with corporate actions beside them (adjusted on read); split_div: stored as the provider adjusted them
                             * @enum {string}
                             */
                            price_basis: "raw" | "split_div";
                            /** @description GICS-style sector, when known */
                            sector: string | null;
                            /** @description Where its last bar came from (synthetic, csv:…, tiingo…) */
                            source: string;
                            /** @description Splits with an ex-date known at as_of */
                            split_count: number;
                            /** @description Active and its last bar is before known_through: the last session has not arrived yet */
                            stale: boolean;
                            /**
                             * @description Why it is stale (null: it is not): `provider_late` the provider's bars stop before the last session: it has not published that session yet; `no_data` the providers answered without a bar for the session (not traded, halted, or not yet out); `unknown_symbol` the providers do not know this ticker (renamed, delisted or mistyped); `provider_error` the providers failed to answer usably; the sync tries again; `sync_pending` the sync has not reached this ticker yet (provider budget or availability); it tries again; `awaiting_sync` the session closed and no sync has brought or reported this ticker's bars yet
                             * @enum {string|null}
                             */
                            stale_reason: "provider_late" | "no_data" | "unknown_symbol" | "provider_error" | "sync_pending" | "awaiting_sync" | null;
                            ticker: string;
                        };
                    };
                };
            };
        };
    };
    listNews: {
        parameters: {
            query?: {
                /** @description The next_cursor of the previous page */
                cursor?: string;
                /** @description Published on or after this day (UTC), YYYY-MM-DD */
                from?: string;
                /** @description Items per page (at most 500), each scored */
                limit?: number;
                /** @description Only news about this ticker (or use `tickers`), e.g. VZN on the demo */
                ticker?: string;
                /** @description Only news about any of these tickers, comma-separated, at most 100 */
                tickers?: string;
                /** @description Published on or before this day (UTC), YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "model": {
                     *         "version": "bw-sentiment-1.184e6322.20000.l4",
                     *         "method": "finance lexicon … + logistic regression"
                     *       },
                     *       "parameters": {
                     *         "tickers": [
                     *           "VZN"
                     *         ],
                     *         "from": null,
                     *         "to": null,
                     *         "limit": 50
                     *       },
                     *       "count": 1,
                     *       "has_more": false,
                     *       "next_cursor": null,
                     *       "data": [
                     *         {
                     *           "id": "n_1",
                     *           "published_at": "2026-11-24T14:02:00Z",
                     *           "source": "Newswire",
                     *           "headline": "Vozane Networks beats estimates",
                     *           "summary": null,
                     *           "url": null,
                     *           "tickers": [
                     *             "VZN"
                     *           ],
                     *           "sentiment": {
                     *             "label": "bullish",
                     *             "score": 0.82,
                     *             "confidence": 0.86,
                     *             "model_version": "bw-sentiment-1.184e6322.20000.l4"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        as_of: string;
                        count: number;
                        data: {
                            headline: string;
                            id: string;
                            published_at: string;
                            sentiment: {
                                confidence: number;
                                /** @enum {string} */
                                label: "bearish" | "neutral" | "bullish";
                                model_version: string;
                                /** @description P(bullish) − P(bearish), in [−1, 1] */
                                score: number;
                            };
                            /** @description The publisher */
                            source: string;
                            summary: string | null;
                            tickers: string[];
                            url: string | null;
                        }[];
                        has_more: boolean;
                        model: {
                            [key: string]: unknown;
                        };
                        next_cursor: string | null;
                        parameters: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        broker_order_id: string | null;
                        broker_status: string | null;
                        card_id: string;
                        /** @description Ours, sent to the broker: it never accepts a second order with it */
                        client_order_id: string;
                        connection_id: string;
                        /** Format: date-time */
                        created_at: string;
                        error: string | null;
                        exit_price: number | null;
                        exit_reason: "take_profit" | "stop" | null;
                        filled_avg_price: number | null;
                        filled_qty: number;
                        group_id: string | null;
                        id: string;
                        /** @description The entry limit, inside the card’s entry zone */
                        limit_price: number;
                        origin: "api" | "automation";
                        qty: number;
                        /** @description Exit minus fill over fill minus stop (signed for the side), once closed */
                        realised_r: number | null;
                        /** @description qty × |limit − stop| in the account currency */
                        risk: number;
                        session: string;
                        side: "buy" | "sell";
                        /** @description `closed`: an exit leg (take-profit or stop) filled */
                        state: "submitting" | "open" | "partially_filled" | "filled" | "closed" | "canceled" | "expired" | "rejected";
                        stop_price: number;
                        take_profit_price: number;
                        ticker: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        broker_order_id: string | null;
                        broker_status: string | null;
                        card_id: string;
                        /** @description Ours, sent to the broker: it never accepts a second order with it */
                        client_order_id: string;
                        connection_id: string;
                        /** Format: date-time */
                        created_at: string;
                        error: string | null;
                        exit_price: number | null;
                        exit_reason: "take_profit" | "stop" | null;
                        filled_avg_price: number | null;
                        filled_qty: number;
                        group_id: string | null;
                        id: string;
                        /** @description The entry limit, inside the card’s entry zone */
                        limit_price: number;
                        origin: "api" | "automation";
                        qty: number;
                        /** @description Exit minus fill over fill minus stop (signed for the side), once closed */
                        realised_r: number | null;
                        /** @description qty × |limit − stop| in the account currency */
                        risk: number;
                        session: string;
                        side: "buy" | "sell";
                        /** @description `closed`: an exit leg (take-profit or stop) filled */
                        state: "submitting" | "open" | "partially_filled" | "filled" | "closed" | "canceled" | "expired" | "rejected";
                        stop_price: number;
                        take_profit_price: number;
                        ticker: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    listQuotes: {
        parameters: {
            query: {
                /**
                 * @description Comma-separated tickers, at most 100; the example is a ticker of the synthetic demo market
                 * @example VZN
                 */
                tickers: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-12-07T15:30:00.000Z",
                     *       "realtime": false,
                     *       "delay_minutes": 15,
                     *       "stream": {
                     *         "source": "alpaca-iex",
                     *         "state": "streaming"
                     *       },
                     *       "data": [
                     *         {
                     *           "ticker": "AAPL",
                     *           "source": "alpaca-iex",
                     *           "trade": {
                     *             "price": 191.42,
                     *             "size": 100,
                     *             "at": "2026-12-07T15:14:59.871Z",
                     *             "age_ms": 900129
                     *           },
                     *           "quote": {
                     *             "bid": 191.41,
                     *             "bid_size": 3,
                     *             "ask": 191.43,
                     *             "ask_size": 2,
                     *             "at": "2026-12-07T15:14:59.902Z",
                     *             "age_ms": 900098
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        as_of: string;
                        data: {
                            quote: {
                                /** @description Milliseconds between `at` and as_of (negative if the provider’s clock runs ahead) */
                                age_ms: number;
                                ask: number;
                                ask_size: number;
                                /** @description When it happened (the provider’s timestamp), ISO 8601 UTC with milliseconds */
                                at: string;
                                bid: number;
                                bid_size: number;
                            } | null;
                            source: string | null;
                            ticker: string;
                            trade: {
                                /** @description Milliseconds between `at` and as_of (negative if the provider’s clock runs ahead) */
                                age_ms: number;
                                /** @description When it happened (the provider’s timestamp), ISO 8601 UTC with milliseconds */
                                at: string;
                                price: number;
                                size: number;
                            } | null;
                        }[];
                        delay_minutes: number;
                        /** @description False: every value is as of delay_minutes before as_of */
                        realtime: boolean;
                        stream: {
                            source: string;
                            /** @enum {string} */
                            state: "idle" | "connecting" | "authenticating" | "streaming" | "waiting" | "closed";
                        } | null;
                    };
                };
            };
        };
    };
    runScreener: {
        parameters: {
            query: {
                /** @description Price adjustment computed from stored corporate actions */
                adjust?: "raw" | "split" | "split_div";
                /** @description Only this asset class: equity, etf, index, crypto… */
                asset_class?: string;
                /** @description The session screened, YYYY-MM-DD (a past one: a point-in-time screen). Default: each instrument's last closed session. Only bars through it are read, with prices adjusted as known at as_of */
                date?: string;
                /** @description Only this listing venue (ISO 10383 MIC, any case), e.g. XNYS */
                exchange?: string;
                /** @description Matches returned (at most 500); `matched` counts them all */
                limit?: number;
                /** @description Only this sector (any case), e.g. Health Care */
                sector?: string;
                /**
                 * @description Order of the matches: a value expression, ascending, or descending with a leading `-` (`-roc(20)`); matches without a sort value come last. Default: by ticker
                 * @example -roc(20)
                 */
                sort?: string;
                /** @description Screen only these tickers (comma-separated, at most 1000; sector, asset_class and exchange then do not apply); default: every active instrument */
                tickers?: string;
                /**
                 * @description The condition: comparisons (`<` `<=` `>` `>=` `=` `!=`) of indicators from the catalogue (`rsi(14)`, `macd(12,26,9).signal`, `bbands(20,2,2).upper`), bar fields (`open` `high` `low` `close` `volume`), `avg_volume(n)`, `avg_dollar_volume(n)` and numbers (`1e7`), with `+ - * /`; `a crosses_above b` / `crosses_below` (a ≤ b at the session before, a > b at this one); `x between a and b` (both inclusive); joined by `and`, `or`, `not` and parentheses. At most 1000 characters, 10 distinct indicator computations and a lookback of 2520 bars. Errors point at the offending text (offset, length, token) and suggest a known name.
                 * @example avg_dollar_volume(20) > 1e6 and close > 0
                 */
                where: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "as_of": "2026-11-25T12:00:00Z",
                     *       "parameters": {
                     *         "where": "avg_dollar_volume(20) > 1e6 and close > 0",
                     *         "sort": "-roc(20)",
                     *         "limit": 1,
                     *         "date": null,
                     *         "adjust": "split_div",
                     *         "tickers": null,
                     *         "sector": null,
                     *         "asset_class": null,
                     *         "exchange": null
                     *       },
                     *       "columns": [
                     *         "avg_dollar_volume(20)",
                     *         "close",
                     *         "roc(20)"
                     *       ],
                     *       "sort_label": "roc(20)",
                     *       "universe": 12,
                     *       "universe_statement": {
                     *         "kind": "static",
                     *         "tickers": 12,
                     *         "source": "every active instrument"
                     *       },
                     *       "evaluated": 12,
                     *       "matched": 12,
                     *       "count": 1,
                     *       "left_out": {
                     *         "no_data": {
                     *           "count": 0,
                     *           "tickers": []
                     *         },
                     *         "stale": {
                     *           "count": 0,
                     *           "tickers": []
                     *         },
                     *         "no_bar": {
                     *           "count": 0,
                     *           "tickers": []
                     *         },
                     *         "undecided": {
                     *           "count": 0,
                     *           "tickers": []
                     *         },
                     *         "data_issue": {
                     *           "count": 0,
                     *           "tickers": [],
                     *           "reasons": []
                     *         }
                     *       },
                     *       "data": [
                     *         {
                     *           "ticker": "VZN",
                     *           "name": "Vozane Networks",
                     *           "date": "2026-11-24",
                     *           "sort_value": 4.21,
                     *           "values": {
                     *             "avg_dollar_volume(20)": 48210553.7,
                     *             "close": 101.5,
                     *             "roc(20)": 4.21
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        as_of: string;
                        /** @description Every value the screen reads, as labelled in each match: indicators with all their parameters (`rsi(14)`, `macd(12,26,9).signal`) and bar fields */
                        columns: string[];
                        count: number;
                        data: {
                            /** @description The session screened: values are at its close */
                            date: string;
                            name: string;
                            /** @description With a cross: the values it reads at the session before */
                            previous?: {
                                [key: string]: number | null;
                            };
                            sort_value: number | null;
                            ticker: string;
                            /** @description Each of `columns` at the close of `date` */
                            values: {
                                [key: string]: number | null;
                            };
                        }[];
                        /** @description Instruments with a bar on the session screened */
                        evaluated: number;
                        /** @description Instruments not in the answer for a reason other than failing the condition: `no_data` (no bar known at as_of), `stale` (data stop before the session screened: not screened on older data), `no_bar` (no bar on the requested `date`), `undecided` (a value the condition reads is missing at that bar, e.g. too little history for sma(200): neither a match nor a miss), `data_issue` (the ticker’s stored data cannot be served — a bar without a usable price, a corporate action whose value cannot be read — each named with the reason; GET /instruments/{ticker} lists its `data_issues`) */
                        left_out: {
                            data_issue?: {
                                count: number;
                                /** @description What is wrong with each named ticker’s data, and where (date, bar or action) */
                                reasons: {
                                    reason: string;
                                    ticker: string;
                                }[];
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                            no_bar?: {
                                count: number;
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                            no_data?: {
                                count: number;
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                            stale?: {
                                count: number;
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                            undecided?: {
                                count: number;
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                        };
                        /** @description Matches before `limit` */
                        matched: number;
                        parameters: {
                            adjust?: string;
                            asset_class?: string | null;
                            date?: string | null;
                            exchange?: string | null;
                            limit?: number;
                            sector?: string | null;
                            sort?: string | null;
                            tickers?: string[] | null;
                            where?: string;
                        };
                        /** @description What `sort_value` is */
                        sort_label: string | null;
                        /** @description Instruments the screen ran over */
                        universe: number;
                        /** @description Which universe the figure used (ADR 0088). `point_in_time`: stored S&P-style membership intervals; `members_on_day` counts the members on the day the figure is for, how many of them had data there, and the tickers used that have no intervals (members always); `survivorship` says in words what remains (members without any stored prices are not in the figure). `static`: a fixed list of `tickers`, from `source`, whatever the day — the survivorship of that list is not measured. For a screen: named `tickers` are a static list (screened as asked); otherwise the members on `date` (today when none is given) of those the filters admit, `with_data` counting the ones screened on a bar of that session */
                        universe_statement: {
                            /** @enum {string} */
                            kind: "point_in_time" | "static";
                            members_on_day?: {
                                /**
                                 * Format: date
                                 * @description The day counted
                                 */
                                date: string;
                                /** @description Tickers whose membership intervals hold the day */
                                members: number;
                                /** @description Of those, the ones with data on the day */
                                with_data: number;
                                /** @description Tickers used that have no membership intervals: counted as members on every day */
                                without_intervals: number;
                            };
                            /** @description point_in_time: the membership file imported (null when unknown); static: where the list came from (`every active instrument`, `BELLWETHER_CARDS_UNIVERSE`, `tickers`) */
                            source: string | null;
                            /** @description The survivorship that remains, in words */
                            survivorship?: string;
                            /** @description static: tickers in the list */
                            tickers?: number;
                        };
                    };
                };
            };
        };
    };
    listScreens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /**
                             * @default split_div
                             * @enum {string}
                             */
                            adjust: "raw" | "split" | "split_div";
                            /** @example null */
                            asset_class?: string | null;
                            created_at?: string;
                            /** @example null */
                            exchange?: string | null;
                            id: string;
                            /**
                             * @description How many matches a run (`/results`) returns when it names no `limit`, as /screener takes it; null or absent: 50. The members kept after each session close are every match, whatever the limit
                             * @example null
                             */
                            limit?: number | null;
                            /** @description The tickers that matched at members_session’s close (alphabetical), as the evaluation after each session close found them; null until the first */
                            members: string[] | null;
                            members_session: string | null;
                            /** @example Liquid names */
                            name: string;
                            /** @example null */
                            sector?: string | null;
                            /**
                             * @description As /screener takes it
                             * @example -roc(20)
                             */
                            sort: string | null;
                            /**
                             * @description Screen only these tickers (the filters then do not apply); null or absent: every active instrument, narrowed by the filters
                             * @example [
                             *       "VZN",
                             *       "PLST",
                             *       "DRRN"
                             *     ]
                             */
                            tickers: string[] | null;
                            updated_at?: string;
                            /**
                             * @description The condition, as /screener takes it, e.g. `rsi(14) < 30 and close > sma(200)` (the example matches on any day of the demo market)
                             * @example avg_dollar_volume(20) > 1e6 and close > 0
                             */
                            where: string;
                        }[];
                    };
                };
            };
        };
    };
    createScreen: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default split_div
                     * @enum {string}
                     */
                    adjust?: "raw" | "split" | "split_div";
                    /** @example null */
                    asset_class?: string | null;
                    /** @example null */
                    exchange?: string | null;
                    /**
                     * @description How many matches a run (`/results`) returns when it names no `limit`, as /screener takes it; null or absent: 50. The members kept after each session close are every match, whatever the limit
                     * @example null
                     */
                    limit?: number | null;
                    /** @example Liquid names */
                    name: string;
                    /** @example null */
                    sector?: string | null;
                    /**
                     * @description As /screener takes it
                     * @example -roc(20)
                     */
                    sort?: string | null;
                    /**
                     * @description Screen only these tickers (the filters then do not apply); null or absent: every active instrument, narrowed by the filters
                     * @example [
                     *       "VZN",
                     *       "PLST",
                     *       "DRRN"
                     *     ]
                     */
                    tickers?: string[] | null;
                    /**
                     * @description The condition, as /screener takes it, e.g. `rsi(14) < 30 and close > sma(200)` (the example matches on any day of the demo market)
                     * @example avg_dollar_volume(20) > 1e6 and close > 0
                     */
                    where: string;
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @default split_div
                         * @enum {string}
                         */
                        adjust: "raw" | "split" | "split_div";
                        /** @example null */
                        asset_class?: string | null;
                        created_at?: string;
                        /** @example null */
                        exchange?: string | null;
                        id: string;
                        /**
                         * @description How many matches a run (`/results`) returns when it names no `limit`, as /screener takes it; null or absent: 50. The members kept after each session close are every match, whatever the limit
                         * @example null
                         */
                        limit?: number | null;
                        /** @description The tickers that matched at members_session’s close (alphabetical), as the evaluation after each session close found them; null until the first */
                        members: string[] | null;
                        members_session: string | null;
                        /** @example Liquid names */
                        name: string;
                        /** @example null */
                        sector?: string | null;
                        /**
                         * @description As /screener takes it
                         * @example -roc(20)
                         */
                        sort: string | null;
                        /**
                         * @description Screen only these tickers (the filters then do not apply); null or absent: every active instrument, narrowed by the filters
                         * @example [
                         *       "VZN",
                         *       "PLST",
                         *       "DRRN"
                         *     ]
                         */
                        tickers: string[] | null;
                        updated_at?: string;
                        /**
                         * @description The condition, as /screener takes it, e.g. `rsi(14) < 30 and close > sma(200)` (the example matches on any day of the demo market)
                         * @example avg_dollar_volume(20) > 1e6 and close > 0
                         */
                        where: string;
                    };
                };
            };
        };
    };
    getScreen: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                screen_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @default split_div
                         * @enum {string}
                         */
                        adjust: "raw" | "split" | "split_div";
                        /** @example null */
                        asset_class?: string | null;
                        created_at?: string;
                        /** @example null */
                        exchange?: string | null;
                        id: string;
                        /**
                         * @description How many matches a run (`/results`) returns when it names no `limit`, as /screener takes it; null or absent: 50. The members kept after each session close are every match, whatever the limit
                         * @example null
                         */
                        limit?: number | null;
                        /** @description The tickers that matched at members_session’s close (alphabetical), as the evaluation after each session close found them; null until the first */
                        members: string[] | null;
                        members_session: string | null;
                        /** @example Liquid names */
                        name: string;
                        /** @example null */
                        sector?: string | null;
                        /**
                         * @description As /screener takes it
                         * @example -roc(20)
                         */
                        sort: string | null;
                        /**
                         * @description Screen only these tickers (the filters then do not apply); null or absent: every active instrument, narrowed by the filters
                         * @example [
                         *       "VZN",
                         *       "PLST",
                         *       "DRRN"
                         *     ]
                         */
                        tickers: string[] | null;
                        updated_at?: string;
                        /**
                         * @description The condition, as /screener takes it, e.g. `rsi(14) < 30 and close > sma(200)` (the example matches on any day of the demo market)
                         * @example avg_dollar_volume(20) > 1e6 and close > 0
                         */
                        where: string;
                    };
                };
            };
        };
    };
    deleteScreen: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                screen_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
        };
    };
    updateScreen: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                screen_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default split_div
                     * @enum {string}
                     */
                    adjust?: "raw" | "split" | "split_div";
                    /** @example null */
                    asset_class?: string | null;
                    /** @example null */
                    exchange?: string | null;
                    /**
                     * @description How many matches a run (`/results`) returns when it names no `limit`, as /screener takes it; null or absent: 50. The members kept after each session close are every match, whatever the limit
                     * @example null
                     */
                    limit?: number | null;
                    /** @example Liquid names */
                    name?: string;
                    /** @example null */
                    sector?: string | null;
                    /**
                     * @description As /screener takes it
                     * @example -roc(20)
                     */
                    sort?: string | null;
                    /**
                     * @description Screen only these tickers (the filters then do not apply); null or absent: every active instrument, narrowed by the filters
                     * @example [
                     *       "VZN",
                     *       "PLST",
                     *       "DRRN"
                     *     ]
                     */
                    tickers?: string[] | null;
                    /**
                     * @description The condition, as /screener takes it, e.g. `rsi(14) < 30 and close > sma(200)` (the example matches on any day of the demo market)
                     * @example avg_dollar_volume(20) > 1e6 and close > 0
                     */
                    where?: string;
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @default split_div
                         * @enum {string}
                         */
                        adjust: "raw" | "split" | "split_div";
                        /** @example null */
                        asset_class?: string | null;
                        created_at?: string;
                        /** @example null */
                        exchange?: string | null;
                        id: string;
                        /**
                         * @description How many matches a run (`/results`) returns when it names no `limit`, as /screener takes it; null or absent: 50. The members kept after each session close are every match, whatever the limit
                         * @example null
                         */
                        limit?: number | null;
                        /** @description The tickers that matched at members_session’s close (alphabetical), as the evaluation after each session close found them; null until the first */
                        members: string[] | null;
                        members_session: string | null;
                        /** @example Liquid names */
                        name: string;
                        /** @example null */
                        sector?: string | null;
                        /**
                         * @description As /screener takes it
                         * @example -roc(20)
                         */
                        sort: string | null;
                        /**
                         * @description Screen only these tickers (the filters then do not apply); null or absent: every active instrument, narrowed by the filters
                         * @example [
                         *       "VZN",
                         *       "PLST",
                         *       "DRRN"
                         *     ]
                         */
                        tickers: string[] | null;
                        updated_at?: string;
                        /**
                         * @description The condition, as /screener takes it, e.g. `rsi(14) < 30 and close > sma(200)` (the example matches on any day of the demo market)
                         * @example avg_dollar_volume(20) > 1e6 and close > 0
                         */
                        where: string;
                    };
                };
            };
        };
    };
    listScreenResults: {
        parameters: {
            query?: {
                /** @description The session screened, YYYY-MM-DD; default the last closed */
                date?: string;
                /** @description How many matches; default the screen's own `limit`, else 50 */
                limit?: number;
            };
            header?: never;
            path: {
                screen_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        as_of: string;
                        /** @description Every value the screen reads, as labelled in each match: indicators with all their parameters (`rsi(14)`, `macd(12,26,9).signal`) and bar fields */
                        columns: string[];
                        count: number;
                        data: {
                            /** @description The session screened: values are at its close */
                            date: string;
                            name: string;
                            /** @description With a cross: the values it reads at the session before */
                            previous?: {
                                [key: string]: number | null;
                            };
                            sort_value: number | null;
                            ticker: string;
                            /** @description Each of `columns` at the close of `date` */
                            values: {
                                [key: string]: number | null;
                            };
                        }[];
                        /** @description Instruments with a bar on the session screened */
                        evaluated: number;
                        /** @description Instruments not in the answer for a reason other than failing the condition: `no_data` (no bar known at as_of), `stale` (data stop before the session screened: not screened on older data), `no_bar` (no bar on the requested `date`), `undecided` (a value the condition reads is missing at that bar, e.g. too little history for sma(200): neither a match nor a miss), `data_issue` (the ticker’s stored data cannot be served — a bar without a usable price, a corporate action whose value cannot be read — each named with the reason; GET /instruments/{ticker} lists its `data_issues`) */
                        left_out: {
                            data_issue?: {
                                count: number;
                                /** @description What is wrong with each named ticker’s data, and where (date, bar or action) */
                                reasons: {
                                    reason: string;
                                    ticker: string;
                                }[];
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                            no_bar?: {
                                count: number;
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                            no_data?: {
                                count: number;
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                            stale?: {
                                count: number;
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                            undecided?: {
                                count: number;
                                /** @description The first 20, alphabetically */
                                tickers: string[];
                            };
                        };
                        /** @description Matches before `limit` */
                        matched: number;
                        name: string;
                        parameters: {
                            adjust?: string;
                            asset_class?: string | null;
                            date?: string | null;
                            exchange?: string | null;
                            limit?: number;
                            sector?: string | null;
                            sort?: string | null;
                            tickers?: string[] | null;
                            where?: string;
                        };
                        screen_id: string;
                        /** @description What `sort_value` is */
                        sort_label: string | null;
                        /** @description Instruments the screen ran over */
                        universe: number;
                        /** @description Which universe the figure used (ADR 0088). `point_in_time`: stored S&P-style membership intervals; `members_on_day` counts the members on the day the figure is for, how many of them had data there, and the tickers used that have no intervals (members always); `survivorship` says in words what remains (members without any stored prices are not in the figure). `static`: a fixed list of `tickers`, from `source`, whatever the day — the survivorship of that list is not measured. For a screen: named `tickers` are a static list (screened as asked); otherwise the members on `date` (today when none is given) of those the filters admit, `with_data` counting the ones screened on a bar of that session */
                        universe_statement: {
                            /** @enum {string} */
                            kind: "point_in_time" | "static";
                            members_on_day?: {
                                /**
                                 * Format: date
                                 * @description The day counted
                                 */
                                date: string;
                                /** @description Tickers whose membership intervals hold the day */
                                members: number;
                                /** @description Of those, the ones with data on the day */
                                with_data: number;
                                /** @description Tickers used that have no membership intervals: counted as members on every day */
                                without_intervals: number;
                            };
                            /** @description point_in_time: the membership file imported (null when unknown); static: where the list came from (`every active instrument`, `BELLWETHER_CARDS_UNIVERSE`, `tickers`) */
                            source: string | null;
                            /** @description The survivorship that remains, in words */
                            survivorship?: string;
                            /** @description static: tickers in the list */
                            tickers?: number;
                        };
                    };
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-11-20T14:30:00Z
                         */
                        as_of: string;
                        calendar: string;
                        /** @description True once this session's publication slot has passed while its cards are not out yet (the scan is running, or the scheduler missed the slot): poll /cards, which caches such an answer for 60 s only */
                        cards_pending: boolean;
                        cards_published_at: string | null;
                        /**
                         * Format: date-time
                         * @example 2026-11-20T14:30:00Z
                         */
                        closes_at: string;
                        /** @description How fresh the market data are */
                        data: {
                            /** @description Instruments whose last bar is known_through (their calendar’s) */
                            fresh: number;
                            /**
                             * Format: date
                             * @description The last session closed at as_of: what complete daily data reach
                             */
                            known_through: string;
                            /** @description Of the stale, those without any bar yet */
                            never_synced: number;
                            /** @description Followed tickers whose last closed session has not arrived (never synced, provider late, or trading stopped): excluded from card publication */
                            stale: number;
                            /** @description Why each of stale_tickers is stale (the same 50 at most) */
                            stale_reasons: {
                                last_bar: string | null;
                                /** @description never_synced: no bar yet; behind: the last bar is before known_through */
                                reason: "never_synced" | "behind";
                                ticker: string;
                            }[];
                            /** @description The stale tickers, ascending, at most 50 */
                            stale_tickers: string[];
                            /** @description Followed tickers: the active instruments and the sync universe's tickers no sync has brought yet */
                            tickers: number;
                        };
                        early_close: boolean;
                        /**
                         * Format: date
                         * @description Trading date of the current session (YYYY-MM-DD)
                         */
                        id: string;
                        next: {
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            closes_at: string;
                            early_close: boolean;
                            /** Format: date */
                            id: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            opens_at: string;
                        };
                        /**
                         * Format: date-time
                         * @description The next scheduled card publication; always later than as_of
                         * @example 2026-11-20T13:30:00Z
                         */
                        next_publication_at: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-20T14:30:00Z
                         */
                        opens_at: string;
                        previous: {
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            closes_at: string;
                            early_close: boolean;
                            /** Format: date */
                            id: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            opens_at: string;
                        };
                        state: "pre_open" | "open" | "closed";
                        timezone: string;
                    };
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            description: string;
                            disabled_at: string | null;
                            /** @description `gone`: the receiver answered 410; `failing`: no success for days; `customer`: you disabled it */
                            disabled_reason: "customer" | "gone" | "failing" | null;
                            event_types: string[];
                            failing_since: string | null;
                            id: string;
                            /** @description During a rotation: until when the previous secret signs too */
                            previous_secret_expires_at: string | null;
                            status: "enabled" | "disabled";
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        }[];
                    };
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @default true */
                    enabled?: boolean;
                    /** @description Event types to receive; empty or absent: every type */
                    event_types?: ("cards.published" | "card.outcome" | "analysis.succeeded" | "analysis.failed" | "backtest.succeeded" | "backtest.failed" | "key.rotated" | "key.revoked" | "quota.warning" | "data.stale" | "data.fresh" | "webhook.endpoint_disabled" | "screen.entered" | "screen.left" | "order.filled" | "order.closed" | "order.canceled")[];
                    /**
                     * @description Where deliveries are POSTed: https, on a public address
                     * @example https://example.com/bellwether/webhooks
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: {
                            /** Format: date-time */
                            created_at: string;
                            description: string;
                            disabled_at: string | null;
                            /** @description `gone`: the receiver answered 410; `failing`: no success for days; `customer`: you disabled it */
                            disabled_reason: "customer" | "gone" | "failing" | null;
                            event_types: string[];
                            failing_since: string | null;
                            id: string;
                            /** @description During a rotation: until when the previous secret signs too */
                            previous_secret_expires_at: string | null;
                            status: "enabled" | "disabled";
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                        /** @description The `whsec_` signing secret, shown only now: store it to verify deliveries */
                        secret: string;
                    };
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string;
                        disabled_at: string | null;
                        /** @description `gone`: the receiver answered 410; `failing`: no success for days; `customer`: you disabled it */
                        disabled_reason: "customer" | "gone" | "failing" | null;
                        event_types: string[];
                        failing_since: string | null;
                        id: string;
                        /** @description During a rotation: until when the previous secret signs too */
                        previous_secret_expires_at: string | null;
                        status: "enabled" | "disabled";
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                    };
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    enabled?: boolean;
                    /** @description Event types to receive; empty or absent: every type */
                    event_types?: ("cards.published" | "card.outcome" | "analysis.succeeded" | "analysis.failed" | "backtest.succeeded" | "backtest.failed" | "key.rotated" | "key.revoked" | "quota.warning" | "data.stale" | "data.fresh" | "webhook.endpoint_disabled" | "screen.entered" | "screen.left" | "order.filled" | "order.closed" | "order.canceled")[];
                    /**
                     * @description Where deliveries are POSTed: https, on a public address
                     * @example https://example.com/bellwether/webhooks
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string;
                        disabled_at: string | null;
                        /** @description `gone`: the receiver answered 410; `failing`: no success for days; `customer`: you disabled it */
                        disabled_reason: "customer" | "gone" | "failing" | null;
                        event_types: string[];
                        failing_since: string | null;
                        id: string;
                        /** @description During a rotation: until when the previous secret signs too */
                        previous_secret_expires_at: string | null;
                        status: "enabled" | "disabled";
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                status?: "pending" | "delivering" | "succeeded" | "failed" | "canceled";
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attempts: number;
                            /** Format: date-time */
                            created_at: string;
                            endpoint_id: string;
                            /** @description The `webhook-id` header of every attempt (replays included) */
                            event_id: string;
                            event_type: string;
                            finished_at: string | null;
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_status: number | null;
                            next_attempt_at: string | null;
                            /** @description 0 for the delivery the event made; 1, 2… for replays */
                            replay: number;
                            status: "pending" | "delivering" | "succeeded" | "failed" | "canceled";
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempt_history: {
                            attempt: number;
                            duration_ms: number;
                            error: string | null;
                            outcome: "success" | "failure" | "gone" | "refused";
                            /** @description The first 4 KiB of what the receiver answered */
                            response_excerpt: string | null;
                            /** Format: date-time */
                            started_at: string;
                            status: number | null;
                        }[];
                        attempts: number;
                        /** Format: date-time */
                        created_at: string;
                        endpoint_id: string;
                        /** @description The `webhook-id` header of every attempt (replays included) */
                        event_id: string;
                        event_type: string;
                        finished_at: string | null;
                        id: string;
                        last_attempt_at: string | null;
                        last_error: string | null;
                        last_status: number | null;
                        next_attempt_at: string | null;
                        /** @description 0 for the delivery the event made; 1, 2… for replays */
                        replay: number;
                        status: "pending" | "delivering" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** Format: date-time */
                        created_at: string;
                        endpoint_id: string;
                        /** @description The `webhook-id` header of every attempt (replays included) */
                        event_id: string;
                        event_type: string;
                        finished_at: string | null;
                        id: string;
                        last_attempt_at: string | null;
                        last_error: string | null;
                        last_status: number | null;
                        next_attempt_at: string | null;
                        /** @description 0 for the delivery the event made; 1, 2… for replays */
                        replay: number;
                        status: "pending" | "delivering" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: {
                            /** Format: date-time */
                            created_at: string;
                            description: string;
                            disabled_at: string | null;
                            /** @description `gone`: the receiver answered 410; `failing`: no success for days; `customer`: you disabled it */
                            disabled_reason: "customer" | "gone" | "failing" | null;
                            event_types: string[];
                            failing_since: string | null;
                            id: string;
                            /** @description During a rotation: until when the previous secret signs too */
                            previous_secret_expires_at: string | null;
                            status: "enabled" | "disabled";
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                        /** @description The `whsec_` signing secret, shown only now: store it to verify deliveries */
                        secret: string;
                    };
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** Format: date-time */
                        created_at: string;
                        endpoint_id: string;
                        /** @description The `webhook-id` header of every attempt (replays included) */
                        event_id: string;
                        event_type: string;
                        finished_at: string | null;
                        id: string;
                        last_attempt_at: string | null;
                        last_error: string | null;
                        last_status: number | null;
                        next_attempt_at: string | null;
                        /** @description 0 for the delivery the event made; 1, 2… for replays */
                        replay: number;
                        status: "pending" | "delivering" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
        };
    };
    analysisFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: date-time */
                        created_at: string;
                        error: {
                            code: string;
                            detail?: string;
                            title: string;
                        } & {
                            [key: string]: unknown;
                        };
                        finished_at: string | null;
                        job_id: string;
                        key_id: string;
                        ticker: string;
                        tier: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "analysis.failed";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    analysisSucceededWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: date-time */
                        created_at: string;
                        finished_at: string | null;
                        job_id: string;
                        key_id: string;
                        report_id: string;
                        ticker: string;
                        tier: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "analysis.succeeded";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    backtestFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: date-time */
                        created_at: string;
                        error: {
                            code: string;
                            detail?: string;
                            title: string;
                        } & {
                            [key: string]: unknown;
                        };
                        finished_at: string | null;
                        job_id: string;
                        key_id: string;
                        setup: string | null;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "backtest.failed";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    backtestSucceededWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: date-time */
                        created_at: string;
                        finished_at: string | null;
                        job_id: string;
                        key_id: string;
                        report_id: string;
                        setup: string | null;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "backtest.succeeded";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    cardOutcomeWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        card_id: string;
                        direction: string | null;
                        exit_reason: string | null;
                        /**
                         * Format: date
                         * @description A trading session, YYYY-MM-DD
                         */
                        outcome_session: string;
                        r_multiple: number | null;
                        r_net: number | null;
                        /**
                         * Format: date
                         * @description A trading session, YYYY-MM-DD
                         */
                        session: string;
                        status: "unfilled" | "stopped" | "t1" | "t2" | "expired";
                        ticker: string | null;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "card.outcome";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    cardsPublishedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        cards: ({
                            card_id: string;
                            conviction: number | null;
                            direction: string | null;
                            setup: string | null;
                            ticker: string | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                        count: number;
                        /** Format: date-time */
                        data_as_of: string;
                        /** @description The cards feed's seq after this publication */
                        feed_cursor: number;
                        /** @description Published after the session closed (kept out of the track record) */
                        late: boolean;
                        note: string | null;
                        /** Format: date-time */
                        published_at: string;
                        /**
                         * Format: date
                         * @description A trading session, YYYY-MM-DD
                         */
                        session: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "cards.published";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    dataFreshWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /**
                         * Format: date
                         * @description A trading session, YYYY-MM-DD
                         */
                        known_through: string;
                        provider: string | null;
                        /**
                         * Format: date
                         * @description The session that arrived
                         */
                        session: string;
                        /**
                         * Format: date-time
                         * @description When the ticker was first found stale
                         */
                        stale_since: string;
                        ticker: string;
                        /** @description Why the session is missing (a code; docs/events.md lists them) */
                        was_reason: "provider_late" | "no_data" | "unknown_symbol" | "provider_error" | "sync_pending" | "awaiting_sync";
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "data.fresh";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    dataStaleWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /**
                         * Format: date
                         * @description A trading session, YYYY-MM-DD
                         */
                        expected_session: string;
                        known_through: string | null;
                        provider: string | null;
                        /** @description Why the session is missing (a code; docs/events.md lists them) */
                        reason: "provider_late" | "no_data" | "unknown_symbol" | "provider_error" | "sync_pending" | "awaiting_sync";
                        ticker: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "data.stale";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    keyRevokedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The key, by id, name and last four characters: never its secret */
                    data: {
                        key_id: string;
                        last4: string;
                        name: string;
                        /** Format: date-time */
                        revoked_at: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "key.revoked";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    keyRotatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The key, by id, name and last four characters: never its secret */
                    data: {
                        key_id: string;
                        last4: string;
                        name: string;
                        /** Format: date-time */
                        rotated_at: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "key.rotated";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderCanceledWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        broker_order_id: string;
                        broker_status: string;
                        canceled_at: string | null;
                        card_id: string;
                        client_order_id: string;
                        connection_id: string;
                        filled_qty: number;
                        order_id: string;
                        side: "buy" | "sell";
                        ticker: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "order.canceled";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderClosedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        broker_order_id: string;
                        card_id: string;
                        client_order_id: string;
                        connection_id: string;
                        exit_price: number;
                        exit_reason: "take_profit" | "stop";
                        order_id: string;
                        realised_r: number | null;
                        side: "buy" | "sell";
                        ticker: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "order.closed";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderFilledWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        broker_order_id: string;
                        card_id: string;
                        client_order_id: string;
                        connection_id: string;
                        filled_at: string | null;
                        filled_avg_price: number | null;
                        filled_qty: number;
                        order_id: string;
                        side: "buy" | "sell";
                        ticker: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "order.filled";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    quotaWarningWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        key_id: string;
                        limit: number;
                        /** Format: date-time */
                        resets_at: string;
                        /** @description Per cent of the quota */
                        threshold: 80 | 100;
                        used: number;
                        window: "hour" | "month";
                        /** Format: date-time */
                        window_start: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "quota.warning";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    screenEnteredWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** @description The instrument's name */
                        name: string;
                        screen_id: string;
                        screen_name: string;
                        /**
                         * Format: date
                         * @description A trading session, YYYY-MM-DD
                         */
                        session: string;
                        ticker: string;
                        /** @description Every value the screen reads, at the session's close (as /screener answers it) */
                        values: {
                            [key: string]: number | null;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "screen.entered";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    screenLeftWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** @description The instrument's name */
                        name: string;
                        /** @description condition_false: evaluated and no longer matching; undecided: a value it reads is missing; stale: its data stop before the session; no_data: no bars; data_issue: its stored data cannot be served (GET /instruments/{ticker} lists its data_issues); not_in_universe: delisted, or no longer in the sector, asset class or exchange screened */
                        reason: "condition_false" | "undecided" | "stale" | "no_data" | "data_issue" | "not_in_universe";
                        screen_id: string;
                        screen_name: string;
                        /**
                         * Format: date
                         * @description A trading session, YYYY-MM-DD
                         */
                        session: string;
                        ticker: string;
                        values: {
                            [key: string]: number | null;
                        } | null;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "screen.left";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookEndpointDisabledWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        endpoint_id: string;
                        failing_since: string | null;
                        reason: "gone" | "failing";
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "webhook.endpoint_disabled";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTestWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; the same on every retry and replay (use it to drop duplicates) */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
                /** @description Unix seconds of this attempt (reject attempts older than 5 minutes) */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        endpoint_id: string;
                        message: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description evt_…: the same in every delivery of the event (`webhook-id`) */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When the change happened
                     */
                    timestamp: string;
                    /** @constant */
                    type: "webhook.test";
                };
            };
        };
        responses: {
            /** @description Delivered */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Failed: retried on the schedule (docs/events.md), honouring Retry-After */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
