import { num } from '../format';

export interface GaugeProps {
  readonly label: string;
  readonly value: number | null;
  /** The value 21 sessions earlier, drawn hollow. */
  readonly previous?: number | null;
  readonly min: number;
  readonly max: number;
  /** Zone boundaries: below `low` and above `high` are shaded (oversold / overbought, weak / strong). */
  readonly low?: number;
  readonly high?: number;
  readonly lowLabel?: string;
  readonly highLabel?: string;
}

const W = 240;
const H = 34;
const PAD = 6;

/** A bounded oscillator on its scale, now and a month ago, with its zones; described in words for screen readers. */
export function Gauge({ label, value, previous, min, max, low, high, lowLabel, highLabel }: GaugeProps) {
  const x = (v: number) => PAD + ((Math.min(max, Math.max(min, v)) - min) / (max - min)) * (W - 2 * PAD);
  const zones = [
    low === undefined ? '' : `${lowLabel ?? 'low'} below ${num(low, 0)}`,
    high === undefined ? '' : `${highLabel ?? 'high'} above ${num(high, 0)}`,
  ].filter((z) => z !== '');
  const words =
    `${label} ${num(value, 1)}` +
    (previous == null ? '' : ` (a month ago ${num(previous, 1)})`) +
    ` on a scale of ${num(min, 0)} to ${num(max, 0)}` +
    (zones.length === 0 ? '' : `; ${zones.join(', ')}`);
  return (
    <figure className="gauge">
      <figcaption>
        <span>{label}</span> <strong className="num">{num(value, 1)}</strong>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={words} width={W} height={H}>
        <rect x={PAD} y={12} width={W - 2 * PAD} height={8} rx={4} className="gauge-track" />
        {low !== undefined && (
          <rect x={PAD} y={12} width={x(low) - PAD} height={8} rx={4} className="gauge-low" />
        )}
        {high !== undefined && (
          <rect x={x(high)} y={12} width={W - PAD - x(high)} height={8} rx={4} className="gauge-high" />
        )}
        {previous != null && <circle cx={x(previous)} cy={16} r={5} className="gauge-previous" />}
        {value !== null && (
          <path d={`M ${x(value) - 6} 4 L ${x(value) + 6} 4 L ${x(value)} 14 Z`} className="gauge-now" />
        )}
        <text x={PAD} y={H - 1} className="tick">
          {num(min, 0)}
        </text>
        <text x={W - PAD} y={H - 1} className="tick" textAnchor="end">
          {num(max, 0)}
        </text>
      </svg>
    </figure>
  );
}
