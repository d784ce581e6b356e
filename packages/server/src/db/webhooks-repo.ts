import { sql, type Transaction } from 'kysely';
import { belowAccountCap } from './account-cap.js';
import { appendEvents, eventRecord } from './event-outbox.js';
import { newId } from './ids.js';
import type { RepoContext } from './repo-context.js';
import type { WebhooksRepo } from './repositories.js';
import type {
  Database,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from './schema.js';
import type {
  AttemptOutcome,
  DeliveryNext,
  DeliveryStatus,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from './webhook-records.js';

const ROWS_PER_STATEMENT = 200;
/** What a disabled or deleted endpoint's waiting deliveries become. */
const OPEN: DeliveryStatus[] = ['pending', 'delivering'];

/** Webhook endpoints, the delivery queue and its history over Kysely (either dialect). */
export function createWebhooksRepo({ db, dialect, now, eventSignal }: RepoContext): WebhooksRepo {
  const endpointFor = (account_id: string, id: string) =>
    db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', account_id)
      .where('id', '=', id)
      .executeTakeFirst();

  return {
    async createEndpoint(endpoint, max) {
      const at = now();
      return db.transaction().execute(async (trx) => {
        if (!(await belowAccountCap(trx, dialect, 'webhook_endpoints', endpoint.account_id, max)))
          return { ok: false as const, reason: 'endpoint_limit_reached' as const };
        const row = toRow({ ...endpoint, created_at: at, updated_at: at });
        await trx.insertInto('webhook_endpoints').values(row).execute();
        return { ok: true as const, endpoint: toEndpoint(row) };
      });
    },

    async getEndpoint(account_id, id) {
      const row = await endpointFor(account_id, id);
      return row === undefined ? undefined : toEndpoint(row);
    },

    async endpointById(id) {
      const row = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : toEndpoint(row);
    },

    async listEndpoints(account_id) {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', account_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toEndpoint);
    },

    async listEnabledEndpoints() {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('status', '=', 'enabled')
        .orderBy('id')
        .execute();
      return rows.map(toEndpoint);
    },

    async updateEndpoint(account_id, id, patch) {
      const at = now();
      const updated = await db.transaction().execute(async (trx) => {
        const set: Partial<WebhookEndpointsTable> = { updated_at: at };
        if (patch.url !== undefined) set.url = patch.url;
        if (patch.description !== undefined) set.description = patch.description;
        if (patch.event_types !== undefined) set.event_types = JSON.stringify(patch.event_types);
        if (patch.enabled === true)
          Object.assign(set, {
            status: 'enabled',
            disabled_reason: null,
            disabled_at: null,
            failing_since: null,
          });
        if (patch.enabled === false)
          Object.assign(set, { status: 'disabled', disabled_reason: 'customer', disabled_at: at });
        const row = await trx
          .updateTable('webhook_endpoints')
          .set(set)
          .where('account_id', '=', account_id)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (row !== undefined && patch.enabled === false) await cancelOpen(trx, id, at);
        return row;
      });
      return updated === undefined ? undefined : toEndpoint(updated);
    },

    async deleteEndpoint(account_id, id) {
      return db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('webhook_endpoints')
          .where('account_id', '=', account_id)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) return false;
        await trx
          .deleteFrom('webhook_attempts')
          .where('delivery_id', 'in', (eb) =>
            eb.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id),
          )
          .execute();
        await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
        return true;
      });
    },

    async rotateSecret(account_id, id, secret_ciphertext, previous_expires_at) {
      const row = await db
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          previous_secret: eb.ref('secret'),
          previous_secret_expires_at: previous_expires_at,
          secret: secret_ciphertext,
          updated_at: now(),
        }))
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : toEndpoint(row);
    },

    async disableEndpoint(id, reason, events) {
      const at = now();
      const disabled = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('webhook_endpoints')
          .set({ status: 'disabled', disabled_reason: reason, disabled_at: at, updated_at: at })
          .where('id', '=', id)
          .where('status', '=', 'enabled')
          .returning('id')
          .executeTakeFirst();
        if (row === undefined) return false;
        await cancelOpen(trx, id, at);
        await appendEvents(trx, events, at);
        return true;
      });
      if (disabled && events.length > 0) eventSignal.notify();
      return disabled;
    },

    async cursor(name) {
      const row = await db
        .selectFrom('event_cursors')
        .select('seq')
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },

    async commitFanOut(name, from, through, at, deliveries) {
      const written = await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('event_cursors')
          .select('seq')
          .where('name', '=', name)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (current === undefined) {
          if (from !== 0) return false;
          // Of two first fan-outs racing to create the cursor, the primary key lets one in.
          const made = await trx
            .insertInto('event_cursors')
            .values({ name, seq: through })
            .onConflict((oc) => oc.column('name').doNothing())
            .returning('name')
            .executeTakeFirst();
          if (made === undefined) return false;
        } else {
          if (Number(current.seq) !== from) return false;
          await trx.updateTable('event_cursors').set({ seq: through }).where('name', '=', name).execute();
        }
        const rows = deliveries.map(
          (d): WebhookDeliveriesTable => ({
            id: newId('whd'),
            ...d,
            replay: 0,
            status: 'pending',
            attempts: 0,
            next_attempt_at: at,
            lease_until: null,
            last_attempt_at: null,
            last_status: null,
            last_error: null,
            created_at: at,
            finished_at: null,
          }),
        );
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
          await trx
            .insertInto('webhook_deliveries')
            .values(rows.slice(i, i + ROWS_PER_STATEMENT))
            .onConflict((oc) => oc.columns(['endpoint_id', 'event_seq', 'replay']).doNothing())
            .execute();
        return true;
      });
      return written;
    },

    async claimDue(at, lease_until, limit, fairness) {
      return db.transaction().execute(async (trx) => {
        // Endpoints and accounts this process already has at their caps are left out of the reads, so one
        // endpoint's or one account's backlog cannot fill every read and starve the others.
        const atCap = (held: ReadonlyMap<string, number> | undefined, cap: number | undefined) =>
          cap === undefined ? [] : [...(held ?? [])].filter(([, n]) => n >= cap).map(([id]) => id);
        const full = atCap(fairness?.inFlight, fairness?.perEndpoint);
        const fullAccounts = atCap(fairness?.accountsInFlight, fairness?.perAccount);
        const read = (
          status: 'pending' | 'delivering',
          column: 'next_attempt_at' | 'lease_until',
          n: number,
        ) =>
          trx
            .selectFrom('webhook_deliveries')
            .select(['id', 'attempts', 'endpoint_id', 'account_id'])
            .where('status', '=', status)
            // Two plain range reads on (status, time) indexes: an OR of both would scan the table.
            .where(column, status === 'pending' ? '<=' : '<', at)
            .$if(full.length > 0, (qb) => qb.where('endpoint_id', 'not in', full))
            .$if(fullAccounts.length > 0, (qb) => qb.where('account_id', 'not in', fullAccounts))
            .orderBy(column)
            .limit(n)
            .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked())
            .execute();
        const want = fairness === undefined ? limit : limit * 4;
        // Attempts whose process died first (they are the oldest), then what is due.
        const expired = await read('delivering', 'lease_until', want);
        const candidates =
          expired.length >= want
            ? expired
            : [...expired, ...(await read('pending', 'next_attempt_at', want - expired.length))];
        const taken = new Map(fairness?.inFlight ?? []);
        const takenByAccount = new Map(fairness?.accountsInFlight ?? []);
        const due = candidates
          .filter((c) => {
            if (fairness === undefined) return true;
            const n = taken.get(c.endpoint_id) ?? 0;
            if (n >= fairness.perEndpoint) return false;
            const a = takenByAccount.get(c.account_id) ?? 0;
            if (a >= (fairness.perAccount ?? Number.POSITIVE_INFINITY)) return false;
            taken.set(c.endpoint_id, n + 1);
            takenByAccount.set(c.account_id, a + 1);
            return true;
          })
          .slice(0, limit);
        const rows: WebhookDeliveriesTable[] = [];
        for (const d of due) {
          const row = await trx
            .updateTable('webhook_deliveries')
            .set({ status: 'delivering', attempts: d.attempts + 1, lease_until, last_attempt_at: at })
            .where('id', '=', d.id)
            .where('attempts', '=', d.attempts)
            .returningAll()
            .executeTakeFirst();
          if (row !== undefined) rows.push(row);
        }
        if (rows.length === 0) return [];
        // What the attempts need, in two reads for the batch rather than two per delivery.
        const endpoints = new Map(
          (
            await trx
              .selectFrom('webhook_endpoints')
              .selectAll()
              .where('id', 'in', [...new Set(rows.map((r) => r.endpoint_id))])
              .execute()
          ).map((e) => [e.id, toEndpoint(e)]),
        );
        const events = new Map(
          (
            await trx
              .selectFrom('events')
              .selectAll()
              .where('id', 'in', [...new Set(rows.map((r) => r.event_id))])
              .execute()
          ).map((e) => [e.id, eventRecord(e)]),
        );
        return rows.map((row) => ({
          delivery: toDelivery(row),
          attempt: row.attempts,
          endpoint: endpoints.get(row.endpoint_id),
          event: events.get(row.event_id),
        }));
      });
    },

    async finishAttempts(items) {
      if (items.length === 0) return [];
      const at = now();
      return db.transaction().execute(async (trx) => {
        // An endpoint disabled while an attempt was in flight gets no further attempt. The row locks
        // (taken in id order, before any delivery row) order this against a concurrent disable, which
        // cancels what is pending when it commits.
        const endpointIds = [...new Set(items.map((i) => i.claim.delivery.endpoint_id))].sort();
        const endpoints = await trx
          .selectFrom('webhook_endpoints')
          .select(['id', 'status'])
          .where('id', 'in', endpointIds)
          .orderBy('id')
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .execute();
        const enabled = new Set(endpoints.filter((e) => e.status === 'enabled').map((e) => e.id));
        const recorded: boolean[] = [];
        const attempts: WebhookAttemptsTable[] = [];
        const firstFailure = new Map<string, string>();
        const succeeded = new Set<string>();
        for (const { claim, attempt, next: requested } of items) {
          const { delivery } = claim;
          const next: DeliveryNext =
            requested.status === 'pending' && !enabled.has(delivery.endpoint_id)
              ? { status: 'canceled' }
              : requested;
          const row = await trx
            .updateTable('webhook_deliveries')
            .set({
              status: next.status,
              next_attempt_at: next.status === 'pending' ? next.next_attempt_at : null,
              lease_until: null,
              last_status: attempt.status,
              last_error: attempt.error,
              finished_at: next.status === 'pending' ? null : at,
            })
            .where('id', '=', delivery.id)
            .where('attempts', '=', claim.attempt)
            .where('status', '=', 'delivering')
            .returning('id')
            .executeTakeFirst();
          recorded.push(row !== undefined);
          if (row === undefined) continue;
          attempts.push({ delivery_id: delivery.id, attempt: claim.attempt, ...attempt });
          if (attempt.outcome === 'success') succeeded.add(delivery.endpoint_id);
          else {
            const first = firstFailure.get(delivery.endpoint_id);
            if (first === undefined || attempt.started_at < first)
              firstFailure.set(delivery.endpoint_id, attempt.started_at);
          }
        }
        for (let i = 0; i < attempts.length; i += ROWS_PER_STATEMENT)
          await trx
            .insertInto('webhook_attempts')
            .values(attempts.slice(i, i + ROWS_PER_STATEMENT))
            .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
            .execute();
        // The failure streak: a success ends it; failures start it unless it has started.
        if (succeeded.size > 0)
          await trx
            .updateTable('webhook_endpoints')
            .set({ failing_since: null })
            .where('id', 'in', [...succeeded])
            .execute();
        for (const [id, since] of firstFailure)
          if (!succeeded.has(id))
            await trx
              .updateTable('webhook_endpoints')
              .set({ failing_since: sql<string>`coalesce(failing_since, ${since})` })
              .where('id', '=', id)
              .execute();
        return recorded;
      });
    },

    async listDeliveries(account_id, endpoint_id, { status, limit, before }) {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('endpoint_id', '=', endpoint_id)
        .$if(status !== undefined, (qb) => qb.where('status', '=', status as string))
        .$if(before !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('created_at', '<', before?.created_at as string),
              eb.and([
                eb('created_at', '=', before?.created_at as string),
                eb('id', '<', before?.id as string),
              ]),
            ]),
          ),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toDelivery);
    },

    async getDelivery(account_id, id) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const attempts = await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('delivery_id', '=', id)
        .orderBy('attempt')
        .execute();
      return { delivery: toDelivery(row), attempts: attempts.map(toAttempt) };
    },

    async replay(account_id, delivery_id) {
      const at = now();
      const row = await db.transaction().execute(async (trx) => {
        const original = await trx
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('account_id', '=', account_id)
          .where('id', '=', delivery_id)
          .executeTakeFirst();
        if (original === undefined) return undefined;
        const last = await trx
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.max('replay').as('replay'))
          .where('endpoint_id', '=', original.endpoint_id)
          .where('event_seq', '=', original.event_seq)
          .executeTakeFirst();
        const fresh: WebhookDeliveriesTable = {
          ...original,
          id: newId('whd'),
          replay: Number(last?.replay ?? 0) + 1,
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          lease_until: null,
          last_attempt_at: null,
          last_status: null,
          last_error: null,
          created_at: at,
          finished_at: null,
        };
        await trx.insertInto('webhook_deliveries').values(fresh).execute();
        return fresh;
      });
      if (row === undefined) return undefined;
      // Not an event, but work for the dispatchers: wake them as an event would.
      eventSignal.notify();
      return toDelivery(row);
    },

    async sendTest(account_id, endpoint_id, data) {
      const at = now();
      const sent = await db.transaction().execute(async (trx) => {
        const endpoint = await trx
          .selectFrom('webhook_endpoints')
          .select('id')
          .where('account_id', '=', account_id)
          .where('id', '=', endpoint_id)
          .executeTakeFirst();
        if (endpoint === undefined) return undefined;
        const [event] = await appendEvents(
          trx,
          [{ type: 'webhook.test', account_id, endpoint_id, data }],
          at,
        );
        if (event === undefined) return undefined;
        const row: WebhookDeliveriesTable = {
          id: newId('whd'),
          endpoint_id,
          account_id,
          event_seq: event.seq,
          event_id: event.id,
          event_type: event.type,
          replay: 0,
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          lease_until: null,
          last_attempt_at: null,
          last_status: null,
          last_error: null,
          created_at: at,
          finished_at: null,
        };
        await trx.insertInto('webhook_deliveries').values(row).execute();
        return { event, delivery: toDelivery(row) };
      });
      if (sent !== undefined) eventSignal.notify();
      return sent;
    },

    async purge(before) {
      return db.transaction().execute(async (trx) => {
        const old = trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', 'not in', OPEN)
          .where('finished_at', '<', before);
        await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
        const gone = await trx
          .deleteFrom('webhook_deliveries')
          .where('status', 'not in', OPEN)
          .where('finished_at', '<', before)
          .executeTakeFirst();
        return Number(gone.numDeletedRows);
      });
    },
  };
}

/** Cancels an endpoint's waiting deliveries (a delivery mid-attempt finishes as its attempt decides). */
async function cancelOpen(trx: Transaction<Database>, id: string, at: string): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'canceled', next_attempt_at: null, finished_at: at })
    .where('endpoint_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

function toRow(e: WebhookEndpointRecord): WebhookEndpointsTable {
  return {
    id: e.id,
    account_id: e.account_id,
    url: e.url,
    description: e.description,
    event_types: JSON.stringify(e.event_types),
    secret: e.secret_ciphertext,
    previous_secret: e.previous_secret_ciphertext,
    previous_secret_expires_at: e.previous_secret_expires_at,
    status: e.status,
    disabled_reason: e.disabled_reason,
    disabled_at: e.disabled_at,
    failing_since: e.failing_since,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

function toEndpoint(r: WebhookEndpointsTable): WebhookEndpointRecord {
  return {
    id: r.id,
    account_id: r.account_id,
    url: r.url,
    description: r.description,
    event_types: JSON.parse(r.event_types) as string[],
    secret_ciphertext: r.secret,
    previous_secret_ciphertext: r.previous_secret,
    previous_secret_expires_at: r.previous_secret_expires_at,
    status: r.status as WebhookEndpointRecord['status'],
    disabled_reason: r.disabled_reason as WebhookEndpointRecord['disabled_reason'],
    disabled_at: r.disabled_at,
    failing_since: r.failing_since,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

function toDelivery(r: WebhookDeliveriesTable): WebhookDeliveryRecord {
  return {
    id: r.id,
    endpoint_id: r.endpoint_id,
    account_id: r.account_id,
    event_seq: Number(r.event_seq),
    event_id: r.event_id,
    event_type: r.event_type,
    replay: r.replay,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    next_attempt_at: r.next_attempt_at,
    last_attempt_at: r.last_attempt_at,
    last_status: r.last_status,
    last_error: r.last_error,
    created_at: r.created_at,
    finished_at: r.finished_at,
  };
}

function toAttempt(r: WebhookAttemptsTable): WebhookAttemptRecord {
  return {
    delivery_id: r.delivery_id,
    attempt: r.attempt,
    started_at: r.started_at,
    duration_ms: r.duration_ms,
    outcome: r.outcome as AttemptOutcome,
    status: r.status,
    error: r.error,
    response_excerpt: r.response_excerpt,
  };
}
