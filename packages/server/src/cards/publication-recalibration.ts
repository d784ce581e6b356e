import {
  CARD_RECALIBRATION,
  type CardEvidence,
  type CardLevels,
  fitOutcomeProbabilities,
  fitRecalibrationBefore,
  type JudgedForecast,
  type OutcomeClass,
  type OutcomeModel,
  type OutcomeRecalibration,
  type OutcomeSample,
  outcomeFeatures,
  outcomeModelParameters,
  outcomeSamples,
  predictOutcomeProbabilities,
  type ResolvedCandidate,
  type SignalCandidate,
} from '@bellwether/analytics';
import type { CardOutcomeRecord, CardRecord } from '../db/records.js';
import type { Storage } from '../db/repositories.js';

/** A resolved candidate of the stored history with the session its outcome was known. */
export interface DatedResolved {
  readonly item: ResolvedCandidate;
  readonly resolved: string;
}

const CLASS_OF: Partial<Record<CardOutcomeRecord['status'], OutcomeClass>> = {
  t1: 't1_first',
  t2: 't1_first',
  stopped: 'stop_first',
  expired: 'expiry',
};

type CardInputs = Pick<SignalCandidate, 'setup' | 'direction' | 'risk_reward' | 'evidence' | 'levels'>;

/** The model's inputs as the stored card carries them (DESIGN §1); undefined for a payload without them. */
function cardInputs(payload: unknown): CardInputs | undefined {
  const p = payload as Partial<{
    setup: SignalCandidate['setup'];
    direction: 'long' | 'short';
    risk_reward: { t1: number; t2: number };
    evidence: CardEvidence;
    entry_zone: CardLevels['entry_zone'];
    t1: number;
    t2: number;
    stop: number;
  }>;
  if (
    p === null ||
    typeof p !== 'object' ||
    p.setup === undefined ||
    p.direction === undefined ||
    p.risk_reward === undefined ||
    p.evidence === undefined ||
    p.entry_zone === undefined ||
    p.stop === undefined
  )
    return undefined;
  return {
    setup: p.setup,
    direction: p.direction,
    risk_reward: p.risk_reward,
    evidence: p.evidence,
    levels: {
      direction: p.direction,
      entry_zone: p.entry_zone,
      t1: p.t1 as number,
      t2: p.t2 as number,
      stop: p.stop,
    } as CardLevels,
  };
}

/**
 * The published cards' own out-of-sample forecasts, judged (ADR 0098): every stored card whose filled
 * outcome was known before `session`, with the forecast the outcome model WOULD have made at its
 * publication. The cards' stored `probabilities` are not that forecast (they are after the map, rounded,
 * and older cards lack them), so it is rebuilt as the backtest makes it: for each month holding such
 * cards, the model fitted (warm-started from the previous month) on the stored history's candidates
 * resolved before that month's first card — nothing known after the card's session enters its forecast.
 */
export function judgedForecasts(
  cards: readonly CardRecord[],
  outcomes: readonly CardOutcomeRecord[],
  history: readonly DatedResolved[],
  session: string,
): JudgedForecast[] {
  const outcomeOf = new Map(outcomes.map((o) => [o.card_id, o]));
  const judged: { card: CardRecord; inputs: CardInputs; y: OutcomeClass; resolved: string }[] = [];
  for (const card of cards) {
    const o = outcomeOf.get(card.id);
    const y = o === undefined ? undefined : CLASS_OF[o.status];
    const inputs = cardInputs(card.payload);
    if (o === undefined || y === undefined || inputs === undefined || !(o.outcome_session < session))
      continue;
    judged.push({ card, inputs, y, resolved: o.outcome_session });
  }
  if (judged.length === 0) return [];
  judged.sort((a, b) => (a.card.session < b.card.session ? -1 : a.card.session > b.card.session ? 1 : 0));
  const dated = [...history].sort((a, b) => (a.resolved < b.resolved ? -1 : a.resolved > b.resolved ? 1 : 0));
  const training: OutcomeSample[] = [];
  let known = 0;
  let model: OutcomeModel | undefined;
  let month = '';
  const out: JudgedForecast[] = [];
  for (const j of judged) {
    if (j.card.session.slice(0, 7) !== month) {
      month = j.card.session.slice(0, 7);
      for (; known < dated.length && (dated[known] as DatedResolved).resolved < j.card.session; known++)
        training.push(...outcomeSamples([(dated[known] as DatedResolved).item]));
      model = fitOutcomeProbabilities(
        training,
        model === undefined ? {} : { start: outcomeModelParameters(model) },
      );
    }
    const x = outcomeFeatures(j.inputs);
    if (!x.every(Number.isFinite)) continue;
    out.push({ p: predictOutcomeProbabilities(model as OutcomeModel, x), y: j.y, resolved: j.resolved });
  }
  return out;
}

/**
 * The calibration map a publication of `session` applies: the cards' map (CARD_RECALIBRATION) fitted on
 * the ledger's forecasts judged in the 24 months before the session.
 */
export async function publicationRecalibration(
  storage: Storage,
  history: readonly DatedResolved[],
  session: string,
): Promise<OutcomeRecalibration> {
  const [cards, outcomes] = await Promise.all([
    storage.cards.listRange('0000-01-01', session),
    storage.cards.outcomesInRange('0000-01-01', session),
  ]);
  return fitRecalibrationBefore(
    judgedForecasts(cards, outcomes, history, session),
    session,
    CARD_RECALIBRATION,
  );
}
