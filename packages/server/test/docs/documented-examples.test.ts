/**
 * Examples work out of the box (issue #26): every example the README, the reference pages and the OpenAPI
 * document give — the curl, CLI and SDK commands of README.md, docs/api.md and docs/operating.md, the
 * parameter values docs/api.md shows for its routes, and each operation's request
 * as "Try it out" fills it in from the document's examples and defaults — runs against the demo market
 * `npm start` seeds (the default demo, cards published as serve publishes them) and answers 2xx with
 * content. The demo's tickers are invented, so examples use them; an example for a live deployment says
 * so. The dates the examples use must lie within the five years a demo started today holds.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { DEFAULT_ANALYSIS_CONFIG } from '../../src/config/config.js';
import { XNYS } from '../../src/market/calendar/xnys.js';
import { DEFAULT_DEMO, seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { priceInsideZones, startDemoBroker } from '../brokers/demo-broker.js';
import { syncTeslaFacts } from '../market/fundamentals/sync-tesla-facts.js';
import { Deployment, type Instance } from '../support/harness.js';
import { runCli } from '../support/serve-process.js';
import { createTempDir } from '../support/tmp.js';
import {
  type DocumentedRequest,
  documentedDates,
  documentedRequests,
  emptiness,
} from './openapi-examples.js';
import {
  cliExamples,
  curlExamples,
  expandCli,
  tableParameters,
  typeScriptSnippets,
} from './readme-examples.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The documents whose examples a reader copies (issue #49 moved the reference out of the README). */
const DOCUMENTS = ['README.md', 'docs/api.md', 'docs/operating.md'];
const DOCS = DOCUMENTS.map((d) => readFileSync(`${ROOT}${d}`, 'utf8')).join('\n');
/** Where the README's commands send requests, and the key they show. */
const DOCUMENTED_BASE = 'http://127.0.0.1:8080';
const DOCUMENTED_KEY = 'bw_…';
const NOW = new Date('2026-11-25T17:00:00Z');

/** Operations whose documented request is not run here, and why. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'GET /api/v1/events': 'an event stream never ends (test/events/event-stream.test.ts reads it)',
  'POST /api/v1/webhooks/{endpoint_id}/deliveries/{delivery_id}/replay':
    'replays a finished delivery; this deployment delivers nothing (test/events/webhooks-api.test.ts replays)',
};

describe('every documented example answers on the demo market', () => {
  let deployment: Deployment;
  let server: Instance;
  let base: string;
  let key: string;
  /** The account and key the CLI examples' acc_… and KEY_ID name (the demo key stays as it is). */
  let spare: { account: string; key: string };
  const dir = createTempDir('bw-doc-examples-');
  let broker: Awaited<ReturnType<typeof startDemoBroker>>;

  const api = (method: string, url: string, body?: unknown) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const answer = (res: { statusCode: number; body: string }) => {
    const why = res.statusCode >= 200 && res.statusCode < 300 ? undefined : `${res.statusCode}`;
    if (why !== undefined) return `${why}: ${res.body.slice(0, 400)}`;
    if (res.statusCode === 204) return undefined;
    const empty = emptiness(JSON.parse(res.body));
    return empty === undefined ? undefined : `${res.statusCode} but ${empty}: ${res.body.slice(0, 300)}`;
  };

  beforeAll(async () => {
    // As `npm start` on an empty data directory: the default demo, and the session's cards published.
    // Analyses stay queued (no threads), so the documented cancel finds its job still cancelable.
    // Broker routes reach an Alpaca stand-in that accepts the documented example credentials.
    broker = await startDemoBroker();
    deployment = await Deployment.create('embedded', {
      asOf: NOW,
      analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0 },
      brokers: broker.brokers,
    });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    expect(await publishSession(publicationDeps(server.platform))).toMatchObject({
      ok: true,
      published: true,
    });
    // Fundamentals come from SEC EDGAR, not the demo market: the documented ticker's recorded facts, as
    // `bellwether fundamentals sync TSLA` would store them.
    expect(await syncTeslaFacts(server.platform.storage.fundamentalFacts)).toMatchObject([
      { ticker: 'TSLA', added: 61 },
    ]);
    key = (await server.account('enterprise', { burst: 100_000 })).key as string;
    priceInsideZones(broker.fake, (await api('GET', '/api/v1/cards')).json().cards);
    const other = await server.account('enterprise', { name: 'Spare' });
    spare = { account: other.account.id, key: other.keyId as string };
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
    await broker?.fake.close();
    dir.remove();
  }, 60_000);

  it("the documents' curl commands", async () => {
    const lines = curlExamples(DOCS);
    expect(lines.length).toBeGreaterThan(2);
    const failures: string[] = [];
    // The tour polls the job its previous command submitted: `job_…` is that job's id.
    let jobId: string | undefined;
    for (const line of lines) {
      // The event stream never ends (test/events/event-stream.test.ts reads it).
      if (/\/api\/v1\/events\b/.test(line)) continue;
      if (line.includes('job_…') && jobId === undefined) {
        failures.push(`${line}\n  → no job submitted by an earlier command`);
        continue;
      }
      const command = line
        .replaceAll(DOCUMENTED_BASE, base)
        .replaceAll(DOCUMENTED_KEY, key)
        .replaceAll('job_…', jobId ?? 'job_…');
      const r = await run('bash', ['-c', `${command} -sS -w '\\n%{http_code}'`]);
      const out = r.stdout.trimEnd();
      const status = Number(out.slice(out.lastIndexOf('\n') + 1));
      const body = out.slice(0, out.lastIndexOf('\n'));
      const why = answer({ statusCode: status, body });
      if (why !== undefined) failures.push(`${line}\n  → ${why} ${r.stderr}`);
      else if (/\/api\/v1\/analysis\b/.test(line) && / -d /.test(line)) jobId = JSON.parse(body).job_id;
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("the documents' SDK snippets", async () => {
    const snippets = typeScriptSnippets(DOCS);
    expect(snippets.length).toBeGreaterThan(0);
    const client = pathToFileURL(`${ROOT}packages/client/src/index.ts`).href;
    for (const [i, snippet] of snippets.entries()) {
      // What the snippet declares at the top level is printed, to check it holds something.
      const names = [...snippet.matchAll(/^const\s+(?:\{([^}]*)\}|(\w+))\s*=/gm)].flatMap((m) =>
        (m[1] ?? m[2] ?? '').split(',').map((n) => n.trim()),
      );
      // .mts: an ES module, as in a project of "type": "module" (the snippet awaits at the top level).
      const file = join(dir.path, `snippet-${i}.mts`);
      writeFileSync(
        file,
        `${snippet.replaceAll("'@bellwether/client'", `'${client}'`).replaceAll(DOCUMENTED_BASE, base)}\nconsole.log('BINDINGS', JSON.stringify({ ${names.join(', ')} }));\n`,
      );
      // Spawned asynchronously: the server answering it runs in this process.
      const r = await run(process.execPath, ['--import', 'tsx', file], { BELLWETHER_API_KEY: key });
      expect(r.code, `${snippet}\n${r.stderr}`).toBe(0);
      const printed = r.stdout.split('\n').find((l) => l.startsWith('BINDINGS '));
      const bindings = JSON.parse(printed?.slice('BINDINGS '.length) ?? '{}') as Record<string, unknown>;
      for (const name of names)
        expect(emptiness({ [name]: bindings[name] }), `${snippet}: ${name}`).toBeUndefined();
    }
  }, 120_000);

  it("the documents' CLI commands, or the reason one does not run on the demo", async () => {
    const env = { ...deployment.env(), BELLWETHER_AS_OF: NOW.toISOString() };
    const written = new Map<string, string>();
    const failures: string[] = [];
    const skipped: string[] = [];
    for (const line of cliExamples(DOCS)) {
      const example = expandCli(line, spare);
      if (!example.run) {
        skipped.push(`${line} — ${example.reason}`);
        continue;
      }
      const args = example.args.map((a) => written.get(a) ?? a);
      // `demo` writes a market of its own: on an empty data directory, as a reader would run it.
      const runEnv = args[0] === 'demo' ? { ...env, BELLWETHER_DATA_DIR: join(dir.path, 'demo-data') } : env;
      const r = await runCli(args, runEnv);
      const output = r.stdout.trim();
      if (r.code !== 0 || output === '' || /\b0 (sessions|cards|tickers)\b/.test(output))
        failures.push(`${line}\n  → exit ${r.code}: ${(output || r.stderr).slice(0, 400)}`);
      if (example.stdoutTo !== undefined) {
        const file = join(dir.path, example.stdoutTo);
        writeFileSync(file, r.stdout);
        written.set(example.stdoutTo, file);
      }
    }
    // Each line not run says why: a live deployment, the reader's own files, or a process that stays up.
    expect(failures, `not run:\n${skipped.join('\n')}`).toEqual([]);
  }, 300_000);

  it('every operation of the OpenAPI document, with the examples and defaults "Try it out" fills in', async () => {
    const doc = (await server.get('/api/v1/openapi.json')).json();
    const requests = documentedRequests(doc);
    expect(requests.length).toBeGreaterThan(25);
    // Ids of this deployment's resources: path parameters have no example to fill in.
    const ids: Record<string, string> = {};
    const idFor = async (name: string): Promise<string> => {
      if (ids[name] !== undefined) return ids[name];
      if (name === 'card_id') ids[name] = (await api('GET', '/api/v1/cards')).json().cards[0].id;
      if (name === 'delivery_id')
        ids[name] = (await api('GET', `/api/v1/webhooks/${ids.endpoint_id}/deliveries`)).json().data[0].id;
      if (ids[name] === undefined) throw new Error(`no ${name} yet`);
      return ids[name];
    };
    // Deletions last, so that every operation on a resource finds it; a broker connection and an order
    // from a card first, so that the lists and reads of them find one.
    const FIRST = ['POST /api/v1/broker-connections', 'POST /api/v1/cards/{card_id}/orders'];
    const first = (r: { method: string; path: string }) => FIRST.indexOf(`${r.method} ${r.path}`);
    const ordered = [
      ...requests.filter((r) => first(r) >= 0).sort((a, b) => first(a) - first(b)),
      ...requests.filter((r) => r.method !== 'DELETE' && first(r) < 0),
      // Deletions in reverse: what uses a resource (an order, its connection) goes before it.
      ...requests.filter((r) => r.method === 'DELETE').reverse(),
    ];
    const failures: string[] = [];
    for (const r of ordered) {
      const name = `${r.method} ${r.path}`;
      if (NOT_RUN[name] !== undefined) continue;
      // The order placed first filled in part and the kill switch cancelled its rest: cancel a new one.
      if (name === 'DELETE /api/v1/orders/{order_id}')
        ids.order_id = (
          await api('POST', `/api/v1/cards/${await idFor('card_id')}/orders`, {
            connection_id: ids.connection_id,
            qty: 1,
          })
        ).json().id;
      // A backtest's job_id is the one its POST made (the analysis routes keep theirs).
      const idOf = r.path.startsWith('/api/v1/backtests/')
        ? async (n: string) => (n === 'job_id' ? idFor('backtest_job_id') : idFor(n))
        : idFor;
      const url = await filledUrl(r, idOf).catch((e: Error) => e);
      if (url instanceof Error) {
        failures.push(`${name}: ${url.message} (the operation creating it failed)`);
        continue;
      }
      // The body of an order names the broker connection made above (no document can know its id).
      const body =
        r.body !== null && typeof r.body === 'object' && 'connection_id' in r.body
          ? { ...r.body, connection_id: ids.connection_id }
          : r.body;
      const res = await api(r.method, url, body);
      const why = answer(res);
      if (why !== undefined) failures.push(`${r.method} ${url} ${JSON.stringify(r.body ?? '')}\n  → ${why}`);
      else if (r.method === 'POST' && r.path === '/api/v1/analysis') ids.job_id = res.json().job_id;
      else if (r.method === 'POST' && r.path === '/api/v1/backtests') ids.backtest_job_id = res.json().job_id;
      else if (r.method === 'POST' && r.path === '/api/v1/webhooks') ids.endpoint_id = res.json().endpoint.id;
      else if (r.method === 'POST' && r.path === '/api/v1/screens') ids.screen_id = res.json().id;
      else if (r.method === 'POST' && r.path === '/api/v1/broker-connections')
        ids.connection_id = res.json().id;
      else if (r.method === 'POST' && r.path === '/api/v1/cards/{card_id}/orders') {
        ids.order_id = res.json().id;
        // Half filled at the broker: the connection has a position to show, the rest can still be cancelled.
        broker.fake.fill(res.json().broker_order_id, {
          qty: Math.floor(res.json().qty / 2),
          price: res.json().limit_price,
        });
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("the API reference's name=value examples, each on its route's documented request", async () => {
    const doc = (await server.get('/api/v1/openapi.json')).json();
    const requests = documentedRequests(doc);
    const examples = tableParameters(DOCS);
    expect(examples.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const e of examples) {
      const documented = requests.find((r) => r.method === 'GET' && r.path === `/api/v1${e.path}`);
      if (documented === undefined) {
        failures.push(`${e.path}: not in the OpenAPI document`);
        continue;
      }
      const query: Record<string, string> = { ...documented.query, [e.name]: e.value };
      if (e.name === 'tickers') delete query.ticker;
      if (e.name === 'ticker') delete query.tickers;
      const url = `/api/v1${e.path}?${new URLSearchParams(query)}`;
      const why = answer(await api('GET', url));
      if (why !== undefined) failures.push(`${e.name}=${e.value}: GET ${url}\n  → ${why}`);
    }
    expect(failures).toEqual([]);
  });

  it('uses only dates a demo started today holds (the last five years of sessions)', async () => {
    const doc = (await server.get('/api/v1/openapi.json')).json();
    const last = XNYS.previous(new Date()).id;
    const first = `${Number(last.slice(0, 4)) - DEFAULT_DEMO.years}${last.slice(4)}`;
    const commands = [...curlExamples(DOCS), ...cliExamples(DOCS)].filter((l) => !/live data/.test(l));
    const dates = [...commands.flatMap((l) => l.match(/\d{4}-\d\d-\d\d/g) ?? []), ...documentedDates(doc)];
    expect(
      dates.filter((d) => d < first || d > last),
      `a demo started today holds ${first} … ${last}: move the examples' dates into that range`,
    ).toEqual([]);
  });
});

/** Runs a command to its end without blocking the event loop (the server under test shares it). */
function run(
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The request's URL with its query and its path parameters set to this deployment's resources. */
async function filledUrl(r: DocumentedRequest, idFor: (name: string) => Promise<string>): Promise<string> {
  let path = r.path;
  for (const p of r.pathParameters)
    path = path.replace(`{${p.name}}`, encodeURIComponent(p.example ?? (await idFor(p.name))));
  const query = new URLSearchParams(r.query).toString();
  return query === '' ? path : `${path}?${query}`;
}
