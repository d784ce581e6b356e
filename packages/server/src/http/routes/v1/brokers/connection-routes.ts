import { Type } from '@sinclair/typebox';
import type { BrokerAutomation } from '../../../../db/broker-connections-repo.js';
import { ProblemError } from '../../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { decodeCursor, encodeCursor } from '../../../page-cursor.js';
import { authorize } from '../../../pipeline/authorize.js';
import {
  AuditEntry,
  Automation,
  BrokerAccountView,
  Connection,
  ConnectionParams,
  KeyId,
  Order,
  PageQuery,
  Position,
  Secret,
} from './broker-schemas.js';
import {
  accountView,
  auditView,
  connectionView,
  orderView,
  orProblem,
  positionView,
} from './broker-views.js';

const common = { entitlement: 'brokers', billable: false, tags: ['brokers'] } as const;
const accountOf = (request: { principal: { account: { id: string } } | null }) =>
  request.principal?.account.id as string;
const idOf = (request: { params: unknown }) => (request.params as { connection_id: string }).connection_id;

const Caps = {
  max_order_qty: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 10_000_000,
      description: "Shares one order may be at most (at most the server's own cap)",
      examples: [100],
    }),
  ),
  max_order_notional: Type.Optional(
    Type.Number({
      minimum: 0.01,
      maximum: 100_000_000,
      description:
        "What one order may cost at its entry limit, in the account currency (at most the server's own cap)",
      examples: [25000],
    }),
  ),
};
const Label = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', examples: ['Alpaca paper'] });

const Page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object(
    { data: Type.Array(item), next_cursor: Type.Union([Type.String(), Type.Null()]) },
    { additionalProperties: false },
  );

/** Broker connections: link, list, read, configure, rotate, test, delete; positions, orders, audit log, kill switch. */
export function connectionRoutes(deps: AppDeps): ApiRouteDef[] {
  const brokers = deps.brokers;
  /** The caller's connection the path names; 404 for none or another account's. */
  const known = async (request: Parameters<typeof accountOf>[0] & { params: unknown }) => {
    const c = await deps.storage.brokerConnections.get(accountOf(request), idOf(request));
    if (c === undefined) throw new ProblemError('not_found', `No broker connection ${idOf(request)}.`);
    return c;
  };
  return [
    {
      ...common,
      method: 'POST',
      path: '/broker-connections',
      operationId: 'createBrokerConnection',
      summary: 'Link a broker account',
      description:
        "Checks the key id and secret with the broker's account call, then stores them encrypted (AES-256-GCM). The secret is write-only: no route, log, error or export returns it; the answer shows the key id's last four characters and the broker's account number. `paper` is the default; `live` needs `confirm_live: true` and a plan with live trading. 422 broker_credentials_rejected when the broker refuses them (nothing is stored).",
      schema: {
        body: Type.Object(
          {
            broker: Type.Optional(Type.Literal('alpaca', { default: 'alpaca', examples: ['alpaca'] })),
            environment: Type.Optional(
              Type.Union([Type.Literal('paper'), Type.Literal('live')], {
                default: 'paper',
                examples: ['paper'],
              }),
            ),
            label: Type.Optional(Label),
            key_id: KeyId,
            secret: Secret,
            confirm_live: Type.Optional(
              Type.Boolean({
                description: 'Must be true to link a live account: orders there spend real money',
                examples: [false],
              }),
            ),
            ...Caps,
          },
          { additionalProperties: false },
        ),
        response: { 201: Connection },
      },
      async handler(request, reply) {
        const raw = request.body as { broker?: 'alpaca'; environment?: 'paper' | 'live' };
        const body = { ...raw, broker: raw.broker ?? 'alpaca', environment: raw.environment ?? 'paper' } as {
          broker: 'alpaca';
          environment: 'paper' | 'live';
          label?: string;
          key_id: string;
          secret: string;
          confirm_live?: boolean;
          max_order_qty?: number;
          max_order_notional?: number;
        };
        if (body.environment === 'live') {
          authorize(request, 'brokers_live', deps.plans);
          if (body.confirm_live !== true)
            throw new ProblemError('validation_failed', 'A live connection places real orders: confirm it.', {
              extras: {
                errors: [{ pointer: '/body/confirm_live', detail: 'must be true to link a live account' }],
              },
            });
        }
        const made = await orProblem(
          brokers.link({
            account_id: accountOf(request),
            broker: body.broker,
            environment: body.environment,
            label: body.label?.trim() ?? `${body.broker} ${body.environment}`,
            key_id: body.key_id,
            secret: body.secret,
            ...(body.max_order_qty === undefined ? {} : { max_order_qty: body.max_order_qty }),
            ...(body.max_order_notional === undefined ? {} : { max_order_notional: body.max_order_notional }),
          }),
        );
        reply.code(201).header('location', `/api/v1/broker-connections/${made.id}`);
        return connectionView(made);
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/broker-connections',
      operationId: 'listBrokerConnections',
      description:
        "The account's broker connections: broker, environment (paper or live) and status. Credentials are write-only and never returned.",
      summary: 'List your broker connections',
      schema: {
        response: { 200: Type.Object({ data: Type.Array(Connection) }, { additionalProperties: false }) },
      },
      async handler(request) {
        return { data: (await deps.storage.brokerConnections.list(accountOf(request))).map(connectionView) };
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/broker-connections/:connection_id',
      operationId: 'getBrokerConnection',
      description:
        "One broker connection of the account. Credentials are write-only and never returned; another account's id answers 404.",
      summary: 'A broker connection',
      schema: { params: ConnectionParams, response: { 200: Connection } },
      async handler(request) {
        return connectionView(await known(request));
      },
    },
    {
      ...common,
      method: 'PATCH',
      path: '/broker-connections/:connection_id',
      operationId: 'updateBrokerConnection',
      summary: 'Rename a connection, change its caps or its automation',
      description:
        "`automation` (null: off) follows each session's cards as they are published: the cards of the given setups and directions whose expected R is at least `min_expected_r`, best first, each sized to risk `risk_per_order`, within `max_orders_per_session` and `max_risk_per_session` (counted in the database, so they hold across restarts and instances).",
      schema: {
        params: ConnectionParams,
        body: Type.Object(
          {
            label: Type.Optional(Label),
            ...Caps,
            automation: Type.Optional(Type.Union([Automation, Type.Null()])),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: Connection },
      },
      async handler(request) {
        const body = request.body as Omit<Parameters<typeof brokers.configure>[2], 'automation'> & {
          automation?:
            | (Omit<BrokerAutomation, 'setups' | 'directions' | 'min_expected_r'> & Partial<BrokerAutomation>)
            | null;
        };
        const { automation, ...rest } = body;
        return connectionView(
          await orProblem(
            brokers.configure(accountOf(request), idOf(request), {
              ...rest,
              ...(body.label === undefined ? {} : { label: body.label.trim() }),
              ...(automation === undefined
                ? {}
                : {
                    automation:
                      automation === null
                        ? null
                        : {
                            ...automation,
                            setups: automation.setups ?? [],
                            directions: automation.directions ?? ['long', 'short'],
                            min_expected_r: automation.min_expected_r ?? 0,
                          },
                  }),
            }),
          ),
        );
      },
    },
    {
      ...common,
      method: 'PUT',
      path: '/broker-connections/:connection_id/credentials',
      operationId: 'replaceBrokerCredentials',
      summary: 'Rotate the credentials of a connection',
      description:
        'New key id and secret for the same broker account, checked with the broker first; the old ones are forgotten. Credentials of another broker account are refused (409): link it as a new connection.',
      schema: {
        params: ConnectionParams,
        body: Type.Object({ key_id: KeyId, secret: Secret }, { additionalProperties: false }),
        response: { 200: Connection },
      },
      async handler(request) {
        const { key_id, secret } = request.body as { key_id: string; secret: string };
        return connectionView(
          await orProblem(brokers.rotate(accountOf(request), idOf(request), key_id, secret)),
        );
      },
    },
    {
      ...common,
      method: 'POST',
      path: '/broker-connections/:connection_id/test',
      operationId: 'testBrokerConnection',
      summary: 'Check a connection with the broker',
      description:
        "Calls the broker's account endpoint with the stored credentials and shows the account's buying power.",
      schema: {
        params: ConnectionParams,
        response: {
          200: Type.Object(
            { connection: Connection, account: BrokerAccountView },
            { additionalProperties: false },
          ),
        },
      },
      async handler(request) {
        const r = await orProblem(brokers.test(accountOf(request), idOf(request)));
        return { connection: connectionView(r.connection), account: accountView(r.account) };
      },
    },
    {
      ...common,
      method: 'DELETE',
      path: '/broker-connections/:connection_id',
      operationId: 'deleteBrokerConnection',
      summary: 'Delete a connection and its credentials',
      description:
        'The credentials are deleted; orders already placed stay at the broker (use the kill switch first to cancel them) and stay listed under their cards.',
      schema: {
        params: ConnectionParams,
        response: {
          200: Type.Object(
            { id: Type.String(), deleted: Type.Literal(true) },
            { additionalProperties: false },
          ),
        },
      },
      async handler(request) {
        await orProblem(brokers.remove(accountOf(request), idOf(request)));
        return { id: idOf(request), deleted: true };
      },
    },
    {
      ...common,
      method: 'POST',
      path: '/broker-connections/:connection_id/kill-switch',
      operationId: 'setBrokerKillSwitch',
      summary: 'Cancel every open order and stop automation',
      description:
        "Turns the connection's automation off, then asks the broker to cancel every open order of the linked account (Alpaca's DELETE /v2/orders: orders placed elsewhere too), then reads this connection's orders back. The take-profit and stop of an entry that has filled are open orders too: they are cancelled, and the position stays open at the broker without them — close it there.",
      schema: {
        params: ConnectionParams,
        response: {
          200: Type.Object(
            {
              canceled_broker_order_ids: Type.Array(Type.String()),
              automation_disabled: Type.Boolean({
                description: 'True when automation was on and this turned it off (it is off now in any case)',
              }),
            },
            { additionalProperties: false },
          ),
        },
      },
      async handler(request) {
        const r = await orProblem(brokers.kill(accountOf(request), idOf(request)));
        return { canceled_broker_order_ids: r.canceled, automation_disabled: r.automation_disabled };
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/broker-connections/:connection_id/positions',
      operationId: 'listBrokerPositions',
      description: 'The positions the broker reports for this connection now, as the broker states them.',
      summary: "The linked account's open positions, from the broker",
      schema: {
        params: ConnectionParams,
        response: { 200: Type.Object({ data: Type.Array(Position) }, { additionalProperties: false }) },
      },
      async handler(request) {
        return {
          data: (await orProblem(brokers.positions(accountOf(request), idOf(request)))).map(positionView),
        };
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/broker-connections/:connection_id/orders',
      operationId: 'listBrokerConnectionOrders',
      description: 'Orders placed through this connection, newest first, with their state at the broker.',
      summary: 'Orders placed through a connection, newest first',
      schema: { params: ConnectionParams, querystring: PageQuery, response: { 200: Page(Order) } },
      async handler(request) {
        await known(request);
        const q = request.query as { limit?: number; cursor?: string };
        const limit = q.limit ?? 50;
        const rows = await deps.storage.brokerOrders.listByConnection(accountOf(request), idOf(request), {
          limit: limit + 1,
          ...(q.cursor === undefined ? {} : { before: decodeCursor(q.cursor) }),
        });
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        return {
          data: page.map(orderView),
          next_cursor: rows.length > limit && last !== undefined ? encodeCursor(last) : null,
        };
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/broker-connections/:connection_id/audit',
      operationId: 'listBrokerAudit',
      summary: "A connection's audit log: every broker call and its answer, newest first",
      description:
        'Method, path, request body, status and answer of each call; never a credential (they travel only in headers, which are not kept).',
      schema: { params: ConnectionParams, querystring: PageQuery, response: { 200: Page(AuditEntry) } },
      async handler(request) {
        await known(request);
        const q = request.query as { limit?: number; cursor?: string };
        const limit = q.limit ?? 50;
        const before = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
        const rows = await deps.storage.brokerCalls.list(accountOf(request), idOf(request), {
          limit: limit + 1,
          ...(before === undefined ? {} : { before: { at: before.created_at, id: before.id } }),
        });
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        return {
          data: page.map(auditView),
          next_cursor:
            rows.length > limit && last !== undefined
              ? encodeCursor({ created_at: last.at, id: last.id })
              : null,
        };
      },
    },
  ];
}
