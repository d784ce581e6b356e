import type { Clock } from '../../clock/clock.js';
import { iso, isoOrNull } from '../../clock/iso.js';
import type { EventsConfig } from '../../config/events-config.js';
import { isOpaqueId, newId } from '../../db/ids.js';
import type { Storage } from '../../db/repositories.js';
import type {
  DeliveryStatus,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '../../db/webhook-records.js';
import type { CredentialCipher } from '../../platform/crypto/credential-cipher.js';
import { SUBSCRIBABLE_TYPES } from '../event-catalog.js';
import { checkWebhookUrl } from './outbound-address-policy.js';
import { newWebhookSecret } from './webhook-signer.js';

/** How long the previous secret keeps signing after a rotation (both signatures are sent meanwhile). */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;
const MAX_DESCRIPTION = 200;

/** A refusal the API answers with a problem: what was wrong, in words a customer can act on. */
export type WebhookRefusal =
  | {
      readonly ok: false;
      readonly code: 'validation_failed';
      readonly field: string;
      readonly message: string;
    }
  | { readonly ok: false; readonly code: 'not_found'; readonly message: string }
  | { readonly ok: false; readonly code: 'conflict'; readonly message: string };

/** An endpoint as customers see it: never the secret (shown once, on creation and rotation). */
export interface EndpointView {
  readonly id: string;
  readonly url: string;
  readonly description: string;
  readonly event_types: readonly string[];
  readonly status: 'enabled' | 'disabled';
  readonly disabled_reason: string | null;
  readonly disabled_at: string | null;
  readonly failing_since: string | null;
  readonly previous_secret_expires_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface EndpointInput {
  readonly url?: string;
  readonly description?: string;
  readonly event_types?: readonly string[];
  readonly enabled?: boolean;
}

/**
 * Managing webhook endpoints, for the API and the dashboard alike: checks what a customer asks for
 * (the URL against the outbound address policy, event types against the catalogue), keeps signing secrets
 * encrypted, and scopes everything to the caller's account (another account's endpoint is "not found").
 */
export class WebhookService {
  constructor(
    private readonly deps: {
      readonly storage: Storage;
      readonly cipher: CredentialCipher;
      readonly clock: Clock;
      readonly config: EventsConfig;
    },
  ) {}

  async create(
    account_id: string,
    input: EndpointInput,
  ): Promise<{ ok: true; endpoint: EndpointView; secret: string } | WebhookRefusal> {
    const checked = this.#check({ ...input, url: input.url ?? '' });
    if (!checked.ok) return checked;
    const secret = newWebhookSecret();
    const made = await this.deps.storage.webhooks.createEndpoint(
      {
        id: newId('whe'),
        account_id,
        url: checked.url ?? '',
        description: input.description ?? '',
        event_types: input.event_types ?? [],
        secret_ciphertext: this.deps.cipher.encrypt(secret),
        previous_secret_ciphertext: null,
        previous_secret_expires_at: null,
        status: input.enabled === false ? 'disabled' : 'enabled',
        disabled_reason: input.enabled === false ? 'customer' : null,
        disabled_at: null,
        failing_since: null,
      },
      this.deps.config.maxEndpoints,
    );
    if (!made.ok)
      return {
        ok: false,
        code: 'conflict',
        message: `An account may have at most ${this.deps.config.maxEndpoints} webhook endpoints; delete one first.`,
      };
    return { ok: true, endpoint: endpointView(made.endpoint), secret };
  }

  async list(account_id: string): Promise<EndpointView[]> {
    return (await this.deps.storage.webhooks.listEndpoints(account_id)).map(endpointView);
  }

  async get(account_id: string, id: string): Promise<EndpointView | WebhookRefusal> {
    if (!isOpaqueId(id)) return notFound(id);
    const e = await this.deps.storage.webhooks.getEndpoint(account_id, id);
    return e === undefined ? notFound(id) : endpointView(e);
  }

  async update(account_id: string, id: string, input: EndpointInput): Promise<EndpointView | WebhookRefusal> {
    if (!isOpaqueId(id)) return notFound(id);
    const checked = this.#check(input);
    if (!checked.ok) return checked;
    const e = await this.deps.storage.webhooks.updateEndpoint(account_id, id, {
      ...input,
      ...(checked.url === undefined ? {} : { url: checked.url }),
    });
    return e === undefined ? notFound(id) : endpointView(e);
  }

  async delete(account_id: string, id: string): Promise<true | WebhookRefusal> {
    if (!isOpaqueId(id)) return notFound(id);
    return (await this.deps.storage.webhooks.deleteEndpoint(account_id, id)) ? true : notFound(id);
  }

  /** A new secret; the old one keeps signing for 24 h, so receivers can switch without dropping events. */
  async rotateSecret(
    account_id: string,
    id: string,
  ): Promise<{ ok: true; endpoint: EndpointView; secret: string } | WebhookRefusal> {
    if (!isOpaqueId(id)) return notFound(id);
    const secret = newWebhookSecret();
    const expires = new Date(this.deps.clock.now().getTime() + ROTATION_OVERLAP_MS).toISOString();
    const e = await this.deps.storage.webhooks.rotateSecret(
      account_id,
      id,
      this.deps.cipher.encrypt(secret),
      expires,
    );
    return e === undefined ? notFound(id) : { ok: true, endpoint: endpointView(e), secret };
  }

  async sendTest(account_id: string, id: string): Promise<DeliveryView | WebhookRefusal> {
    if (!isOpaqueId(id)) return notFound(id);
    const endpoint = await this.deps.storage.webhooks.getEndpoint(account_id, id);
    if (endpoint === undefined) return notFound(id);
    if (endpoint.status !== 'enabled')
      return {
        ok: false,
        code: 'conflict',
        message: `Endpoint ${id} is disabled; enable it to send a test event.`,
      };
    const sent = await this.deps.storage.webhooks.sendTest(account_id, id, {
      endpoint_id: id,
      message: 'A test event from Bellwether: your endpoint is reachable and verifies signatures.',
    });
    return sent === undefined ? notFound(id) : deliveryView(sent.delivery);
  }

  /**
   * One page of an endpoint's deliveries, newest first, and where the next page starts (the last row's
   * stored position: its `created_at` to the millisecond, finer than the page shows).
   */
  async deliveries(
    account_id: string,
    endpoint_id: string,
    options: { status?: DeliveryStatus; limit: number; before?: ListPosition },
  ): Promise<{ data: DeliveryView[]; next: ListPosition | null } | WebhookRefusal> {
    if (!isOpaqueId(endpoint_id)) return notFound(endpoint_id);
    const endpoint = await this.deps.storage.webhooks.getEndpoint(account_id, endpoint_id);
    if (endpoint === undefined) return notFound(endpoint_id);
    const rows = await this.deps.storage.webhooks.listDeliveries(account_id, endpoint_id, {
      ...options,
      limit: options.limit + 1,
    });
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      data: page.map(deliveryView),
      next:
        rows.length > options.limit && last !== undefined
          ? { created_at: last.created_at, id: last.id }
          : null,
    };
  }

  async delivery(
    account_id: string,
    endpoint_id: string,
    id: string,
  ): Promise<(DeliveryView & { attempt_history: AttemptView[] }) | WebhookRefusal> {
    if (!isOpaqueId(id)) return notFoundDelivery(id);
    const found = await this.deps.storage.webhooks.getDelivery(account_id, id);
    if (found === undefined || found.delivery.endpoint_id !== endpoint_id) return notFoundDelivery(id);
    return { ...deliveryView(found.delivery), attempt_history: found.attempts.map(attemptView) };
  }

  async replay(account_id: string, endpoint_id: string, id: string): Promise<DeliveryView | WebhookRefusal> {
    if (!isOpaqueId(id) || !isOpaqueId(endpoint_id)) return notFoundDelivery(id);
    const found = await this.deps.storage.webhooks.getDelivery(account_id, id);
    if (found === undefined || found.delivery.endpoint_id !== endpoint_id) return notFoundDelivery(id);
    const endpoint = await this.deps.storage.webhooks.getEndpoint(account_id, endpoint_id);
    if (endpoint?.status !== 'enabled')
      return {
        ok: false,
        code: 'conflict',
        message: `Endpoint ${endpoint_id} is disabled; enable it to replay a delivery.`,
      };
    if (found.delivery.status === 'pending' || found.delivery.status === 'delivering')
      return { ok: false, code: 'conflict', message: `Delivery ${id} is still ${found.delivery.status}.` };
    const again = await this.deps.storage.webhooks.replay(account_id, id);
    return again === undefined ? notFoundDelivery(id) : deliveryView(again);
  }

  /** Checks the fields given; returns the normalised URL when one was given. */
  #check(input: EndpointInput): { ok: true; url?: string } | WebhookRefusal {
    let url: string | undefined;
    if (input.url !== undefined) {
      const checked = checkWebhookUrl(input.url, {
        allowPrivate: this.deps.config.allowPrivate,
        requireHttps: !this.deps.config.allowHttp,
      });
      if (!checked.ok) return { ok: false, code: 'validation_failed', field: 'url', message: checked.reason };
      url = checked.url.href;
    }
    if (input.description !== undefined && input.description.length > MAX_DESCRIPTION)
      return {
        ok: false,
        code: 'validation_failed',
        field: 'description',
        message: `description must be at most ${MAX_DESCRIPTION} characters`,
      };
    for (const t of input.event_types ?? [])
      if (!SUBSCRIBABLE_TYPES.includes(t))
        return {
          ok: false,
          code: 'validation_failed',
          field: 'event_types',
          message: `${JSON.stringify(t)} is not an event type; the types are ${SUBSCRIBABLE_TYPES.join(', ')}`,
        };
    return url === undefined ? { ok: true } : { ok: true, url };
  }
}

export interface DeliveryView {
  readonly id: string;
  readonly endpoint_id: string;
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

/** Where a newest-first page of deliveries ends: its last row's stored time and id. */
interface ListPosition {
  readonly created_at: string;
  readonly id: string;
}

export type AttemptView = Omit<WebhookAttemptRecord, 'delivery_id'>;

function endpointView(e: WebhookEndpointRecord): EndpointView {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: e.event_types,
    status: e.status,
    disabled_reason: e.disabled_reason,
    disabled_at: isoOrNull(e.disabled_at),
    failing_since: isoOrNull(e.failing_since),
    previous_secret_expires_at: isoOrNull(e.previous_secret_expires_at),
    created_at: iso(e.created_at),
    updated_at: iso(e.updated_at),
  };
}

function deliveryView(d: WebhookDeliveryRecord): DeliveryView {
  return {
    id: d.id,
    endpoint_id: d.endpoint_id,
    event_id: d.event_id,
    event_type: d.event_type,
    replay: d.replay,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: isoOrNull(d.next_attempt_at),
    last_attempt_at: isoOrNull(d.last_attempt_at),
    last_status: d.last_status,
    last_error: d.last_error,
    created_at: iso(d.created_at),
    finished_at: isoOrNull(d.finished_at),
  };
}

function attemptView(a: WebhookAttemptRecord): AttemptView {
  const { delivery_id: _, ...rest } = a;
  return { ...rest, started_at: iso(a.started_at) };
}

function notFound(id: string): WebhookRefusal {
  return { ok: false, code: 'not_found', message: `No webhook endpoint ${id}.` };
}

function notFoundDelivery(id: string): WebhookRefusal {
  return { ok: false, code: 'not_found', message: `No delivery ${id} of this endpoint.` };
}

/** Whether a service answer is a refusal. */
export function isRefusal(value: unknown): value is WebhookRefusal {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}
