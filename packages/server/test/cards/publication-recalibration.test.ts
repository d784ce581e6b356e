/**
 * ADR 0098 at publication: the published cards' judged forecasts are rebuilt as the backtest makes them,
 * from the stored history resolved before each card's month — never from anything known later. Real
 * bars (Pooksoft, 3 tickers); the "ledger" is candidates of that history written as cards are stored.
 */
import { readdirSync } from 'node:fs';
import {
  fitOutcomeProbabilities,
  outcomeFeatures,
  outcomeSamples,
  predictOutcomeProbabilities,
  prepareScan,
  resolvedHistory,
} from '@bellwether/analytics';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import { type DatedResolved, judgedForecasts } from '../../src/cards/publication-recalibration.js';
import type { CardOutcomeRecord, CardRecord } from '../../src/db/records.js';

const DIR = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted');

function load(count: number): DatedResolved[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .slice(0, count)
    .flatMap((file) => {
      const { header, rows } = readCsv(`${DIR}/${file}`);
      const c = (name: string) => header.indexOf(name);
      const k = rows.map((r) => Number(r[c('adjusted_close')]) / Number(r[c('close')]));
      const col = (name: string, adjust: boolean) =>
        Float64Array.from(rows, (r, i) => Number(r[c(name)]) * (adjust ? (k[i] as number) : 1));
      const dates = rows.map((r) => r[0] as string);
      const bars = {
        open: col('open', true),
        high: col('high', true),
        low: col('low', true),
        close: col('close', true),
        volume: col('volume', false),
      };
      return resolvedHistory(prepareScan(bars)).map((item) => ({
        item,
        resolved: dates[item.resolved_bar] as string,
        session: dates[item.candidate.t + 1] as string,
      }));
    });
}

const STATUS = { t1_first: 't1', stop_first: 'stopped', expiry: 'expired' } as const;

/** Every 6th filled candidate of 2011 … mid-2013, stored as a card with its outcome. */
function ledger(history: (DatedResolved & { session?: string })[]) {
  const cards: CardRecord[] = [];
  const outcomes: CardOutcomeRecord[] = [];
  const picked = history.filter(
    (h, i) =>
      i % 6 === 0 &&
      (h.session as string) >= '2011-01-01' &&
      (h.session as string) <= '2013-06-30' &&
      outcomeSamples([h.item]).length === 1,
  );
  for (const [i, h] of picked.entries()) {
    const c = h.item.candidate;
    const id = `crd_${i}`;
    cards.push({
      id,
      session: h.session as string,
      published_at: `${h.session}T13:00:00.000Z`,
      payload: {
        id,
        setup: c.setup,
        direction: c.direction,
        entry_zone: c.levels.entry_zone,
        t1: c.levels.t1,
        t2: c.levels.t2,
        stop: c.levels.stop,
        risk_reward: c.risk_reward,
        evidence: c.evidence,
      },
    });
    const y = outcomeSamples([h.item])[0]?.y as keyof typeof STATUS;
    outcomes.push({
      card_id: id,
      session: h.session as string,
      status: STATUS[y],
      outcome_session: h.resolved,
    } as CardOutcomeRecord);
  }
  return { cards, outcomes };
}

describe('judgedForecasts (publication, ADR 0098)', () => {
  const history = load(3);
  const { cards, outcomes } = ledger(history);

  it('keeps only cards whose outcome was known before the session, with the class the outcome says', () => {
    expect(cards.length).toBeGreaterThan(15);
    const session = '2012-07-02';
    const judged = judgedForecasts(cards, outcomes, history, session);
    const expected = outcomes.filter((o) => o.outcome_session < session);
    expect(judged.length).toBe(expected.length);
    expect(judged.every((j) => j.resolved < session)).toBe(true);
    for (const j of judged) expect(j.p.t1_first + j.p.stop_first + j.p.expiry).toBeCloseTo(1, 12);
  });

  it("each card's forecast is the model fitted on what resolved before its month's first card (direct refit)", () => {
    const judged = judgedForecasts(cards, outcomes, history, '2099-01-01');
    const first = [...cards].sort((a, b) => (a.session < b.session ? -1 : 1))[0] as CardRecord;
    const sameMonth = cards.filter((c) => c.session.slice(0, 7) === first.session.slice(0, 7));
    const cutoff = sameMonth.map((c) => c.session).sort()[0] as string;
    const model = fitOutcomeProbabilities(
      outcomeSamples(history.filter((h) => h.resolved < cutoff).map((h) => h.item)),
    );
    // The features from the candidate itself: the stored payload must carry the same inputs.
    const candidate = history.find(
      (h) =>
        (h as { session?: string }).session === first.session &&
        h.item.candidate.levels.stop === (first.payload as { stop: number }).stop,
    )?.item.candidate;
    expect(candidate).toBeDefined();
    const x = outcomeFeatures(candidate as NonNullable<typeof candidate>);
    const direct = predictOutcomeProbabilities(model, x);
    const got = judged.find(
      (j) => j.resolved === outcomes.find((o) => o.card_id === first.id)?.outcome_session,
    );
    expect(got).toBeDefined();
    expect(got?.p.t1_first).toBeCloseTo(direct.t1_first, 4);
    expect(got?.p.expiry).toBeCloseTo(direct.expiry, 4);
  });

  it('no look-ahead: history resolved after the last card, even with every outcome flipped, changes nothing', () => {
    const last = cards
      .map((c) => c.session)
      .sort()
      .at(-1) as string;
    const before = history.filter((h) => h.resolved < last);
    const flipped = history
      .filter((h) => h.resolved >= last)
      .map((h) => ({
        ...h,
        item: {
          ...h.item,
          outcome: { ...h.item.outcome, status: h.item.outcome.status === 'stopped' ? 't1' : 'stopped' },
        },
      })) as DatedResolved[];
    expect(flipped.length).toBeGreaterThan(100);
    const a = judgedForecasts(cards, outcomes, history, '2099-01-01');
    const b = judgedForecasts(cards, outcomes, [...before, ...flipped], '2099-01-01');
    const c = judgedForecasts(cards, outcomes, before, '2099-01-01');
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });
});
