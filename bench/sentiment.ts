/**
 * Sentiment benchmark: scoring 10,000 headlines with the committed model.
 *
 *   node --conditions=development --import tsx bench/sentiment.ts [--repeats=7]
 *
 * Texts: the 2,388 validation headlines of ../shared/data/umaima-aman__Twee_Sentiment_Analysis-DeepLearning
 * repeated to 10,000. Reports the median wall and CPU time (ms) of `repeats` runs after one untimed
 * warm-up, with and without driver extraction; on a loaded machine the CPU column is steadier.
 */

import { scoreSentiment } from '@bellwether/analytics/sentiment';
import { readSentimentSplit } from '@bellwether/fixtures';

const repeats = Number(
  /^--repeats=(\d+)$/.exec(process.argv.slice(2).find((a) => a.startsWith('--repeats=')) ?? '')?.[1] ?? 7,
);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const valid = readSentimentSplit('valid').rows.map((r) => r.text);
const texts = Array.from({ length: 10_000 }, (_, i) => valid[i % valid.length]!);

function time(label: string, run: () => unknown): void {
  run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  console.log(
    `${label.padEnd(40)} wall ${median(wall).toFixed(1).padStart(8)} ms   cpu ${median(cpu).toFixed(1).padStart(8)} ms`,
  );
}

console.log(`${texts.length} headlines; repeats ${repeats}`);
time('score 10k, top 5 drivers', () => {
  for (const t of texts) scoreSentiment(t);
});
time('score 10k, no drivers', () => {
  for (const t of texts) scoreSentiment(t, { topDrivers: 0 });
});
