/** The dashboard's calls to /dashboard/api: the session cookie goes by itself, the CSRF token by header. */
export interface Problem {
  readonly code: string;
  readonly status: number;
  readonly detail: string;
  readonly request_id?: string;
  readonly errors?: readonly { pointer: string; detail: string }[];
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

export async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrf !== undefined) headers['x-csrf-token'] = csrf;
  const res = await fetch(`/dashboard/api${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
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
  plan: { id: string; name: string; entitlements: string[]; limits: Record<string, unknown> } | null;
  next_plan: { id: string; name: string; adds: string[] } | null;
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
  thesis: string;
  setup: string;
  risk_reward: { t1: number; t2: number };
}

export interface Job {
  job_id: string;
  status: string;
  ticker: string;
  tier: string;
  report?: Report;
  error?: { code?: string; detail?: string };
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
