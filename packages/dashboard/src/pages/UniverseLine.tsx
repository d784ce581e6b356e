import type { UniverseStatement } from '../api';
import { num } from '../format';

/**
 * Which universe a figure used (ADR 0088, 0095): point in time with its members on the day counted and the
 * survivorship that remains, or the static list and where it came from.
 */
export function UniverseLine({
  universe,
  testId,
}: {
  universe: UniverseStatement | undefined;
  testId: string;
}) {
  if (universe === undefined) return null;
  return (
    <p className="muted" data-testid={testId}>
      {universe.kind === 'static'
        ? `Universe: ${num(universe.tickers, 0)} tickers (${universe.source}), static.`
        : `Point-in-time universe (${universe.source ?? 'stored intervals'}): ${num(
            universe.members_on_day.members,
            0,
          )} members on ${universe.members_on_day.date}, ${num(universe.members_on_day.with_data, 0)} with data. ${
            universe.survivorship
          }`}
    </p>
  );
}
