import { readFileSync } from 'node:fs';
import { SENTIMENT_LABELS, type SentimentLabel, scoreSentiment } from '../../src/sentiment/index.js';

/** A `label\ttext` file of labelled sentences (one per line, distinct texts). */
export function readLabelledSentences(file: URL): { label: SentimentLabel; text: string }[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  if (header !== 'label\ttext') throw new Error(`unexpected header ${header}`);
  return lines.map((line) => {
    const [label, text, ...rest] = line.split('\t');
    if (!SENTIMENT_LABELS.includes(label as SentimentLabel) || text === undefined || rest.length > 0)
      throw new Error(`bad row: ${line}`);
    return { label: label as SentimentLabel, text };
  });
}

/** The committed model's confusion matrix (rows true, columns predicted), F1 per class, macro-F1, accuracy. */
export function scoreLabelledSentences(rows: readonly { label: SentimentLabel; text: string }[]) {
  const cm = SENTIMENT_LABELS.map(() => SENTIMENT_LABELS.map(() => 0));
  for (const r of rows) {
    const predicted = scoreSentiment(r.text, { topDrivers: 0 }).label;
    cm[SENTIMENT_LABELS.indexOf(r.label)]![SENTIMENT_LABELS.indexOf(predicted)]!++;
  }
  const f1 = cm.map((row, c) => {
    const predicted = cm.reduce((a, rr) => a + rr[c]!, 0);
    const actual = row.reduce((a, v) => a + v, 0);
    return (2 * row[c]!) / (predicted + actual);
  });
  const macroF1 = f1.reduce((a, v) => a + v, 0) / f1.length;
  const accuracy = cm.reduce((a, row, i) => a + row[i]!, 0) / rows.length;
  const report =
    `accuracy ${accuracy.toFixed(4)}, macro-F1 ${macroF1.toFixed(4)}, ` +
    `F1 ${SENTIMENT_LABELS.map((l, i) => `${l} ${f1[i]!.toFixed(3)}`).join(', ')}\n` +
    cm
      .map(
        (row, i) => `  ${SENTIMENT_LABELS[i]!.padEnd(8)} ${row.map((v) => String(v).padStart(5)).join('')}`,
      )
      .join('\n');
  return { cm, f1, macroF1, accuracy, report };
}
