import { type PatternTracker, startTracker, stepTracker, toChartPattern, transition } from './lifecycle.js';
import type { ChartPattern, OhlcSeries, PatternDraft } from './types.js';

/**
 * Walks the bars once, adding each draft at its detection bar and stepping every live pattern. At a
 * detection bar the live patterns are stepped first; then each draft (in order) is compared with the live
 * patterns of its family that share a swing with it: if all of them use a strict subset of its swings they
 * are ended as `superseded` and the draft starts; otherwise the draft is dropped as a duplicate. Every
 * decision at bar t uses only bars <= t and drafts detected at or before t.
 */
export function runLifecycles(
  drafts: readonly PatternDraft[],
  bars: OhlcSeries,
  maxTargetBars: number,
): ChartPattern[] {
  const n = bars.close.length;
  const all: PatternTracker[] = [];
  let live: PatternTracker[] = [];
  let next = 0;
  let t = drafts.length > 0 ? drafts[0]!.detectedAt : n;
  for (; t < n; t++) {
    let kept = 0;
    for (const tr of live) if (stepTracker(tr, t, bars, maxTargetBars)) live[kept++] = tr;
    if (kept !== live.length) live.length = kept;
    while (next < drafts.length && drafts[next]!.detectedAt === t) {
      const draft = drafts[next++]!;
      const pivots = new Set(draft.points.map((q) => q.pivot));
      const overlapping = live.filter(
        (tr) => tr.draft.family === draft.family && tr.draft.points.some((q) => pivots.has(q.pivot)),
      );
      const allSubsets = overlapping.every(
        (tr) =>
          tr.draft.points.length < draft.points.length && tr.draft.points.every((q) => pivots.has(q.pivot)),
      );
      if (!allSubsets) continue;
      for (const tr of overlapping) transition(tr, 'invalidated', t, 'superseded');
      if (overlapping.length > 0) live = live.filter((tr) => !overlapping.includes(tr));
      const tracker = startTracker(draft);
      all.push(tracker);
      if (stepTracker(tracker, t, bars, maxTargetBars)) live.push(tracker);
    }
    if (live.length === 0) {
      if (next >= drafts.length) break;
      t = drafts[next]!.detectedAt - 1;
    }
  }
  return all.map(toChartPattern);
}
