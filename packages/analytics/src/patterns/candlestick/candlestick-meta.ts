import type {
  IndicatorMeta,
  NumberParamSpec,
  ParamSpec,
  ParamValues,
  SeriesInputs,
} from '../../registry/types.js';
import {
  CANDLE_RANGE_TYPES,
  type CandleRangeType,
  type CandleSetting,
  type CandleSettingName,
  type CandleSettingOverrides,
  type CandleSettings,
  DEFAULT_CANDLE_SETTINGS,
  MAX_CANDLE_AVG_PERIOD,
  MAX_CANDLE_FACTOR,
  resolveCandleSettings,
} from './candle-settings.js';
import { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';

/**
 * Largest accepted `penetration`. TA-Lib accepts up to 3e37, but any value above 1 already demands a
 * close beyond the whole reference body; 1000 keeps the bound meaningful (max + 1 is representable).
 */
const MAX_PENETRATION = 1000;

const RANGE_TYPE_TEXT: Readonly<Record<CandleRangeType, string>> = {
  realBody: 'real bodies',
  highLow: 'high-low ranges',
  shadows: 'sums of both shadows (halved)',
};

function settingParams(name: CandleSettingName): ParamSpec[] {
  const d = DEFAULT_CANDLE_SETTINGS[name];
  return [
    {
      name: `${name}Period`,
      type: 'int',
      default: d.avgPeriod,
      min: 0,
      max: MAX_CANDLE_AVG_PERIOD,
      description: `Candle setting ${name}: number of previous candles averaged (0 = the candle itself).`,
    },
    {
      name: `${name}Factor`,
      type: 'float',
      default: d.factor,
      min: 0,
      max: MAX_CANDLE_FACTOR,
      description: `Candle setting ${name}: multiple of the average ${RANGE_TYPE_TEXT[d.rangeType]}.`,
    },
    {
      name: `${name}RangeType`,
      type: 'enum',
      default: d.rangeType,
      values: CANDLE_RANGE_TYPES,
      description: `Candle setting ${name}: what is averaged (realBody, highLow, or shadows).`,
    },
  ];
}

function readNumber(spec: NumberParamSpec, params: ParamValues): number {
  const v = params[spec.name] ?? spec.default;
  if (typeof v !== 'number' || Number.isNaN(v) || v < spec.min || v > spec.max) {
    throw new RangeError(`${spec.name} must be a number in [${spec.min}, ${spec.max}], got ${String(v)}`);
  }
  if (spec.type === 'int' && !Number.isInteger(v)) {
    throw new RangeError(`${spec.name} must be an integer, got ${v}`);
  }
  return v;
}

function readSettings(def: CandlestickPattern, params: ParamValues): CandleSettings {
  const overrides: Partial<Record<CandleSettingName, CandleSetting>> = {};
  for (const name of def.settings) {
    const [period, factor, range] = settingParams(name) as [NumberParamSpec, NumberParamSpec, ParamSpec];
    const rangeType = params[range.name] ?? range.default;
    if (typeof rangeType !== 'string' || !CANDLE_RANGE_TYPES.includes(rangeType as CandleRangeType)) {
      throw new RangeError(`${range.name} must be one of ${CANDLE_RANGE_TYPES.join(', ')}`);
    }
    overrides[name] = {
      avgPeriod: readNumber(period, params),
      factor: readNumber(factor, params),
      rangeType: rangeType as CandleRangeType,
    };
  }
  return resolveCandleSettings(overrides as CandleSettingOverrides);
}

function penetrationSpec(def: CandlestickPattern): NumberParamSpec | undefined {
  if (def.penetration === undefined) return undefined;
  return {
    name: 'penetration',
    type: 'float',
    default: def.penetration,
    min: 0,
    max: MAX_PENETRATION,
    description:
      'Fraction of the reference real body the confirming candle must penetrate (TA-Lib optInPenetration).',
  };
}

function column(inputs: SeriesInputs, name: 'open' | 'high' | 'low' | 'close'): Float64Array {
  const a = inputs[name];
  if (a === undefined) throw new RangeError(`candlestick patterns need the ${name} series`);
  return a;
}

/**
 * Catalogue entry of a candlestick pattern: parameters are the overrides of the candle settings the
 * pattern reads (`<setting>Period`, `<setting>Factor`, `<setting>RangeType`) plus `penetration`
 * where TA-Lib has one. Unknown parameter names are ignored; out-of-range values throw RangeError.
 * The alias is the TA-Lib name without its `cdl` prefix (`engulfing`, `morningstar`).
 */
export function candlestickMeta(def: CandlestickPattern): IndicatorMeta {
  const pen = penetrationSpec(def);
  const params: ParamSpec[] = def.settings.flatMap(settingParams);
  if (pen !== undefined) params.push(pen);
  return {
    code: def.code,
    name: def.name,
    group: 'candlestick',
    aliases: [def.code.slice('cdl'.length)],
    inputs: ['open', 'high', 'low', 'close'],
    params,
    outputs: [
      {
        name: 'signal',
        description: 'TA-Lib output: ±100 (±200 confirmed hikkake, ±80 weak engulfing/harami), 0 for none.',
      },
      { name: 'confidence', description: 'Signal strength in [0, 1]; 0 where signal is 0.' },
    ],
    lookback: (p) => def.lookback(readSettings(def, p)),
    variant: `TA-Lib 0.4 ${def.code.toUpperCase()} (ta_${def.code.toUpperCase()}.c); ${def.description}`,
    references: [
      `TA-Lib ta_func/ta_${def.code.toUpperCase()}.c`,
      'TA-Lib ta_common/ta_global.c TA_CandleDefaultSettings',
      'Greg Morris, Candlestick Charting Explained',
    ],
    compute: (inputs, p) => {
      const settings = readSettings(def, p);
      const penetration = pen === undefined ? 0 : readNumber(pen, p);
      const candles = new Candles(
        column(inputs, 'open'),
        column(inputs, 'high'),
        column(inputs, 'low'),
        column(inputs, 'close'),
      );
      const r = def.detect(candles, settings, penetration);
      return { signal: r.signal, confidence: r.confidence };
    },
  };
}
