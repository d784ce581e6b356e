import { describe, expect, it } from 'vitest';
import { readLabelledSentences, scoreLabelledSentences } from './labelled-sentences.js';

/**
 * company-news-blind-2.tsv: issue #29's second blind set, the estimate the model card reports. 520
 * press-release-style sentences across 15 sectors, written by a helper who read neither the sentiment
 * code, its tests, the error classes nor the earlier sets, the hard cases mixed in;
 * labelled by the writer and, from the texts alone, by a second helper (518 agreed, Cohen's kappa 0.994;
 * the 2 disagreements dropped). Committed (bba9fc3) before the rules of lexicon version 4 were written;
 * never trained, tuned or fitted on; scored once when they were done.
 *
 * That one reading (2026-11-27, model bw-sentiment-1.184e6322.20000.l4): accuracy 0.8687, macro-F1
 * 0.8679, F1 bearish 0.897, neutral 0.872, bullish 0.834 (rows true / columns predicted: bearish
 * 153 / 12 / 12, neutral 3 / 164 / 2, bullish 8 / 31 / 133) — issue #29's bar (accuracy ≥ 0.85, every
 * F1 ≥ 0.80) met. The floors below hold what was measured, so a change that makes it worse fails; the
 * set has now been looked at, and further tuning needs a new one.
 */
const FILE = new URL('./company-news-blind-2.tsv', import.meta.url);

describe('committed sentiment model on the second frozen blind company-news set', () => {
  it('keeps what it measured once: accuracy ≥ 0.86 and every class’s F1 ≥ 0.83', () => {
    const rows = readLabelledSentences(FILE);
    expect(rows.length).toBe(518);
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
    const { accuracy, f1, report } = scoreLabelledSentences(rows);
    console.log(`second blind company news (${rows.length}): ${report}`);
    expect(accuracy).toBeGreaterThanOrEqual(0.86);
    for (const v of f1) expect(v).toBeGreaterThanOrEqual(0.83);
  });
});
