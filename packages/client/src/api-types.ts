import type { paths } from './openapi.gen.js';

/** Paths of the API as the OpenAPI document names them (`/api/v1/cards`, …). */
export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;
type Responses<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? R : never;
type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The JSON body of an operation's success answer (200, else 201, else 202). */
export type ResponseOf<P extends ApiPath, M extends Method = 'get'> =
  Responses<P, M> extends { 200: infer R }
    ? JsonContent<R>
    : Responses<P, M> extends { 201: infer R }
      ? JsonContent<R>
      : Responses<P, M> extends { 202: infer R }
        ? JsonContent<R>
        : never;

/** The query parameters of an operation (an empty object when it takes none). */
export type QueryOf<P extends ApiPath, M extends Method = 'get'> =
  Operation<P, M> extends { parameters: { query?: infer Q } }
    ? [Q] extends [never]
      ? Record<never, never>
      : NonNullable<Q>
    : Record<never, never>;

/** The JSON request body of an operation. */
export type BodyOf<P extends ApiPath, M extends Method = 'post'> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
