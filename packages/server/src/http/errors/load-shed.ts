import { ProblemError } from '../../problems/problem-error.js';

/**
 * Why a request was shed: a full compute or analysis queue, or too many large answers in progress (warn), a client
 * that left before its answer (info), or a server shutting down.
 */
export type ShedReason =
  | 'compute_queue_full'
  | 'analysis_queue_full'
  | 'answers_in_flight'
  | 'client_left'
  | 'closing';

/**
 * A 503 the server chooses, not a fault: a request refused because the heavy-work queue is full or
 * too many large answers are in progress, or dropped because its client went away. Logged as one line at warn or info, without a stack (ADR 0061).
 */
export class LoadShed extends ProblemError {
  readonly reason: ShedReason;

  constructor(reason: ShedReason, detail: string, retryAfterSeconds: number) {
    super('service_unavailable', detail, {
      headers: retryAfterSeconds > 0 ? { 'retry-after': String(retryAfterSeconds) } : {},
    });
    this.name = 'LoadShed';
    this.reason = reason;
  }
}
