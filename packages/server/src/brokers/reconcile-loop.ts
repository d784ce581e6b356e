import type { BrokerService } from './broker-service.js';

interface LoopLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Reconciles open orders with the broker every `seconds` (config `brokers.reconcileSeconds`; 0: off),
 * one round at a time: a round that runs long delays the next instead of overlapping it.
 */
export class ReconcileLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly brokers: BrokerService,
    private readonly seconds: number,
    private readonly log: LoopLog,
  ) {}

  start(): void {
    if (this.seconds > 0) this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => this.schedule());
    }, this.seconds * 1000);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    try {
      const r = await this.brokers.reconcile();
      if (r.changed > 0 || r.failed > 0) this.log.info(r, 'broker orders reconciled');
    } catch (err) {
      this.log.error({ err }, 'broker reconciliation failed; will retry');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    await this.running;
  }
}
