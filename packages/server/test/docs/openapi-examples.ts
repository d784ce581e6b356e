/**
 * The request each operation of the OpenAPI document documents: every parameter that has an example or
 * a default set to it (as Swagger UI's "Try it out" fills them in), and a JSON body of the examples,
 * defaults and first enum values of its schema.
 */

interface Schema {
  readonly type?: string | readonly string[];
  readonly examples?: readonly unknown[];
  readonly example?: unknown;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
}

interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'path' | 'header';
  readonly required?: boolean;
  readonly example?: unknown;
  readonly schema?: Schema;
}

interface Operation {
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: Schema }>> };
}

export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
}

export interface DocumentedRequest {
  readonly method: string;
  /** The path as documented, `{name}` for path parameters. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** Path parameters with the example filled in, if any (most name a deployment's own resources). */
  readonly pathParameters: readonly { readonly name: string; readonly example?: string }[];
  readonly body?: unknown;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The value "Try it out" fills in for a parameter: its example, else its default. */
function filled(p: Parameter): unknown {
  return p.example ?? p.schema?.examples?.[0] ?? p.schema?.example ?? p.schema?.default;
}

/** A body of the schema's examples and defaults (required members without either: their first enum value). */
function exampleBody(schema: Schema): unknown {
  const value = schema.examples?.[0] ?? schema.example ?? schema.default;
  if (value !== undefined) return value;
  if (schema.properties === undefined) return schema.enum?.[0];
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(schema.properties)) {
    const v = exampleBody(member);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** Every operation's documented request, in the document's order. */
export function documentedRequests(doc: OpenApiDocument): DocumentedRequest[] {
  const out: DocumentedRequest[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const query: Record<string, string> = {};
      for (const p of op.parameters ?? []) {
        const v = filled(p);
        if (p.in === 'query' && v !== undefined) query[p.name] = String(v);
      }
      const schema = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        query,
        pathParameters: (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => {
            const v = filled(p);
            return v === undefined ? { name: p.name } : { name: p.name, example: String(v) };
          }),
        ...(schema === undefined ? {} : { body: exampleBody(schema) }),
      });
    }
  }
  return out;
}

/** Dates (YYYY-MM-DD, alone or in an instant) among the document's parameter examples and defaults. */
export function documentedDates(doc: OpenApiDocument): string[] {
  const out: string[] = [];
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item))
      for (const p of op.parameters ?? []) {
        const v = filled(p);
        if (typeof v === 'string') out.push(...(v.match(/\d{4}-\d\d-\d\d/g) ?? []));
      }
  return out;
}

/**
 * Why an answer is empty, or undefined when it has content: one resource (an object with its `id`), or a
 * JSON document whose top-level lists are not empty and whose per-ticker results each cover at least one
 * bar (or return, or news item of the window).
 */
export function emptiness(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Object.keys(body).length === 0) return 'no JSON content';
  if ('id' in body) return undefined;
  for (const [name, value] of Object.entries(body)) {
    if (!Array.isArray(value)) continue;
    if (value.length === 0) return `"${name}" is empty`;
    if (name !== 'results') continue;
    for (const r of value as Record<string, unknown>[]) {
      for (const measure of ['count', 'observations'])
        if (r[measure] === 0) return `result ${String(r.ticker)} has ${measure} 0`;
    }
  }
  return undefined;
}
