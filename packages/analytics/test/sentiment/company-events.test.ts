import { describe, expect, it } from 'vitest';
import { scoreSentiment } from '../../src/sentiment/index.js';

/**
 * Issue #29, lexicon version 4: company events a shareholder reads one way (regulators and trials,
 * recalls, courts and investigations, customers and contracts, offers, operations). The first blind set,
 * once scored, showed them read as neutral: scores near zero for lack of a rule. Sentences written for
 * these tests (invented companies and figures), not taken from any evaluation set.
 */
describe('company events', () => {
  it.each([
    ['bullish', 'Ormsby Therapeutics said regulators approved its asthma inhaler for sale in Japan.'],
    ['bearish', "The US regulator rejected Ormsby Therapeutics' application for its asthma inhaler."],
    ['bearish', 'Fenwick Motors is recalling 85,000 cars because of a fault in the airbag sensors.'],
    ['bearish', "A court invalidated the main patent protecting Halden Bio's best-selling drug."],
    ['bearish', 'Brisco Telecom lost 40,000 mobile subscribers in the third quarter.'],
    ['bullish', 'Tarrant Cables won a contract worth GBP 60 million to connect two offshore wind farms.'],
    [
      'bullish',
      'Quarry Hill Resources received a takeover offer at a 30% premium to its last closing price.',
    ],
    ['bearish', 'Vellmar Steel halted production at its largest mill after a fire.'],
    ['bullish', 'Kessel Energy brought its new oil field on stream ahead of schedule.'],
    ['bearish', 'Daneholm Software warned that revenue would come in at the low end of its range.'],
    ['bearish', "Regulators opened an investigation into Calder Bank's lending practices."],
    ['bullish', 'A court dismissed all claims against Rayburn Chemicals in the product liability case.'],
    ['bearish', "Marlow Shipping's exploration partner said the well came up dry."],
    ['neutral', 'Ormsby Therapeutics will present data from the study at a medical congress in October.'],
    ['neutral', 'The company set aside time at its capital markets day to present the new strategy.'],
  ])('%s: %s', (label, text) => {
    expect(scoreSentiment(text, { topDrivers: 0 }).label).toBe(label);
  });
});
