import type { FastifyInstance } from 'fastify';

/**
 * A server's stop in two steps, so a load balancer loses no request (issue #45, ADR 0085):
 *
 * 1. `/readyz` answers 503 `draining` for the grace period while every request is still served, each
 *    answer with `Connection: close`, so keep-alive clients reconnect (through the balancer, elsewhere)
 *    and the balancer stops sending here;
 * 2. the listener closes; idle connections close; a request in flight finishes, and one arriving on a
 *    connection already open is still served (with `Connection: close`), until the drain deadline cuts
 *    what is left (a stream, a stuck client).
 */
export class Drain {
  #draining = false;

  /** Set from the first step of the stop: readiness fails and connections are not kept alive. */
  get draining(): boolean {
    return this.#draining;
  }

  /** The first step alone: readiness fails (a worker, which takes no requests, stops this way). */
  begin(): void {
    this.#draining = true;
  }

  /**
   * Runs both steps and closes the app (its onClose hooks run once the requests in flight are done).
   * `log` hears when each step begins.
   */
  async stop(
    app: FastifyInstance,
    options: { readonly graceMs: number; readonly drainMs: number },
    log: (message: string, fields: Record<string, unknown>) => void,
  ): Promise<void> {
    this.begin();
    if (options.graceMs > 0) {
      log('draining: /readyz answers 503 while requests are still served', {
        grace_seconds: options.graceMs / 1000,
      });
      await new Promise((resolve) => setTimeout(resolve, options.graceMs));
    }
    log('closing the listener; requests in flight finish', { drain_seconds: options.drainMs / 1000 });
    const deadline = setTimeout(() => app.server.closeAllConnections(), options.drainMs);
    deadline.unref();
    try {
      await app.close();
    } finally {
      clearTimeout(deadline);
    }
  }
}
