import { iso, isoOrNull } from '../clock/iso.js';
import type { NewEvent } from './event-outbox.js';
import type { CardOutcomeRecord, CardPublicationRecord } from './records.js';
import type { AnalysisJobsTable, ApiKeysTable } from './schema.js';

/**
 * The events the repositories append with the changes they make (the outbox). Payloads carry ids and
 * what a customer needs to act, never secrets: no key digest, no report body (docs/events.md).
 */

export function keyEvent(type: 'key.rotated' | 'key.revoked', key: ApiKeysTable): NewEvent {
  return {
    type,
    account_id: key.account_id,
    data: {
      key_id: key.id,
      name: key.name,
      last4: key.last4,
      ...(type === 'key.rotated'
        ? { rotated_at: isoOrNull(key.rotated_at) }
        : { revoked_at: isoOrNull(key.revoked_at) }),
    },
  };
}

/** An analysis job that finished: its report's id, or its problem (without internals). */
export function analysisEvent(job: AnalysisJobsTable): NewEvent {
  const common = {
    job_id: job.id,
    key_id: job.key_id,
    ticker: job.ticker,
    tier: job.tier,
    created_at: iso(job.created_at),
    finished_at: isoOrNull(job.finished_at),
  };
  if (job.status === 'succeeded')
    return {
      type: 'analysis.succeeded',
      account_id: job.account_id,
      data: { ...common, report_id: job.report_id },
    };
  const problem = job.error === null ? {} : (JSON.parse(job.error) as Record<string, unknown>);
  return {
    type: 'analysis.failed',
    account_id: job.account_id,
    data: {
      ...common,
      error: {
        code: typeof problem.code === 'string' ? problem.code : 'analysis_failed',
        title: typeof problem.title === 'string' ? problem.title : 'Analysis failed',
        ...(typeof problem.detail === 'string' ? { detail: problem.detail } : {}),
      },
    },
  };
}

/** A backtest job that finished (ADR 0101): its setup and report id, or its problem (without internals). */
export function backtestEvent(job: AnalysisJobsTable): NewEvent {
  const request = job.request === null ? {} : (JSON.parse(job.request) as { setup?: unknown });
  const common = {
    job_id: job.id,
    key_id: job.key_id,
    setup: typeof request.setup === 'string' ? request.setup : null,
    created_at: iso(job.created_at),
    finished_at: isoOrNull(job.finished_at),
  };
  if (job.status === 'succeeded')
    return {
      type: 'backtest.succeeded',
      account_id: job.account_id,
      data: { ...common, report_id: job.report_id },
    };
  const problem = job.error === null ? {} : (JSON.parse(job.error) as Record<string, unknown>);
  return {
    type: 'backtest.failed',
    account_id: job.account_id,
    data: {
      ...common,
      error: {
        code: typeof problem.code === 'string' ? problem.code : 'backtest_failed',
        title: typeof problem.title === 'string' ? problem.title : 'Backtest failed',
        ...(typeof problem.detail === 'string' ? { detail: problem.detail } : {}),
      },
    },
  };
}

/** The card fields a `cards.published` event names (the full cards are one GET away). */
function cardSummary(card: { id: string; payload: unknown }): Record<string, unknown> {
  const p = (card.payload ?? {}) as {
    asset?: { ticker?: unknown };
    direction?: unknown;
    setup?: unknown;
    conviction?: { score?: unknown };
  };
  return {
    card_id: card.id,
    ticker: p.asset?.ticker ?? null,
    direction: p.direction ?? null,
    setup: p.setup ?? null,
    conviction: p.conviction?.score ?? null,
  };
}

/** A session's publication (market-wide): thin — the cards' ids and headlines, and the feed's cursor. */
export function publicationEvent(
  publication: CardPublicationRecord,
  cards: readonly { id: string; payload: unknown }[],
  feedCursor: number,
): NewEvent {
  return {
    type: 'cards.published',
    account_id: null,
    data: {
      session: publication.session,
      published_at: iso(publication.published_at),
      data_as_of: publication.data_as_of,
      late: publication.late,
      note: publication.note,
      count: cards.length,
      cards: cards.map(cardSummary),
      feed_cursor: feedCursor,
    },
  };
}

/** A card's outcome (market-wide), once it is known: t1, t2, stopped, expired or unfilled. */
export function outcomeEvent(card: { id: string; payload: unknown }, outcome: CardOutcomeRecord): NewEvent {
  const summary = cardSummary(card);
  return {
    type: 'card.outcome',
    account_id: null,
    data: {
      card_id: card.id,
      session: outcome.session,
      ticker: summary.ticker,
      direction: summary.direction,
      status: outcome.status,
      exit_reason: outcome.exit_reason,
      outcome_session: outcome.outcome_session,
      r_multiple: outcome.r_multiple,
      r_net: outcome.r_net,
    },
  };
}
