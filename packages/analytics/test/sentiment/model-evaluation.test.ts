import { readSentimentSplit } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import { SENTIMENT_LABELS, scoreSentiment } from '../../src/sentiment/index.js';

function macroF1(cm: number[][]): number {
  let sum = 0;
  for (let c = 0; c < cm.length; c++) {
    const tp = cm[c]![c]!;
    const predicted = cm.reduce((a, row) => a + row[c]!, 0);
    const actual = cm[c]!.reduce((a, v) => a + v, 0);
    sum += (2 * tp) / (predicted + actual);
  }
  return sum / cm.length;
}

describe('committed sentiment model on the held-out validation split', () => {
  it('reaches macro-F1 ≥ 0.80 on sent_valid.csv (never used in training)', () => {
    const { rows } = readSentimentSplit('valid');
    expect(rows.length).toBe(2388); // SOURCES.md row count
    const cm = SENTIMENT_LABELS.map(() => SENTIMENT_LABELS.map(() => 0));
    for (const r of rows) {
      const predicted = SENTIMENT_LABELS.indexOf(scoreSentiment(r.text, { topDrivers: 0 }).label);
      cm[r.label]![predicted]!++;
    }
    const f1 = macroF1(cm);
    const accuracy = cm.reduce((a, row, i) => a + row[i]!, 0) / rows.length;
    // Printed for the model card: rows = true label, columns = predicted (bearish, neutral, bullish).
    console.log(
      `validation macro-F1 ${f1.toFixed(4)}, accuracy ${accuracy.toFixed(4)}\n` +
        `confusion (rows true, cols predicted: ${SENTIMENT_LABELS.join(', ')}):\n` +
        cm
          .map(
            (row, i) =>
              `  ${SENTIMENT_LABELS[i]!.padEnd(8)} ${row.map((v) => String(v).padStart(5)).join('')}`,
          )
          .join('\n'),
    );
    expect(f1).toBeGreaterThanOrEqual(0.8);
  });
});
