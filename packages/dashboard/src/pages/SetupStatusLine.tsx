import type { SetupStatus } from '../api';
import { num } from '../format';

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${num(Math.abs(x), 3)}`;

/**
 * A card's setup status (issue #48, ADR 0093): `verified` with its edge over matched random cards on the
 * development years and the kind of edge, or `unproven` with why. Cards published before the field: nothing.
 */
export function SetupStatusLine({ status }: { status: SetupStatus | undefined }) {
  if (status === undefined) return null;
  const e = status.edge_cross;
  const figure =
    e === null
      ? 'not measured'
      : `edge ${signed(e.mean)} R [${signed(e.ci_low)}, ${signed(e.ci_high)}], Holm p ${num(e.p_holm, 3)}`;
  return (
    <p data-testid="setup-status" className={status.status === 'verified' ? 'verified' : 'muted'}>
      <strong>Setup {status.status}</strong>
      {status.edge_kind === null ? '' : ` (${status.edge_kind} edge)`} on {status.measured}: {figure}.
      {status.reason === null ? '' : ` ${status.reason}`}
    </p>
  );
}
