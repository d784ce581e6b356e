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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
        get: {
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
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
        put?: never;
        /**
         * Submit an asynchronous analysis (Light, Medium or Full)
         * @description Answers 202 with the queued job, `Location` and `Retry-After`. With an `Idempotency-Key` header (kept 24 h, per account) the same key and body return the same job, unbilled (`Idempotent-Replayed: true`); the same key with another body is 422 idempotency_key_reused; a duplicate racing the first is 409. An unknown ticker or too little history is a 422 at once.
         */
        post: {
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
                        /** @example AAPL */
                        ticker: string;
                        /**
                         * @description Light, Medium or Full (exactly as written)
                         * @enum {string}
                         */
                        tier: "Light" | "Medium" | "Full";
                    };
                };
            };
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
        get: {
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
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
        put?: never;
        post?: never;
        /**
         * Cancel a queued analysis job
         * @description Not billed. A queued job becomes `canceled` and is never run; canceling a canceled job answers it again. A running or finished job cannot be canceled (409 conflict).
         */
        delete: {
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
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
         * @description Not available in this release: answers 501 not_implemented after authentication, entitlement and limits.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
            };
        };
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
         * @description Not available in this release: answers 501 not_implemented after authentication, entitlement and limits.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
            };
        };
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
         * @description Not available in this release: answers 501 not_implemented after authentication, entitlement and limits.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
            };
        };
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
        get: {
            parameters: {
                query?: {
                    /** @description Price adjustment computed from stored corporate actions */
                    adjust?: "raw" | "split" | "split_div";
                    /**
                     * @description Benchmark ticker for beta, alpha, capture and tracking metrics (default SPY when present; "none" for none)
                     * @example SPY
                     */
                    benchmark?: string;
                    /** @description VaR/CVaR confidence */
                    confidence?: number;
                    /**
                     * @description First date (inclusive), YYYY-MM-DD
                     * @example 2015-01-02
                     */
                    from?: string;
                    /** @description Most recent bars of the window returned (without from: the last 252 bars) */
                    limit?: number;
                    /** @description VaR/CVaR method */
                    method?: "historical" | "gaussian" | "cornish_fisher";
                    /**
                     * @description Comma-separated metric codes (default: all 36); see the conventions in docs/analytics/risk.md
                     * @example sharpe,sortino,max_drawdown,var,beta
                     */
                    metrics?: string;
                    periods_per_year?: number;
                    /** @description Annual risk-free rate as a decimal (0.04 = 4 %), spread evenly over periods_per_year */
                    risk_free?: number;
                    /**
                     * @description One ticker (or use `tickers`)
                     * @example AAPL
                     */
                    ticker?: string;
                    /**
                     * @description Comma-separated tickers for a batch, at most 100
                     * @example AAPL,MSFT,XOM
                     */
                    tickers?: string;
                    /**
                     * @description Last date (inclusive), YYYY-MM-DD; default: the last closed session
                     * @example 2015-12-31
                     */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
            };
        };
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
         * @description Not available in this release: answers 501 not_implemented after authentication, entitlement and limits.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
            };
        };
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
         * @description Indicators from the catalogue (/analytics/technical/catalog) on daily bars, aligned with dates; `null` only where an indicator has too little history before the bar, and each indicator says how many such nulls the window holds. States as_of, adjustment and source.
         */
        get: {
            parameters: {
                query: {
                    /** @description Price adjustment computed from stored corporate actions */
                    adjust?: "raw" | "split" | "split_div";
                    /**
                     * @description First date (inclusive), YYYY-MM-DD
                     * @example 2015-01-02
                     */
                    from?: string;
                    /**
                     * @description Up to 20 indicators from the catalogue, positional or named arguments: rsi(14),macd(12,26,9),bbands(period=20)
                     * @example rsi(14),macd(12,26,9),bbands(20,2,2)
                     */
                    indicators: string;
                    /** @description Most recent bars of the window returned (without from: the last 252 bars) */
                    limit?: number;
                    /**
                     * @description One ticker (or use `tickers`)
                     * @example AAPL
                     */
                    ticker?: string;
                    /**
                     * @description Comma-separated tickers for a batch, at most 100
                     * @example AAPL,MSFT,XOM
                     */
                    tickers?: string;
                    /**
                     * @description Last date (inclusive), YYYY-MM-DD; default: the last closed session
                     * @example 2015-12-31
                     */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
                                dates?: string[];
                                indicators?: {
                                    [key: string]: unknown;
                                }[];
                                /** @description Last session known at as_of */
                                known_through?: string;
                                series?: {
                                    [key: string]: unknown;
                                };
                                /** @description Where the bars came from (synthetic, csv:…) */
                                source?: string;
                                ticker?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                    };
                };
            };
        };
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
         * @description Code, name, group, aliases, inputs, parameters (type, default, range or values), outputs, lookback at the defaults, formula variant and references of every indicator /analytics/technical accepts.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
        put?: never;
        post?: never;
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
         * @description Cards refresh once per session; clients may cache them for up to 30 minutes. Send If-None-Match to revalidate (304 is not billed).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only long or only short cards */
                    direction?: "long" | "short";
                    /**
                     * @description Only cards whose conviction score is at least this
                     * @example 0.4
                     */
                    min_conviction?: number;
                    /** @description Only cards of this setup (see docs/signals) */
                    setup?: "trend_pullback" | "breakout_volume" | "mean_reversion_in_trend" | "momentum_continuation" | "pattern_reversal_at_level" | "volatility_squeeze";
                    /**
                     * @description Only cards on this ticker
                     * @example AAPL
                     */
                    ticker?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
                            cards: {
                                [key: string]: unknown;
                            }[];
                            count: number;
                            published_at: string | null;
                            /** Format: date */
                            session: string;
                        };
                    };
                };
            };
        };
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
         * @description Hit rates (T1 before the stop, T2, stopped), average R and counts by setup, direction and conviction label, with the calibration table (published conviction vs realised hit rate) and the Brier score against the base rate. Outcome rules: docs/signals/outcomes.md.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description First session (inclusive); default 365 days before `to`
                     * @example 2026-01-02
                     */
                    from?: string;
                    /**
                     * @description Last session (inclusive); default today
                     * @example 2026-11-20
                     */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
                            brier: {
                                base: number;
                                base_rate: number;
                                conviction: number;
                            } | null;
                            by_conviction: {
                                average_conviction: number | null;
                                average_r: number | null;
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
                            /** Format: date */
                            from: string;
                            overall: {
                                average_conviction: number | null;
                                average_r: number | null;
                                cards: number;
                                filled: number;
                                key: string;
                                resolved: number;
                                stop_rate: number | null;
                                t1_hit_rate: number | null;
                                t2_hit_rate: number | null;
                            };
                            /** Format: date */
                            to: string;
                        };
                    };
                };
            };
        };
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
         * @description Not available in this release: answers 501 not_implemented after authentication, entitlement and limits.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
            };
        };
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
        /** The current trading session */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 413, 415, 422, 429 rate_limited / quota_exceeded) */
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
                            cards_published_at: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-20T14:30:00Z
                             */
                            closes_at: string;
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
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
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
            started_at: string | null;
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            ticker: string;
            tier: "Light" | "Medium" | "Full";
        };
        /** @description RFC 9457 problem details */
        Problem: {
            code: "malformed_request" | "invalid_token" | "plan_required" | "forbidden" | "not_found" | "method_not_allowed" | "not_acceptable" | "conflict" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "unknown_ticker" | "insufficient_history" | "idempotency_key_reused" | "rate_limited" | "quota_exceeded" | "internal_error" | "not_implemented" | "service_unavailable";
            detail: string;
            errors?: {
                detail: string;
                pointer: string;
            }[];
            instance: string;
            request_id: string;
            required_plan?: string | null;
            status: number;
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
export type operations = Record<string, never>;
