/**
 * What each admitted request pays for, by stage, from a CPU profile of bench/hot-path.ts
 * (`BW_PROFILE=<file>`): every sample's own frame is charged to its stage (auth, limits, quota meter,
 * headers, body, validation, logging and metrics, storage, periodic work), else to the framework and
 * Node (HTTP parsing, sockets, Fastify's own steps, GC), and divided by the requests the profiled run
 * served (`<file>.requests`). The inspector's own start is left out.
 *
 *   node --import tsx bench/profile-stages.ts <profile> [<requests>]
 */
import { readFileSync } from 'node:fs';

const STAGES: readonly (readonly [string, RegExp])[] = [
  [
    'auth',
    /pipeline\/authenticate|keys\/key-service|keys\/key-format|keys\/embedded-coherence|unknown-key-cache|auth-failure-budget/,
  ],
  [
    'limits (burst)',
    /pipeline\/enforce-limits|memory-burst-limiter|admit-in-one-trip|redis-admission|redis-burst|pipeline\/authorize/,
  ],
  ['quota meter', /memory-quota-counter|usage-ledger|last-quota|quota-warnings|quota-windows|redis-quota/],
  [
    'headers',
    /rate-limit-headers|http\/build-app|register-dashboard|send-timeout|requests-in-flight|connection-cap/,
  ],
  ['body', /routes\/v1\/cards|cards-body-cache|session-state/],
  ['validation', /request-validators|storable-text|^validate|ajv/],
  ['logging and metrics', /pino|http-request-metrics|routes\/system\/metrics/],
  ['storage (sqlite/kysely)', /sqlite-driver|kysely|usage-repo|better-sqlite3/],
  ['event outbox, jobs, hub', /event-hub|job-runner|webhook|event-outbox/],
];

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
const file = process.argv[2];
if (file === undefined) throw new Error('usage: profile-stages.ts <profile> [<requests>]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const requests = Number(process.argv[3] ?? readFileSync(`${file}.requests`, 'utf8'));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const stageOf = new Map<number, string>();
/**
 * A sample's stage is its own frame's (self time): Fastify calls the rest of the answer from inside our
 * hooks, so charging a stack to the innermost stage frame would charge the socket writes to the headers.
 * Native frames (no URL: `writev`, better-sqlite3's `all`) are charged as their caller is.
 */
const classify = (id: number): string => {
  const known = stageOf.get(id);
  if (known !== undefined) return known;
  const n = byId.get(id);
  let stage = 'framework and Node';
  if (n !== undefined) {
    const name = n.callFrame.functionName;
    const where = `${n.callFrame.url} ${name}`;
    if (name === '(idle)') stage = 'idle';
    else if (name === 'dispatch' || /node:inspector/.test(n.callFrame.url)) stage = 'profiler';
    else if (n.callFrame.url === '' && !name.startsWith('(')) {
      const up = parent.get(id);
      if (up !== undefined) stage = classify(up);
    } else {
      const hit = STAGES.find(([, re]) => re.test(where));
      if (hit !== undefined) stage = hit[0];
    }
  }
  stageOf.set(id, stage);
  return stage;
};
const us = new Map<string, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const stage = classify(profile.samples[i] as number);
  us.set(stage, (us.get(stage) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
let busy = 0;
for (const [stage, t] of us) if (stage !== 'idle' && stage !== 'profiler') busy += t;
console.log(`${file}: ${requests} requests, ${(busy / 1000).toFixed(0)} ms busy`);
for (const [stage, t] of [...us].sort((a, b) => b[1] - a[1]))
  console.log(`  ${stage.padEnd(28)} ${(t / requests).toFixed(1).padStart(8)} µs/request`);
console.log(`  ${'total (busy)'.padEnd(28)} ${(busy / requests).toFixed(1).padStart(8)} µs/request`);
