/**
 * Request count and duration per route, kept in plain numbers and rendered in the Prometheus text
 * format at scrape time. The same series prom-client's Counter and Histogram would expose (names,
 * labels, buckets, cumulative `le` counts, `_sum`, `_count`), without its per-observation label
 * hashing on the hot path.
 */
const REQUESTS = 'bellwether_http_requests_total';
const DURATION = 'bellwether_http_request_duration_seconds';
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const;

interface Series {
  /** Requests per status code. */
  readonly statuses: Map<number, number>;
  /** Non-cumulative count per bucket; the last slot is +Inf. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

export class HttpRequestMetrics {
  /** route → method → series. */
  readonly #routes = new Map<string, Map<string, Series>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.#routes.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.#routes.set(route, byMethod);
    }
    let series = byMethod.get(method);
    if (series === undefined) {
      series = { statuses: new Map(), buckets: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 };
      byMethod.set(method, series);
    }
    series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i++;
    series.buckets[i] = (series.buckets[i] as number) + 1;
    series.sum += seconds;
    series.count++;
  }

  /** The two metrics in the Prometheus text exposition format. */
  render(): string {
    const counts: string[] = [];
    const histogram: string[] = [];
    for (const [route, byMethod] of this.#routes) {
      for (const [method, series] of byMethod) {
        const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`;
        for (const [status, n] of series.statuses)
          counts.push(`${REQUESTS}{${labels},status="${status}"} ${n}`);
        let cumulative = 0;
        for (let i = 0; i <= BUCKETS.length; i++) {
          cumulative += series.buckets[i] as number;
          const le = i < BUCKETS.length ? String(BUCKETS[i]) : '+Inf';
          histogram.push(`${DURATION}_bucket{le="${le}",${labels}} ${cumulative}`);
        }
        histogram.push(`${DURATION}_sum{${labels}} ${series.sum}`);
        histogram.push(`${DURATION}_count{${labels}} ${series.count}`);
      }
    }
    return [
      `# HELP ${REQUESTS} HTTP requests by route, method and status`,
      `# TYPE ${REQUESTS} counter`,
      ...counts,
      '',
      `# HELP ${DURATION} HTTP request duration by route`,
      `# TYPE ${DURATION} histogram`,
      ...histogram,
      '',
    ].join('\n');
  }
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}
