import type { BacklogRepo } from '../../../db/backlog-repo.js';
import type { DeliveryFailures } from '../../../events/webhooks/delivery-failures.js';

export interface OperationsMetricsDeps {
  readonly backlog: BacklogRepo;
  /** This process's failed webhook attempts (empty where it does not deliver). */
  readonly deliveryFailures: DeliveryFailures;
}

const label = (v: string) => v.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));

/** Seconds since an ISO instant (0: none, or in the future). */
function ageSeconds(since: string | null, now: number): number {
  if (since === null) return 0;
  return Math.max(0, Math.round((now - Date.parse(since)) / 1000));
}

/**
 * The work waiting, in the Prometheus text format (issue #45); served by API nodes and workers alike:
 * - `bellwether_analysis_queue_depth` and `…_oldest_age_seconds`: analysis jobs queued, and how long the
 *   oldest has waited (a growing age with workers up: they are stuck or too few);
 * - `bellwether_analysis_running`: jobs taken by a runner;
 * - `bellwether_webhook_backlog` and `…_oldest_age_seconds`: deliveries not yet finished (retries included);
 * - `bellwether_webhook_delivery_failures_total{status}`: this process's failed attempts by the endpoint's
 *   answer (a status such as 500, 503, 429, or `failure`/`refused` when none came).
 */
export async function renderOperationsMetrics(deps: OperationsMetricsDeps): Promise<string> {
  const b = await deps.backlog.read();
  const now = Date.now();
  const lines = [
    '# HELP bellwether_analysis_queue_depth Analysis jobs queued, not yet taken by a runner.',
    '# TYPE bellwether_analysis_queue_depth gauge',
    `bellwether_analysis_queue_depth ${b.analysisQueued}`,
    '# HELP bellwether_analysis_queue_oldest_age_seconds How long the oldest queued analysis job has waited.',
    '# TYPE bellwether_analysis_queue_oldest_age_seconds gauge',
    `bellwether_analysis_queue_oldest_age_seconds ${ageSeconds(b.analysisOldestQueuedAt, now)}`,
    '# HELP bellwether_analysis_running Analysis jobs being computed.',
    '# TYPE bellwether_analysis_running gauge',
    `bellwether_analysis_running ${b.analysisRunning}`,
    '# HELP bellwether_webhook_backlog Webhook deliveries not finished (waiting for an attempt or a retry, or in flight).',
    '# TYPE bellwether_webhook_backlog gauge',
    `bellwether_webhook_backlog ${b.webhooksPending}`,
    '# HELP bellwether_webhook_backlog_oldest_age_seconds Age of the oldest unfinished webhook delivery.',
    '# TYPE bellwether_webhook_backlog_oldest_age_seconds gauge',
    `bellwether_webhook_backlog_oldest_age_seconds ${ageSeconds(b.webhooksOldestPendingAt, now)}`,
    "# HELP bellwether_webhook_delivery_failures_total This process's failed webhook attempts, by the endpoint's answer.",
    '# TYPE bellwether_webhook_delivery_failures_total counter',
  ];
  for (const [status, n] of deps.deliveryFailures.entries())
    lines.push(`bellwether_webhook_delivery_failures_total{status="${label(status)}"} ${n}`);
  return `${lines.join('\n')}\n`;
}
