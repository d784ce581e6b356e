import evidence from './setup-evidence.json' with { type: 'json' };

/** The development years' figure a status rests on: edge over the cross-ticker null, Holm-adjusted p. */
interface EdgeFigure {
  readonly mean: number;
  readonly ci_low: number;
  readonly ci_high: number;
  readonly p_holm: number;
}

/**
 * What a card says about its setup (issue #48, ADR 0093): `verified` only when the setup and direction
 * beat the cross-ticker null on the development years (2000–2012, point-in-time S&P 500) with a
 * Holm-corrected p below 0.05 and a 95 % interval above zero; `unproven` otherwise, with the reason in
 * one line. `edge_kind` says whether the edge is in choosing the stock (`selection`) or the moment
 * (`timing`); null when unproven.
 */
interface SetupStatus {
  readonly status: 'verified' | 'unproven';
  readonly edge_kind: 'timing' | 'selection' | null;
  readonly measured: string;
  readonly edge_cross: EdgeFigure | null;
  readonly reason: string | null;
}

/** One setup × direction (× cross-sectional variant) of the evidence file. */
interface EvidenceEntry {
  readonly setup: string;
  readonly direction: string;
  readonly variant: string;
  readonly status: string;
  readonly edge_kind: string | null;
  readonly edge_cross: EdgeFigure | null;
  readonly reason: string | null;
}

const MEASURED = '2000–2012 point-in-time S&P 500';

/** The evidence file as committed (bench/setup-research.ts writes it from the backtests it names). */
export const SETUP_EVIDENCE = evidence;

const entries = evidence.entries as unknown as readonly EvidenceEntry[];

/**
 * The status of a setup and direction under the selection's cross-sectional variant (`baseline` without
 * one): the evidence file's entry, or `unproven` when the file has none (never measured).
 */
export function setupStatus(setup: string, direction: string, variant = 'baseline'): SetupStatus {
  const e = entries.find((x) => x.setup === setup && x.direction === direction && x.variant === variant);
  if (e === undefined)
    return {
      status: 'unproven',
      edge_kind: null,
      measured: MEASURED,
      edge_cross: null,
      reason: `${setup} ${direction}${variant === 'baseline' ? '' : ` (${variant})`} was not measured on the development years`,
    };
  const verified = e.status === 'verified';
  return {
    status: verified ? 'verified' : 'unproven',
    edge_kind: verified && (e.edge_kind === 'timing' || e.edge_kind === 'selection') ? e.edge_kind : null,
    measured: MEASURED,
    edge_cross:
      e.edge_cross === null
        ? null
        : {
            mean: e.edge_cross.mean,
            ci_low: e.edge_cross.ci_low,
            ci_high: e.edge_cross.ci_high,
            p_holm: e.edge_cross.p_holm,
          },
    reason: verified ? null : e.reason,
  };
}

/** The thesis with the setup's status said plainly when it is unproven (and the kind of edge when not). */
export function thesisWithStatus(thesis: string, s: SetupStatus): string {
  if (s.status === 'unproven')
    return `${thesis} Unproven setup: ${s.reason ?? 'no edge over random cards on the development years'}.`;
  return `${thesis} Verified on ${s.measured}: ${s.edge_kind === 'timing' ? 'it picks the moment' : 'its edge is in the choice of stock, not the moment'}.`;
}
