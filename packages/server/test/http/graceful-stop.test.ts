/**
 * SIGTERM under keep-alive load loses no request (issue #45, ADR 0085). 25 clients each keep one
 * connection alive and send requests back to back; a poller plays the load balancer: once `/readyz`
 * fails it takes the node out, and the clients start no new request. Every request started before that
 * must get its 200: none reset, none refused, none answered 503. Before the drain, the listener and the
 * keep-alive sockets closed at once and readiness did not fail first: 25 of 25 connections lost a request.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment } from '../support/harness.js';
import { ServeProcess } from '../support/serve-process.js';

const CLIENTS = 25;

interface Outcome {
  readonly status: number | null;
  readonly error: string | null;
}

function get(agent: Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
      res.on('error', (err) => resolve({ status: null, error: String(err) }));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: null, error: err.code ?? err.message }),
    );
    req.end();
  });
}

describe('bellwether serve stopped with SIGTERM under keep-alive load', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
  });
  afterAll(async () => {
    await deployment.destroy();
  });

  it('fails readiness first, keeps serving through the grace period, and loses no request', async () => {
    const server = await ServeProcess.start({
      ...deployment.env(),
      BELLWETHER_SHUTDOWN_GRACE_SECONDS: '2',
      BELLWETHER_DRAIN_SECONDS: '10',
    });
    // /healthz: unmetered, so 25 clients back to back meet no burst limit (a 429 is not what is measured).
    const url = `${server.address}/healthz`;
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    let removed = false;
    let sent = 0;
    const lost: Outcome[] = [];
    let servedWhileDraining = 0;
    let sawDraining = false;
    const client = async () => {
      while (!removed) {
        const draining = sawDraining;
        const outcome = await get(agent, url);
        sent++;
        if (outcome.status !== 200) lost.push(outcome);
        else if (draining) servedWhileDraining++;
      }
    };
    // The balancer: polls readiness on connections of its own.
    const balancer = async () => {
      const probe = new Agent({ keepAlive: false });
      while (!removed) {
        const r = await get(probe, `${server.address}/readyz`);
        if (r.status !== 200) {
          sawDraining = true;
          // A real balancer needs a few failed probes; this one takes the node out after 1 s of them.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          removed = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const load = Promise.all([...Array.from({ length: CLIENTS }, client), balancer()]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = sent;
    const { exited } = server.terminate();
    await load;
    expect(await exited).toBe(0);
    agent.destroy();
    expect(before).toBeGreaterThan(CLIENTS);
    expect(lost).toEqual([]);
    // Requests kept being answered after readiness failed: the grace period served them.
    expect(servedWhileDraining).toBeGreaterThan(0);
  }, 120_000);
});
