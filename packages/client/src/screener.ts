import type { BodyOf, QueryOf, ResponseOf } from './api-types.js';
import { sendBody as call, pathOf as path, type Query } from './send-body.js';
import type { Transport } from './transport.js';

type SavedScreen = ResponseOf<'/api/v1/screens/{screen_id}'>;

/**
 * `screener.run({ where: 'rsi(14) < 30 and close > sma(200)', sort: '-roc(20)' })`: which instruments match
 * at the last closed session (or `date`), each with the values that matched. A bad screen is a
 * BellwetherProblem (422) whose `errors[]` point at the offending token.
 */
export class ScreenerResource {
  constructor(private readonly transport: Transport) {}

  run(
    query: QueryOf<'/api/v1/screener'> & Query,
    signal?: AbortSignal,
  ): Promise<ResponseOf<'/api/v1/screener'>> {
    return call(this.transport, 'GET', '/screener', { query, signal });
  }
}

/**
 * `screens.*`: the account's saved screens. After every session close each is run again, and a ticker
 * entering or leaving its matches is a `screen.entered` / `screen.left` event (webhooks, `events.stream`).
 */
export class ScreensResource {
  constructor(private readonly transport: Transport) {}

  create(input: BodyOf<'/api/v1/screens'>, signal?: AbortSignal): Promise<SavedScreen> {
    return call(this.transport, 'POST', '/screens', { body: input, signal });
  }

  async list(signal?: AbortSignal): Promise<SavedScreen[]> {
    return (await call<{ data: SavedScreen[] }>(this.transport, 'GET', '/screens', { signal })).data;
  }

  /** A saved screen with its members at the last session evaluated. */
  get(screenId: string, signal?: AbortSignal): Promise<SavedScreen> {
    return call(this.transport, 'GET', `/screens${path(screenId)}`, { signal });
  }

  /** Renames it or changes what it screens (a change of the screen forgets its members). */
  update(
    screenId: string,
    patch: BodyOf<'/api/v1/screens/{screen_id}', 'patch'>,
    signal?: AbortSignal,
  ): Promise<SavedScreen> {
    return call(this.transport, 'PATCH', `/screens${path(screenId)}`, { body: patch, signal });
  }

  delete(screenId: string, signal?: AbortSignal): Promise<{ id: string; deleted: boolean }> {
    return call(this.transport, 'DELETE', `/screens${path(screenId)}`, { signal });
  }

  /** Runs it now, as `screener.run` would. */
  results(
    screenId: string,
    query: QueryOf<'/api/v1/screens/{screen_id}/results'> & Query = {},
    signal?: AbortSignal,
  ): Promise<ResponseOf<'/api/v1/screens/{screen_id}/results'>> {
    return call(this.transport, 'GET', `/screens${path(screenId, 'results')}`, { query, signal });
  }
}
