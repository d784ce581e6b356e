/**
 * Distributed mode's analysis path with real processes: an API instance that only submits
 * (BELLWETHER_ANALYSIS_THREADS=0), jobs carried by BullMQ on Redis to `bellwether worker` processes, and a
 * worker killed with SIGKILL while it runs a job — the job is taken over by another worker once its lease
 * runs out, ends succeeded with its attempts recorded, and exactly one report is stored for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_CONFIG } from '../../src/config/config.js';
import { Deployment, type Instance } from '../support/harness.js';
import { ingestRealBars } from '../support/real-bars.js';
import { runCli, WorkerProcess } from '../support/serve-process.js';
import { validateReport } from './report-schema.js';

const AS_OF = new Date('2016-01-04T12:00:00Z');
const LEASE_SECONDS = 2;

describe('bellwether worker processes (distributed)', () => {
  let deployment: Deployment;
  let api: Instance;
  let key: string;
  let account: string;
  const workers: WorkerProcess[] = [];

  const workerEnv = () => ({
    ...deployment.env(),
    BELLWETHER_AS_OF: AS_OF.toISOString(),
    BELLWETHER_ANALYSIS_THREADS: '1',
    BELLWETHER_ANALYSIS_LEASE_SECONDS: String(LEASE_SECONDS),
  });
  const startWorker = async () => {
    const w = await WorkerProcess.start(workerEnv());
    workers.push(w);
    return w;
  };
  const submit = async (ticker: string, tier: string) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ticker, tier }),
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().job_id as string;
  };
  const finished = async (id: string) => {
    for (let i = 0; i < 6; i++) {
      const job = (await api.get(`/api/v1/analysis/${id}?wait=20`, key)).json();
      if (['succeeded', 'failed', 'canceled'].includes(job.status)) return job;
    }
    throw new Error(`job ${id} did not finish`);
  };

  beforeAll(async () => {
    deployment = await Deployment.create('distributed', {
      asOf: AS_OF,
      analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0, leaseSeconds: LEASE_SECONDS },
    });
    api = await deployment.start();
    await ingestRealBars(api.platform.market);
    const created = await api.account('enterprise', { burst: 1000 });
    key = created.key as string;
    const principal = await api.platform.keys.authenticate(`Bearer ${key}`);
    if (!principal.ok) throw new Error('key');
    account = principal.principal.account.id;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await api?.close();
    await deployment?.destroy();
  });

  it('an API node without threads leaves jobs queued until a worker process takes them', async () => {
    const id = await submit('JNJ', 'Light');
    const waited = (await api.get(`/api/v1/analysis/${id}?wait=1`, key)).json();
    expect(waited.status).toBe('queued');
    await startWorker();
    const job = await finished(id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.attempts).toBe(1);
    expect(validateReport(job.report)).toBe(true);
  }, 120_000);

  it('a worker killed mid-job: the job is retried by another worker and stored once', async () => {
    let interrupted: string | undefined;
    for (const [ticker, tier] of [
      ['SPY', 'Full'],
      ['PFE', 'Full'],
      ['MRK', 'Full'],
      ['JNJ', 'Full'],
      ['SPY', 'Medium'],
      ['PFE', 'Medium'],
    ] as const) {
      // One worker is alive at a time, so the one killed is the one running the job.
      const running = workers.at(-1) as WorkerProcess;
      const id = await submit(ticker, tier);
      let killed = false;
      for (;;) {
        const job = await api.platform.storage.analysis.get(account, id);
        if (job === undefined || !['queued', 'running'].includes(job.status)) break;
        if (job.status === 'running') {
          await running.kill();
          killed = true;
          break;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      if (killed) await startWorker(); // takes the job over once the dead worker's lease runs out
      const done = await finished(id);
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      expect(validateReport(done.report)).toBe(true);
      if (killed && done.attempts >= 2) {
        interrupted = id;
        break;
      }
    }
    expect(interrupted, 'no attempt was interrupted by killing its worker').toBeDefined();
    const job = await api.platform.storage.analysis.get(account, interrupted as string);
    expect(job?.status).toBe('succeeded');
    expect(job?.report_id).not.toBeNull();
    expect(await api.platform.storage.analysis.getReport(job?.report_id as string)).toBeDefined();
  }, 240_000);

  it('refuses to start in embedded mode, saying why', async () => {
    const r = await runCli(['worker', '--json'], {
      BELLWETHER_DATA_DIR: deployment.env().BELLWETHER_DATA_DIR as string,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe('embedded_mode');
  }, 60_000);
});
