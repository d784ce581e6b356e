/**
 * Reproduces packages/analytics/src/sentiment/model/weights.gen.json from the shared training split.
 *
 *   node --import tsx packages/analytics/scripts/train-sentiment.ts
 *
 * Reads ONLY sent_train.csv (the validation split is for evaluation); deterministic: fixed seed,
 * file order, sorted vocabulary.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LabelledText, trainSentimentModel } from '../src/sentiment/train.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const SENTIMENT_DATA_DIR = resolve(
  HERE,
  '../../../../shared/data/umaima-aman__Twee_Sentiment_Analysis-DeepLearning',
);
export const WEIGHTS_PATH = resolve(HERE, '../src/sentiment/model/weights.gen.json');

/** Dataset codes per its SOURCES.md: 0 = Bearish, 1 = Bullish, 2 = Neutral → our order bearish, neutral, bullish. */
const CODE_TO_LABEL: Readonly<Record<string, number>> = { '0': 0, '1': 2, '2': 1 };

/** RFC 4180 CSV (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Reads one split ('train' | 'valid') as labelled texts in file order. */
export function readSentimentSplit(split: 'train' | 'valid'): { rows: LabelledText[]; sha256: string } {
  const raw = readFileSync(resolve(SENTIMENT_DATA_DIR, `sent_${split}.csv`), 'utf8');
  const [header, ...body] = parseCsv(raw);
  if (header?.[0] !== 'text' || header[1] !== 'label')
    throw new Error(`unexpected header ${header?.join(',')}`);
  const rows = body.map(([text, code]) => {
    const label = CODE_TO_LABEL[code ?? ''];
    if (text === undefined || label === undefined) throw new Error(`bad row: ${text},${code}`);
    return { text, label };
  });
  return { rows, sha256: createHash('sha256').update(raw).digest('hex').slice(0, 16) };
}

export function trainFromSharedData() {
  const { rows, sha256 } = readSentimentSplit('train');
  const weights = trainSentimentModel(rows);
  return { ...weights, training: { ...weights.training, data: 'sent_train.csv', dataSha256: sha256 } };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const weights = trainFromSharedData();
  const json = JSON.stringify(weights);
  writeFileSync(WEIGHTS_PATH, json + '\n');
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  process.stdout.write(
    `wrote ${WEIGHTS_PATH}: ${weights.features.length} features, ${json.length} bytes, ${secs} s\n`,
  );
}
