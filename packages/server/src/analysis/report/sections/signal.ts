import { prepareScan, scanAt, writeThesis } from '@bellwether/analytics';
import type { ReportInput } from '../report-input.js';
import { price, section } from './section.js';

/** The benchmark's closes on the ticker's dates (NaN where it has none), for relative strength. */
function benchmarkContext(input: ReportInput) {
  const b = input.benchmark;
  if (b === undefined) return {};
  const byDate = new Map(b.dates.map((d, i) => [d, b.close[i] as number]));
  const close = Float64Array.from(input.series.dates, (d) => byDate.get(d) ?? Number.NaN);
  return { benchmark: { ticker: b.ticker, close } };
}

/**
 * The signal engine's view of the ticker as of the last bar: the setups that trigger today with their
 * levels (uncalibrated: conviction comes from the published cards' walk-forward model), or why none does.
 */
export function signalSection(input: ReportInput) {
  const t = input.series.close.length - 1;
  const found = scanAt(prepareScan(input.series), t, benchmarkContext(input));
  const setups = found.map((c) => ({
    setup: c.setup,
    direction: c.direction,
    entry_zone: c.levels.entry_zone,
    t1: c.levels.t1,
    t2: c.levels.t2,
    stop: c.levels.stop,
    risk_reward: c.risk_reward,
    expiry_bars: c.expiry_bars,
    thesis: writeThesis(input.ticker, c.setup, c.direction, c.evidence),
    evidence: c.evidence,
  }));
  const first = setups[0];
  const narrative =
    first === undefined
      ? `None of the six setups triggers on ${input.series.dates[t]}: no trade card would be drawn for ${input.ticker} today.`
      : `${setups.length} setup${setups.length === 1 ? '' : 's'} trigger${setups.length === 1 ? 's' : ''}; the first is ${first.setup} ${first.direction} ` +
        `with entry ${price(first.entry_zone.low)}–${price(first.entry_zone.high)}, stop ${price(first.stop)}, targets ${price(first.t1)} and ${price(first.t2)}.`;
  return section(
    input,
    { setups: 'docs/signals', as_of_bar: input.series.dates[t], conviction: 'not calibrated here' },
    { triggered: setups.length > 0, setups },
    narrative,
  );
}
