import { describe, expect, it } from 'vitest';
import { readLabelledSentences, scoreLabelledSentences } from './labelled-sentences.js';

/**
 * company-news-blind.tsv: the frozen blind set of issue #29. 480 press-release-style sentences across
 * sectors and currencies, written before the rules of issue #29 changed by a helper who had read neither
 * the sentiment rules nor the issue's error classes nor the development set; labelled by the writer and
 * by two further helpers who saw only the texts (all three agreed on every sentence, so the set holds
 * clear cases). Committed (eeb8787) before any tuning; never trained, tuned or fitted on; scored once
 * when the rules were done. Its figures are the estimate the model card reports.
 *
 * That one reading (2026-11-27, model bw-sentiment-1.184e6322.20000.l3): accuracy 0.8438, F1 bearish 0.809,
 * neutral 0.845, bullish 0.870 — every class above issue #29's 0.80, accuracy short of its 0.85 (405 of 480
 * right; 408 needed). Most misses are news read as neutral (32 bearish, 24 bullish sentences). The floors
 * below hold what was measured, so a change that makes it worse fails; they are not the issue's bar, and
 * any further tuning needs a new blind set — this one has now been looked at.
 *
 * Since then it is development data: its misses (company events read as neutral) guided the event rules
 * of lexicon version 4, so its figure is optimistic from then on (0.9229 with l4). The estimate is the
 * second blind set's, company-news-blind-2.tsv, frozen (bba9fc3) before those rules were written.
 */
const FILE = new URL('./company-news-blind.tsv', import.meta.url);

describe('committed sentiment model on the frozen blind company-news set', () => {
  it('keeps what it measured once: accuracy ≥ 0.84 and every class’s F1 ≥ 0.80', () => {
    const rows = readLabelledSentences(FILE);
    expect(rows.length).toBe(480);
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
    const { accuracy, f1, report } = scoreLabelledSentences(rows);
    console.log(`blind company news (${rows.length}): ${report}`);
    expect(accuracy).toBeGreaterThanOrEqual(0.84);
    for (const v of f1) expect(v).toBeGreaterThanOrEqual(0.8);
  });
});
