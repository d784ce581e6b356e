import { iso } from '../../../clock/iso.js';
import { newId } from '../../../db/ids.js';
import type { SavedScreenRecord } from '../../../db/saved-screens-repo.js';
import { ProblemError } from '../../../problems/problem-error.js';
import {
  DEFAULT_SCREEN_LIMIT,
  MAX_SCREEN_LIMIT,
  parseScreenRequest,
} from '../../../screening/screen-request.js';
import { screenUniverse } from '../../../screening/screen-universe.js';
import { screenQueryOf, storedScreen } from '../../../screening/stored-screen.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { answerScreen } from '../../screener/answer-screen.js';
import { SAVED_SCREEN_PROPERTIES } from '../../screener/saved-screen-properties.js';
import {
  SCREEN_PARAMETERS_SCHEMA,
  SCREEN_RESULTS_PROPERTIES,
  SCREEN_RESULTS_REQUIRED,
} from '../../screener/screen-answer.js';

/** Saved screens an account may keep. */
const MAX_SAVED_SCREENS = 50;

const accountOf = (request: { principal: { account: { id: string } } | null }) =>
  request.principal?.account.id as string;

const PARAMS = {
  type: 'object',
  properties: { screen_id: { type: 'string', maxLength: 64 } },
  required: ['screen_id'],
} as const;

const SCREEN = {
  type: 'object',
  required: ['id', 'name', 'where', 'sort', 'adjust', 'tickers', 'members', 'members_session'],
  properties: {
    id: { type: 'string' },
    ...SAVED_SCREEN_PROPERTIES,
    members: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description:
        'The tickers that matched at members_session’s close (alphabetical), as the evaluation after each session close found them; null until the first',
    },
    members_session: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

function view(s: SavedScreenRecord) {
  return {
    id: s.id,
    name: s.name,
    ...s.request,
    limit: typeof s.request.limit === 'number' ? s.request.limit : null,
    members: s.members,
    members_session: s.members_session,
    created_at: iso(new Date(s.created_at)),
    updated_at: iso(new Date(s.updated_at)),
  };
}

const notFound = (id: string) => new ProblemError('not_found', `No saved screen ${id}.`);

/**
 * Saved screens (issue #28): an account's named screens, run on request (`/results`, billed like
 * /screener) and after every session close, when a ticker entering or leaving one is told as a
 * `screen.entered` / `screen.left` event. Managing them is not billed.
 */
export function screensRoutes(deps: AppDeps): ApiRouteDef[] {
  const repo = deps.storage.savedScreens;
  /** Checks a body as /screener checks a query; the universe's tickers must exist. */
  const check = async (body: Readonly<Record<string, unknown>>) => {
    const request = parseScreenRequest(screenQueryOf(body), 'body');
    await screenUniverse(deps.market, deps.listings, request, 'body');
    return request;
  };
  const common = { entitlement: 'screener', billable: false, tags: ['market data'] } as const;
  return [
    {
      ...common,
      method: 'POST',
      path: '/screens',
      operationId: 'createScreen',
      summary: 'Save a screen',
      description: `Saves a screen under a name: \`where\`, \`sort\` and the universe as /screener takes them (\`tickers\` as a list). After every session close it is run again, and each ticker entering or leaving its matches is told as a \`screen.entered\` or \`screen.left\` event (webhooks and /events); the first run sets the members without events. At most ${MAX_SAVED_SCREENS} per account.`,
      schema: {
        body: {
          type: 'object',
          properties: SAVED_SCREEN_PROPERTIES,
          required: ['name', 'where'],
          additionalProperties: false,
        },
        response: { 201: SCREEN },
      },
      async handler(request, reply) {
        const body = request.body as Record<string, unknown>;
        const checked = await check(body);
        const made = await repo.create(
          {
            id: newId('scr'),
            account_id: accountOf(request),
            name: String(body.name).trim(),
            request: { ...storedScreen(checked, body) },
          },
          MAX_SAVED_SCREENS,
        );
        if (!made.ok)
          throw new ProblemError(
            'conflict',
            `This account already has ${MAX_SAVED_SCREENS} saved screens; delete one first.`,
          );
        reply.code(201).header('location', `/api/v1/screens/${made.screen.id}`);
        return view(made.screen);
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/screens',
      operationId: 'listScreens',
      description: "The account's saved screens, in the order they were created, each with its criteria.",
      summary: 'List your saved screens',
      schema: {
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: SCREEN } } },
        },
      },
      async handler(request) {
        return { data: (await repo.list(accountOf(request))).map(view) };
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/screens/:screen_id',
      operationId: 'getScreen',
      description:
        "One saved screen of the account, with the tickers that passed it at the last session evaluated. Another account's id answers 404.",
      summary: 'A saved screen, with its members at the last session evaluated',
      schema: { params: PARAMS, response: { 200: SCREEN } },
      async handler(request) {
        const id = (request.params as { screen_id: string }).screen_id;
        const s = await repo.get(accountOf(request), id);
        if (s === undefined) throw notFound(id);
        return view(s);
      },
    },
    {
      ...common,
      method: 'PATCH',
      path: '/screens/:screen_id',
      operationId: 'updateScreen',
      summary: 'Rename a saved screen or change what it screens',
      description:
        'Any of the fields of a new screen. A change of the screen itself (not only its name) forgets the members: the next evaluation sets them again without events.',
      schema: {
        params: PARAMS,
        body: {
          type: 'object',
          properties: SAVED_SCREEN_PROPERTIES,
          additionalProperties: false,
          minProperties: 1,
        },
        response: { 200: SCREEN },
      },
      async handler(request) {
        const id = (request.params as { screen_id: string }).screen_id;
        const account = accountOf(request);
        const current = await repo.get(account, id);
        if (current === undefined) throw notFound(id);
        const { name, ...rest } = request.body as Record<string, unknown>;
        let changed: Record<string, unknown> | undefined;
        if (Object.keys(rest).length > 0) {
          const merged = { ...current.request, ...rest };
          const next = { ...storedScreen(await check(merged), merged) };
          if (JSON.stringify(next) !== JSON.stringify(current.request)) changed = next;
        }
        const updated = await repo.update(account, id, {
          ...(typeof name === 'string' ? { name: name.trim() } : {}),
          ...(changed === undefined ? {} : { request: changed }),
        });
        if (updated === undefined) throw notFound(id);
        return view(updated);
      },
    },
    {
      ...common,
      method: 'DELETE',
      path: '/screens/:screen_id',
      operationId: 'deleteScreen',
      description: "Deletes one of the account's saved screens. Another account's id answers 404.",
      summary: 'Delete a saved screen',
      schema: {
        params: PARAMS,
        response: {
          200: {
            type: 'object',
            required: ['id', 'deleted'],
            properties: { id: { type: 'string' }, deleted: { type: 'boolean', const: true } },
          },
        },
      },
      async handler(request) {
        const id = (request.params as { screen_id: string }).screen_id;
        if (!(await repo.delete(accountOf(request), id))) throw notFound(id);
        return { id, deleted: true };
      },
    },
    {
      ...common,
      billable: true,
      method: 'GET',
      path: '/screens/:screen_id/results',
      operationId: 'listScreenResults',
      summary: 'Run a saved screen now',
      description:
        'The saved screen run as /screener runs it (same answer), at the last closed session or at `date`. One quota unit.',
      schema: {
        params: PARAMS,
        querystring: {
          type: 'object',
          properties: {
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_SCREEN_LIMIT,
              description: `How many matches; default the screen's own \`limit\`, else ${DEFAULT_SCREEN_LIMIT}`,
            },
            date: {
              type: 'string',
              description: 'The session screened, YYYY-MM-DD; default the last closed',
            },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            required: [...SCREEN_RESULTS_REQUIRED, 'screen_id', 'name'],
            properties: {
              as_of: { type: 'string' },
              screen_id: { type: 'string' },
              name: { type: 'string' },
              parameters: SCREEN_PARAMETERS_SCHEMA,
              ...SCREEN_RESULTS_PROPERTIES,
            },
          },
        },
      },
      async handler(request, reply) {
        const id = (request.params as { screen_id: string }).screen_id;
        const saved = await repo.get(accountOf(request), id);
        if (saved === undefined) throw notFound(id);
        const q = request.query as { limit?: number; date?: string };
        const screen = parseScreenRequest(
          screenQueryOf(saved.request, {
            ...(q.limit === undefined ? {} : { limit: q.limit }),
            ...(q.date === undefined ? {} : { date: q.date }),
          }),
        );
        return { screen_id: saved.id, name: saved.name, ...(await answerScreen(deps, reply, screen)) };
      },
    },
  ];
}
