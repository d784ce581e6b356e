/** The dashboard's calls to /dashboard/api: the session cookie goes by itself, the CSRF token by header. */
export interface Problem {
  readonly code: string;
  readonly status: number;
  readonly detail: string;
  readonly request_id?: string;
  readonly errors?: readonly ProblemError[];
}

/**
 * One entry of a problem's `errors[]`: where (`pointer`, e.g. `/query/where`) and what; a screen
 * expression's errors also locate the offending text (`offset`, `length` in UTF-16 code units, `token`)
 * and may name a close known name (`suggestion`) to put in its place.
 */
export interface ProblemError {
  readonly pointer: string;
  readonly detail: string;
  readonly offset?: number;
  readonly length?: number;
  readonly token?: string;
  readonly suggestion?: string;
}

let csrf: string | undefined;
export const setCsrf = (token: string | undefined) => {
  csrf = token;
};

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** A failed call in words for the page: the problem's detail and code. */
export const problemText = (e: unknown) =>
  e instanceof ApiError ? `${e.problem.detail} (${e.problem.code})` : String(e);

/** Reads refused by the burst limit are tried again this many times, after the answer's Retry-After. */
const BURST_RETRIES = 2;

/** How long a burst refusal asks to wait (its Retry-After, 1–5 s), with up to 250 ms of jitter. */
function retryDelayMs(res: Response): number {
  const seconds = Number(res.headers.get('retry-after'));
  return Math.min(5, Math.max(1, Number.isFinite(seconds) ? seconds : 1)) * 1000 + Math.random() * 250;
}

/**
 * One call of the dashboard's JSON API. The dashboard's calls pass the plan's burst limit like API calls;
 * a read the burst limit refuses (429 rate_limited, never a quota refusal) is tried again after its
 * Retry-After, as the SDK does, so a page that loads several things at once does not fail for it.
 */
export async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrf !== undefined) headers['x-csrf-token'] = csrf;
  const send = () =>
    fetch(`/dashboard/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let res = await send();
  for (let retry = 0; method === 'GET' && res.status === 429 && retry < BURST_RETRIES; retry++) {
    const code = (
      (await res
        .clone()
        .json()
        .catch(() => undefined)) as Partial<Problem> | undefined
    )?.code;
    if (code !== 'rate_limited') break;
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(res)));
    res = await send();
  }
  if (res.status === 204) return undefined as T;
  const json = (await res.json().catch(() => undefined)) as unknown;
  if (!res.ok) {
    const p = json as Partial<Problem> | undefined;
    throw new ApiError({
      code: p?.code ?? 'network_error',
      status: res.status,
      detail: p?.detail ?? `HTTP ${res.status}`,
      ...(p?.request_id === undefined ? {} : { request_id: p.request_id }),
      ...(p?.errors === undefined ? {} : { errors: p.errors }),
    });
  }
  return json as T;
}

export interface Me {
  csrf: string;
  user: { email: string | null; name: string | null };
  account: { id: string; name: string | null };
  /** `entitlements` are codes (as /api/v1/account names them); `features` the same in words, for readers. */
  plan: {
    id: string;
    name: string;
    entitlements: string[];
    features: string[];
    limits: Record<string, unknown>;
  } | null;
  next_plan: { id: string; name: string; adds: string[]; adds_features: string[] } | null;
}

export interface KeyView {
  id: string;
  name: string;
  last4: string;
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  usage: { window: string; used: number; limit: number; resets_at: string } | null;
}

export interface Card {
  id: string;
  session: string;
  asset: { ticker: string; name: string };
  direction: 'long' | 'short';
  entry_zone: { low: number; high: number };
  t1: number;
  t2: number;
  stop: number;
  conviction: { score: number; label: string };
  /** How a filled card ends (ADR 0094); absent on cards published before the field existed. */
  probabilities?: { t1_first: number; stop_first: number; expiry: number };
  thesis: string;
  setup: string;
  risk_reward: { t1: number; t2: number };
  /** The setup's status on the development years (ADR 0093); absent on cards published before it. */
  setup_status?: SetupStatus;
}

/** Whether a card's setup earned its place on the development years, and the figure it was judged by. */
export interface SetupStatus {
  status: 'verified' | 'unproven';
  edge_kind: 'timing' | 'selection' | null;
  measured: string;
  edge_cross: { mean: number; ci_low: number; ci_high: number; p_holm: number } | null;
  reason: string | null;
}

/** Which universe a figure used (ADR 0088): point in time with its members on a day, or a static list. */
export type UniverseStatement =
  | {
      kind: 'point_in_time';
      members_on_day: { date: string; members: number; with_data: number; without_intervals: number };
      source: string | null;
      survivorship: string;
    }
  | { kind: 'static'; tickers: number; source: string };

/** A resolved card's outcome, as GET /api/v1/cards/{card_id} gives it (docs/signals/outcomes.md). */
export interface CardOutcome {
  status: 'unfilled' | 'stopped' | 't1' | 't2' | 'expired';
  r_multiple: number | null;
  outcome_session: string;
}

export interface Job {
  job_id: string;
  status: string;
  ticker: string;
  tier: string;
  created_at: string;
  finished_at: string | null;
  report?: Report;
  error?: { code?: string; detail?: string };
  /** A finished job's report: when it was computed, and whether before this job was asked for (reused). */
  computed_at?: string;
  reused?: boolean;
}

/** A page of the account's jobs, newest first (GET /dashboard/api/analysis); reports are not included. */
export interface JobPage {
  data: Job[];
  next_cursor: string | null;
}

export interface Section {
  narrative?: string;
  parameters?: Record<string, unknown>;
  data?: Record<string, unknown>;
  [k: string]: unknown;
}

export interface Report {
  ticker: string;
  tier: string;
  as_of: string;
  data_through: string;
  summary?: string;
  verdict?: Record<string, unknown>;
  sections: Record<string, Section>;
  [k: string]: unknown;
}

/** A webhook endpoint as GET /dashboard/api/webhooks answers it: never its signing secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  status: 'enabled' | 'disabled';
  /** `gone`: the receiver answered 410; `failing`: no success for days; `customer`: the account disabled it. */
  disabled_reason: 'customer' | 'gone' | 'failing' | null;
  disabled_at: string | null;
  failing_since: string | null;
  /** During a rotation: until when the previous secret signs too. */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What creating an endpoint or rotating its secret answers: the `whsec_` secret, shown only then. */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** 0 for the delivery the event made; 1, 2… for replays. */
  replay: number;
  status: 'pending' | 'delivering' | 'succeeded' | 'failed' | 'canceled';
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface WebhookAttempt {
  attempt: number;
  started_at: string;
  duration_ms: number;
  outcome: 'success' | 'failure' | 'gone' | 'refused';
  status: number | null;
  error: string | null;
  /** The first 4 KiB of what the receiver answered. */
  response_excerpt: string | null;
}

/** An event type an endpoint may subscribe to (GET /dashboard/api/webhooks/event-types, from the server's catalogue). */
export interface WebhookEventType {
  type: string;
  summary: string;
}

/** An instrument as GET /dashboard/api/instruments answers it (the API's /instruments). */
export interface Instrument {
  ticker: string;
  name: string;
  asset_class: string;
  sector: string | null;
  active: boolean;
  last_bar: string | null;
  known_through: string;
  /** Active, and its last bar is before the last closed session. */
  stale: boolean;
  /** With a search: how it matched (ticker, ticker_prefix, name_prefix…). */
  match?: string;
}

export interface InstrumentPage {
  total: number;
  data: Instrument[];
  /** When a search matches nothing: the closest ticker, if one is close. */
  suggestion?: string;
}

/** Instruments not screened, for one reason: how many, and the first 20 alphabetically. */
export interface LeftOut {
  count: number;
  tickers: string[];
}

/** A screen's answer (GET /dashboard/api/screener, the API's /screener). */
export interface ScreenAnswer {
  as_of: string;
  parameters: { where: string; sort: string | null; limit: number; date: string | null };
  /** Every value the screen reads, as labelled in each match's `values`. */
  columns: string[];
  /** What `sort_value` is. */
  sort_label: string | null;
  universe: number;
  matched: number;
  count: number;
  left_out: {
    no_data: LeftOut;
    stale: LeftOut;
    no_bar: LeftOut;
    undecided: LeftOut;
    /** Data that cannot be served (a bar without a price, an unreadable action), each with what is wrong. */
    data_issue: LeftOut & { reasons: { ticker: string; reason: string }[] };
  };
  data: {
    ticker: string;
    name: string;
    date: string;
    sort_value: number | null;
    values: Record<string, number | null>;
  }[];
}

/** A broker connection as GET /dashboard/api/broker-connections answers it: never the key id or the secret. */
export interface BrokerConnection {
  id: string;
  broker: string;
  environment: 'paper' | 'live';
  label: string;
  key_id_last4: string;
  broker_account_number: string | null;
  currency: string | null;
  /** `failing` once the broker refused the credentials. */
  status: 'ok' | 'failing';
  last_checked_at: string | null;
  last_error: string | null;
  max_order_qty: number;
  max_order_notional: number;
  automation: { enabled: boolean } | null;
  created_at: string;
  updated_at: string;
}

/** What testing a connection answers: the connection as checked, and the broker account's money. */
export interface BrokerTest {
  connection: BrokerConnection;
  account: {
    account_number: string;
    status: string;
    currency: string;
    buying_power: number;
    equity: number;
    cash: number;
    trading_blocked: boolean;
  };
}

/** What the kill switch answers: the broker orders it cancelled, and whether it turned automation off. */
export interface KillSwitchAnswer {
  canceled_broker_order_ids: string[];
  automation_disabled: boolean;
}

/** An order placed through a connection (a bracket from a card). */
export interface BrokerOrder {
  id: string;
  card_id: string;
  ticker: string;
  side: 'buy' | 'sell';
  qty: number;
  limit_price: number;
  take_profit_price: number;
  stop_price: number;
  state: string;
  filled_qty: number;
  realised_r: number | null;
  error: string | null;
  created_at: string;
}

/** One broker call of a connection's audit log. */
export interface BrokerAuditEntry {
  id: string;
  at: string;
  method: string;
  path: string;
  /** null: no answer came. */
  status: number | null;
  duration_ms: number;
  error: string | null;
}
