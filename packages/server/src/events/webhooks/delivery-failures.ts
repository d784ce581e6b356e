/**
 * Failed webhook attempts of this process, counted by what the endpoint answered: its HTTP status
 * (`500`, `503`, `429`…) or, without one, the outcome (`failure` for a timeout or a connection error,
 * `refused` for an address the outbound policy refuses). For `bellwether_webhook_delivery_failures_total`.
 */
export class DeliveryFailures {
  readonly #counts = new Map<string, number>();

  record(answer: string): void {
    this.#counts.set(answer, (this.#counts.get(answer) ?? 0) + 1);
  }

  /** The counts, by answer, sorted. */
  entries(): [string, number][] {
    return [...this.#counts].sort(([a], [b]) => a.localeCompare(b));
  }
}

/** The label of a failed attempt: its status when the endpoint answered, else its outcome. */
export function failureAnswer(status: number | null | undefined, outcome: string): string {
  return status === null || status === undefined ? outcome : String(status);
}
