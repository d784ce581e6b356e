/**
 * The setups' status on the development years (issue #48, ADR 0093): the committed evidence file parses,
 * names exactly the setups the scanner knows (both directions, the product as it runs), never calls a
 * setup `verified` whose corrected edge is not above zero, and every status a card can carry says why.
 */
import { SETUPS } from '@bellwether/analytics';
import { describe, expect, it } from 'vitest';
import { SETUP_EVIDENCE, setupStatus, thesisWithStatus } from '../../src/cards/setup-status/setup-status.js';

interface Entry {
  setup: string;
  direction: string;
  variant: string;
  status: string;
  edge_kind: string | null;
  edge_cross: { mean: number; ci_low: number; ci_high: number; p_holm: number } | null;
  reason: string | null;
}
const entries = SETUP_EVIDENCE.entries as unknown as Entry[];

describe('the setup evidence file', () => {
  it('covers every setup × direction the scanner knows, for the product as it runs (baseline), and nothing else', () => {
    const known = SETUPS.flatMap((s) => [`${s.id} long`, `${s.id} short`]).sort();
    const baseline = entries.filter((e) => e.variant === 'baseline').map((e) => `${e.setup} ${e.direction}`);
    expect(baseline.sort()).toEqual(known);
    const ids = new Set(SETUPS.map((s) => s.id));
    for (const e of entries) {
      expect(ids.has(e.setup as never), e.setup).toBe(true);
      expect(['long', 'short']).toContain(e.direction);
    }
  });

  it('is verified only where the Holm-corrected edge over the cross-ticker null is above zero, with its kind', () => {
    expect(SETUP_EVIDENCE.groups_tested).toBeGreaterThan(0);
    for (const e of entries) {
      expect(['verified', 'unproven']).toContain(e.status);
      if (e.status !== 'verified') {
        expect(e.reason, `${e.setup} ${e.direction}`).toMatch(/\S/);
        continue;
      }
      expect(e.edge_cross).not.toBeNull();
      expect(e.edge_cross?.ci_low as number).toBeGreaterThan(0);
      expect(e.edge_cross?.p_holm as number).toBeLessThan(0.05);
      expect(['timing', 'selection']).toContain(e.edge_kind);
    }
  });

  it('records how it was measured: years, universe, survivorship, commands and commit', () => {
    const m = SETUP_EVIDENCE.measured;
    expect(m.from >= '2000-01-01' && m.to <= '2012-12-31').toBe(true);
    expect(m.universe).toMatch(/point-in-time/);
    expect(m.survivorship).toMatch(/survivorship/i);
    expect(m.commands.length).toBeGreaterThan(0);
    for (const c of m.commands) expect(c).toMatch(/^bellwether backtest --from \S+ --to \S+/);
    expect(m.commit).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe("a card's setup status", () => {
  it('is the evidence entry for its setup and direction, and the thesis says plainly when it is unproven', () => {
    for (const e of entries.filter((x) => x.variant === 'baseline')) {
      const s = setupStatus(e.setup, e.direction);
      expect(s.status).toBe(e.status);
      expect(s.measured).toBe('2000–2012 point-in-time S&P 500');
      if (e.edge_cross === null) expect(s.edge_cross).toBeNull();
      else
        expect(s.edge_cross).toEqual({
          mean: e.edge_cross.mean,
          ci_low: e.edge_cross.ci_low,
          ci_high: e.edge_cross.ci_high,
          p_holm: e.edge_cross.p_holm,
        });
      const thesis = thesisWithStatus('A thesis.', s);
      if (s.status === 'unproven') {
        expect(s.reason).toBe(e.reason);
        expect(thesis).toBe(`A thesis. Unproven setup: ${e.reason}.`);
      } else expect(thesis).toMatch(/^A thesis\. Verified on 2000–2012/);
    }
  });

  it('is unproven, saying it was never measured, for a variant the evidence does not hold', () => {
    const s = setupStatus('trend_pullback', 'long', 'no_such_variant');
    expect(s.status).toBe('unproven');
    expect(s.edge_cross).toBeNull();
    expect(s.reason).toMatch(/not measured/);
  });
});
