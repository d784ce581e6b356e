import type { NumberParamSpec } from '../../registry/types.js';

export interface SupportResistanceParams {
  readonly atrPeriod: number;
  readonly swingThresholdAtr: number;
  readonly toleranceAtr: number;
  readonly minTouches: number;
  readonly maxAgeBars: number;
  readonly recencyHalfLifeBars: number;
}

export type SupportResistanceOptions = Partial<SupportResistanceParams>;

type Spec = NumberParamSpec & { readonly name: keyof SupportResistanceParams };

/** Parameter specs (defaults and inclusive ranges) — the single source for validation and docs. */
export const SUPPORT_RESISTANCE_PARAMS: readonly Spec[] = [
  { name: 'atrPeriod', type: 'int', default: 14, min: 1, max: 1000, description: 'Wilder ATR period.' },
  {
    name: 'swingThresholdAtr',
    type: 'float',
    default: 2,
    min: 0.1,
    max: 50,
    description: 'Zig-zag reversal (in ATR) that confirms the swing points that are clustered.',
  },
  {
    name: 'toleranceAtr',
    type: 'float',
    default: 0.5,
    min: 0,
    max: 50,
    description: 'Maximum price spread of one level (in ATR at the as-of bar).',
  },
  {
    name: 'minTouches',
    type: 'int',
    default: 2,
    min: 1,
    max: 1000,
    description: 'Minimum swings per level.',
  },
  {
    name: 'maxAgeBars',
    type: 'int',
    default: 1000,
    min: 1,
    max: 100_000_000,
    description: 'Only swings whose extreme is at most this many bars before the as-of bar count.',
  },
  {
    name: 'recencyHalfLifeBars',
    type: 'float',
    default: 250,
    min: 1,
    max: 100_000_000,
    description: 'A touch this many bars old weighs half as much in `strength`.',
  },
];

export const SUPPORT_RESISTANCE_DEFAULTS: SupportResistanceParams = Object.freeze(
  Object.fromEntries(
    SUPPORT_RESISTANCE_PARAMS.map((s) => [s.name, s.default]),
  ) as unknown as SupportResistanceParams,
);

/** Merges options over the defaults and checks every value against its spec (throws RangeError). */
export function resolveSupportResistanceOptions(
  options: SupportResistanceOptions = {},
): SupportResistanceParams {
  const p: SupportResistanceParams = { ...SUPPORT_RESISTANCE_DEFAULTS, ...options };
  for (const s of SUPPORT_RESISTANCE_PARAMS) {
    const v = p[s.name];
    if (
      typeof v !== 'number' ||
      Number.isNaN(v) ||
      v < s.min ||
      v > s.max ||
      (s.type === 'int' && !Number.isInteger(v))
    ) {
      throw new RangeError(
        `support/resistance option ${s.name} must be in [${s.min}, ${s.max}], got ${String(v)}`,
      );
    }
  }
  return p;
}
