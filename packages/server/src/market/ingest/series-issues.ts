import { adjustmentFactors } from './adjust.js';
import { barIssue } from './bar-issue.js';
import type { DataIssue } from './data-issue.js';
import type { Bar, CorporateAction } from './types.js';

/**
 * Every issue a read of `bars` with `actions` will report (ADR 0080): bars without a usable price and
 * actions left unapplied (errors), action days whose prices do not fit the action (warnings), by date.
 */
export function seriesIssues(bars: readonly Bar[], actions: readonly CorporateAction[]): DataIssue[] {
  const issues: DataIssue[] = [];
  for (const b of bars) {
    const issue = barIssue(b);
    if (issue !== undefined) issues.push(issue);
  }
  issues.push(...adjustmentFactors(bars, actions, 'split_div').issues);
  return issues.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
