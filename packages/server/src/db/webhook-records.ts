import type { EventRecord } from './event-outbox.js';

/** A customer's webhook endpoint as stored; the secrets are ciphertexts of the platform's cipher. */
export interface WebhookEndpointRecord {
  readonly id: string;
  readonly account_id: string;
  readonly url: string;
  readonly description: string;
  /** Event types it receives; empty: every type. */
  readonly event_types: readonly string[];
  readonly secret_ciphertext: string;
  readonly previous_secret_ciphertext: string | null;
  /** Until when the previous secret also signs (24 h after a rotation). */
  readonly previous_secret_expires_at: string | null;
  readonly status: 'enabled' | 'disabled';
  readonly disabled_reason: 'customer' | 'gone' | 'failing' | null;
  readonly disabled_at: string | null;
  readonly failing_since: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed' | 'canceled';

/** One event on its way to one endpoint (a replay is a delivery of its own, with the same webhook-id). */
export interface WebhookDeliveryRecord {
  readonly id: string;
  readonly endpoint_id: string;
  readonly account_id: string;
  readonly event_seq: number;
  readonly event_id: string;
  readonly event_type: string;
  readonly replay: number;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly next_attempt_at: string | null;
  readonly last_attempt_at: string | null;
  readonly last_status: number | null;
  readonly last_error: string | null;
  readonly created_at: string;
  readonly finished_at: string | null;
}

export type AttemptOutcome = 'success' | 'failure' | 'gone' | 'refused';

export interface WebhookAttemptRecord {
  readonly delivery_id: string;
  readonly attempt: number;
  readonly started_at: string;
  readonly duration_ms: number;
  readonly outcome: AttemptOutcome;
  readonly status: number | null;
  readonly error: string | null;
  readonly response_excerpt: string | null;
}

/**
 * A delivery claimed for one attempt: `attempt` fences every write about it. Its endpoint and event come
 * with it (read in the claim's transaction); undefined when deleted or purged since.
 */
export interface ClaimedDelivery {
  readonly delivery: WebhookDeliveryRecord;
  readonly attempt: number;
  readonly endpoint: WebhookEndpointRecord | undefined;
  readonly event: EventRecord | undefined;
}

/** What an attempt leads to: another attempt later, or the end of the delivery. */
export type DeliveryNext =
  | { readonly status: 'pending'; readonly next_attempt_at: string }
  | { readonly status: 'succeeded' | 'failed' | 'canceled' };

/** The editable fields of an endpoint. */
export interface EndpointPatch {
  readonly url?: string;
  readonly description?: string;
  readonly event_types?: readonly string[];
  readonly enabled?: boolean;
}
