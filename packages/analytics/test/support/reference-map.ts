/**
 * Which test compares each catalogue indicator output with a reference written by someone else:
 * TA-Lib C (talib npm 1.1.6), a Stock.Indicators expected series (../shared/data), trading-signals 8.3,
 * or a numpy implementation written from the published definition.
 *
 * test/indicators/ref-coverage.test.ts enforces it (checks in reference-checks.ts): every code and
 * output of the catalogue (candlestick patterns excepted — test/patterns covers those) must have a
 * check here, every check must name a real code and output, and each check's anchors must appear
 * verbatim (whitespace ignored, comments stripped) in its test file — so deleting or renaming the
 * reference test fails the coverage test. docs/analytics/references.md is rendered from this map
 * (`renderReferencesDoc`); regenerate with
 * `node --conditions=development --import tsx packages/analytics/test/support/generate-references-doc.ts`.
 */

export type ReferenceSource = 'TA-Lib' | 'Stock.Indicators' | 'trading-signals' | 'numpy';

export interface ReferenceCheck {
  /** Outputs of the code that this check compares. */
  readonly outputs: readonly string[];
  readonly source: ReferenceSource;
  /** The reference itself: TA-Lib function, Stock.Indicators file and call, or the published definition. */
  readonly reference: string;
  /** Tolerance and the bars it applies to, as the test applies them. */
  readonly tolerance: string;
  /** Test file under packages/analytics/test/indicators/. */
  readonly file: string;
  /** Texts of the test (title, case row) that must all appear in `file`. */
  readonly anchors: readonly string[];
}

export type ReferenceMap = Readonly<Record<string, readonly ReferenceCheck[]>>;

// Tolerance classes (relative error |a − b| / max(|b|, 1), see compareSeries).
const EXACT = '1e-9, every bar, same warm-up';
const EXACT_SI = '1e-9 where both are defined';
const EQUAL = 'identical values';
const after = (bar: number | string, why: string) => `1e-9 from bar ${bar} (${why})`;
// numpy golden values over real data are stored at a sample of bars (test/golden/python-inputs.ts).
const SAMPLED = '1e-9 at the sampled bars, same warm-up';

// ---- TA-Lib differential tests --------------------------------------------------------------------

const OM_TALIB = 'overlap-momentum.talib.test.ts';
const OM_TALIB_TEST = "'%s matches within 1e-9 relative, same warm-up'";

/** A case row of overlap-momentum.talib.test.ts. */
function omTalib(outputs: readonly string[], fn: string, row: string): ReferenceCheck {
  return {
    outputs,
    source: 'TA-Lib',
    reference: fn,
    tolerance: EXACT,
    file: OM_TALIB,
    anchors: [row, OM_TALIB_TEST],
  };
}
const omReal = (code: string, fn: string): ReferenceCheck => omTalib([code], fn, `real('${code}', '${fn}'`);
const omFn = (outputs: readonly string[], fn: string): ReferenceCheck => omTalib(outputs, fn, `fn: '${fn}',`);
const HLC_LIST = "(['willr', 'cci', 'adx', 'adxr', 'dx', 'plus_di', 'minus_di'] as const)";
const omHlc = (code: string): ReferenceCheck => omTalib([code], code.toUpperCase(), HLC_LIST);
const DM_LIST = "(['plus_dm', 'minus_dm'] as const)";

function talibIn(
  file: string,
  outputs: readonly string[],
  reference: string,
  anchors: readonly string[],
  tolerance = EXACT,
): ReferenceCheck {
  return { outputs, source: 'TA-Lib', reference, tolerance, file, anchors };
}

const MATH_UNARY = "'%s matches TA-Lib element-wise'";
const mathUnary = (code: string): ReferenceCheck =>
  talibIn('math.test.ts', [code], code.toUpperCase(), [`${code}: m.${code}`, MATH_UNARY]);
const MATH_BINARY = "'%s(high, low) matches TA-Lib'";
const mathBinary = (code: string): ReferenceCheck =>
  talibIn('math.test.ts', [code], code.toUpperCase(), [`${code}: m.${code}`, MATH_BINARY]);
const MATH_WINDOW = "'max/min/sum/minmax at period %i match TA-Lib'";
const MATH_INDEX = "'index functions at period %i equal TA-Lib exactly (incl. ties)'";

const cycle = (code: string, outputs: readonly string[] = [code]): ReferenceCheck =>
  talibIn('cycle.test.ts', outputs, code.toUpperCase(), [`it('${code}'`]);

const priceTransform = (code: string, call: string): ReferenceCheck =>
  talibIn('price-transform.test.ts', [code], code.toUpperCase(), [
    `['${code}', pt.${call}`,
    "it.each(cases)('%s'",
  ]);

// ---- Stock.Indicators golden series ---------------------------------------------------------------

const OM_GOLDEN = 'overlap-momentum.golden.test.ts';
const OM_GOLDEN_TEST = 'it.each(CASES.map((c) => [`';

/** A case row of overlap-momentum.golden.test.ts: results/<file>.standard.json field → our output. */
function golden(
  code: string,
  output: string,
  file: string,
  field: string,
  call: string,
  tolerance = EXACT_SI,
): ReferenceCheck {
  return {
    outputs: [output],
    source: 'Stock.Indicators',
    reference: `${file}.${field} (${call})`,
    tolerance,
    file: OM_GOLDEN,
    anchors: [`file: '${file}', field: '${field}', code: '${code}'`, OM_GOLDEN_TEST],
  };
}

function si(
  file: string,
  outputs: readonly string[],
  reference: string,
  title: string,
  tolerance = EXACT,
): ReferenceCheck {
  return { outputs, source: 'Stock.Indicators', reference, tolerance, file, anchors: [title] };
}

function peer(
  file: string,
  outputs: readonly string[],
  reference: string,
  title: string,
  tolerance = EXACT,
): ReferenceCheck {
  return { outputs, source: 'trading-signals', reference, tolerance, file, anchors: [title] };
}

function numpy(
  file: string,
  outputs: readonly string[],
  reference: string,
  title: string,
  tolerance = SAMPLED,
): ReferenceCheck {
  return { outputs, source: 'numpy', reference, tolerance, file, anchors: [title] };
}

const BT = 'trend-talib.test.ts';
const BTG = 'trend-golden.test.ts';
const BV = 'volatility.test.ts';
const BVOL = 'volume.test.ts';
const BS = 'statistics.test.ts';
const PEERS = 'peer-libraries.test.ts';
const COMPOSED = 'ref-talib-composed.test.ts';
const RTS = 'ref-trading-signals.test.ts';
const RPY = 'ref-python.test.ts';
const LINREG = "'linear regression family at period %i'";
const linreg = (code: string, call: string): ReferenceCheck =>
  talibIn(BT, [code], code.toUpperCase(), [
    LINREG,
    `check(t.${call}(x, period), talib('${code.toUpperCase()}'`,
  ]);
const SI_MORE = 'ref-stock-indicators.test.ts';
const slopeLine = (code: string, at: string): ReferenceCheck =>
  si(
    SI_MORE,
    [code],
    `slope (ToSlope(14)) line ${at}`,
    "'linearreg, linearreg_intercept and tsf (14) = ToSlope(14) line b + m·x at x = t + 1, t − 12, t + 2'",
  );
const MACD3 = ['macd', 'signal', 'hist'];
const BANDS = ['upper', 'middle', 'lower'];
const SEED = 'seeds differ, gap decays geometrically';

export const REFERENCES: ReferenceMap = {
  // overlap
  sma: [omReal('sma', 'SMA'), golden('sma', 'sma', 'sma', 'sma', 'ToSma(20)')],
  ema: [omReal('ema', 'EMA'), golden('ema', 'ema', 'ema', 'ema', 'ToEma(20)')],
  wma: [omReal('wma', 'WMA'), golden('wma', 'wma', 'wma', 'wma', 'ToWma(14)')],
  dema: [omReal('dema', 'DEMA'), golden('dema', 'dema', 'dema', 'dema', 'ToDema(14)', after(200, SEED))],
  tema: [omReal('tema', 'TEMA'), golden('tema', 'tema', 'tema', 'tema', 'ToTema(20)', after(300, SEED))],
  trima: [omReal('trima', 'TRIMA')],
  kama: [
    omReal('kama', 'KAMA'),
    golden('kama', 'kama', 'kama', 'kama', 'ToKama(10, 2, 30)', after(200, SEED)),
  ],
  t3: [omReal('t3', 'T3'), golden('t3', 't3', 't3', 't3', 'ToT3(5, 0.7)', after(200, SEED))],
  mama: [omFn(['mama', 'fama'], 'MAMA')],
  ma: [omTalib(['ma'], 'MA (all 9 MA types)', "real('ma', 'MA'")],
  smma: [golden('smma', 'smma', 'smma', 'smma', 'ToSmma(20)')],
  hma: [golden('hma', 'hma', 'hma', 'hma', 'ToHma()')],
  zlema: [
    talibIn(COMPOSED, ['zlema'], 'EMA of x + (x − x[t−lag]) (Ehlers & Way)', [
      "'zlema(%i) = TA-Lib EMA of x + (x − x[t − lag])'",
    ]),
    peer(
      RTS,
      ['zlema'],
      'ZLEMA',
      "'zlema(%i) = ZLEMA once the seeds have decayed'",
      after('12 × (period + 1)', SEED),
    ),
  ],
  alma: [golden('alma', 'alma', 'alma', 'alma', 'ToAlma(9, 0.85, 6)')],
  vwma: [golden('vwma', 'vwma', 'vwma', 'vwma', 'ToVwma(14)')],
  midpoint: [omReal('midpoint', 'MIDPOINT')],
  midprice: [omFn(['midprice'], 'MIDPRICE')],
  accbands: [omFn(BANDS, 'ACCBANDS')],
  // momentum
  rsi: [omReal('rsi', 'RSI'), golden('rsi', 'rsi', 'rsi', 'rsi', 'ToRsi(14)')],
  stoch: [
    omFn(['slowk', 'slowd'], 'STOCH'),
    golden('stoch', 'slowk', 'stoch', 'k', 'ToStoch(14, 3, 3)'),
    golden('stoch', 'slowd', 'stoch', 'd', 'ToStoch(14, 3, 3)'),
  ],
  stochf: [omFn(['fastk', 'fastd'], 'STOCHF')],
  stochrsi: [
    omFn(['fastk', 'fastd'], 'STOCHRSI'),
    golden('stochrsi', 'fastd', 'stoch-rsi', 'signal', 'ToStochRsi()'),
  ],
  macd: [
    omFn(MACD3, 'MACD'),
    golden('macd', 'macd', 'macd', 'macd', 'ToMacd(12, 26, 9)', after(250, SEED)),
    golden('macd', 'signal', 'macd', 'signal', 'ToMacd(12, 26, 9)', after(250, SEED)),
    golden('macd', 'hist', 'macd', 'histogram', 'ToMacd(12, 26, 9)', after(250, SEED)),
  ],
  macdext: [omFn(MACD3, 'MACDEXT')],
  macdfix: [omFn(MACD3, 'MACDFIX')],
  ppo: [omReal('ppo', 'PPO')],
  apo: [omReal('apo', 'APO')],
  cci: [omHlc('cci'), golden('cci', 'cci', 'cci', 'cci', 'ToCci(20)')],
  cmo: [omReal('cmo', 'CMO'), golden('cmo', 'cmo', 'cmo', 'cmo', 'ToCmo(14), smoothing=sum variant')],
  roc: [omReal('roc', 'ROC'), golden('roc', 'roc', 'roc', 'roc', 'ToRoc(14)')],
  rocp: [omReal('rocp', 'ROCP')],
  rocr: [omReal('rocr', 'ROCR')],
  rocr100: [omReal('rocr100', 'ROCR100')],
  mom: [omReal('mom', 'MOM'), golden('mom', 'mom', 'roc', 'momentum', 'ToRoc(14)')],
  willr: [omHlc('willr'), golden('willr', 'willr', 'willr', 'williamsR', 'ToWilliamsR(14)')],
  adx: [omHlc('adx'), golden('adx', 'adx', 'adx', 'adx', 'ToAdx(14)', after(350, SEED))],
  adxr: [omHlc('adxr')],
  dx: [omHlc('dx'), golden('dx', 'dx', 'adx', 'dx', 'ToAdx(14)', after(350, SEED))],
  plus_di: [omHlc('plus_di'), golden('plus_di', 'plus_di', 'adx', 'pdi', 'ToAdx(14)', after(350, SEED))],
  minus_di: [omHlc('minus_di'), golden('minus_di', 'minus_di', 'adx', 'mdi', 'ToAdx(14)', after(350, SEED))],
  plus_dm: [omTalib(['plus_dm'], 'PLUS_DM', DM_LIST)],
  minus_dm: [omTalib(['minus_dm'], 'MINUS_DM', DM_LIST)],
  aroon: [
    omFn(['aroondown', 'aroonup'], 'AROON'),
    si(
      OM_GOLDEN,
      ['aroondown', 'aroonup'],
      'aroon (ToAroon(25))',
      "'aroon(25): equal on every bar whose window has a unique extreme (ties: TA-Lib latest, Stock.Indicators earliest)'",
      '|Δ| < 5e-10 on bars whose window has a unique extreme',
    ),
  ],
  aroonosc: [omFn(['aroonosc'], 'AROONOSC')],
  mfi: [omFn(['mfi'], 'MFI'), golden('mfi', 'mfi', 'mfi', 'mfi', 'ToMfi(14)')],
  trix: [
    omReal('trix', 'TRIX'),
    si(
      SI_MORE,
      ['trix'],
      'trix.trix (ToTrix(), period 14)',
      "'trix(14) = ToTrix().trix from bar 250, after the EMA seeds have decayed'",
      after(250, SEED),
    ),
  ],
  ultosc: [omFn(['ultosc'], 'ULTOSC'), golden('ultosc', 'ultosc', 'uo', 'ultimate', 'ToUltimate(7, 14, 28)')],
  bop: [
    omFn(['bop'], 'BOP'),
    si(
      OM_GOLDEN,
      ['bop'],
      'bop (ToBop(), = SMA(14) of BOP)',
      "'bop: SMA(14) of TA-Lib BOP equals Stock.Indicators ToBop() (which smooths by 14)'",
    ),
  ],
  imi: [omFn(['imi'], 'IMI')],
  ao: [
    golden('ao', 'ao', 'awesome', 'oscillator', 'ToAwesome(5, 34)'),
    golden('ao', 'normalized', 'awesome', 'normalized', 'ToAwesome(5, 34)'),
  ],
  tsi: [
    golden('tsi', 'tsi', 'tsi', 'tsi', 'ToTsi(25, 13, 7)'),
    golden('tsi', 'signal', 'tsi', 'signal', 'ToTsi(25, 13, 7)'),
  ],
  pmo: [
    golden('pmo', 'pmo', 'pmo', 'pmo', 'ToPmo(35, 20, 10)'),
    golden('pmo', 'signal', 'pmo', 'signal', 'ToPmo(35, 20, 10)'),
  ],
  smi: [golden('smi', 'smi', 'smi', 'smi', 'ToSmi()'), golden('smi', 'signal', 'smi', 'signal', 'ToSmi()')],
  // volatility
  trange: [
    talibIn(BV, ['trange'], 'TRANGE', ["it('trange'"]),
    si(BV, ['trange'], 'tr.tr (ToTr())', "'atr(14) = ToAtr(14).atr and trange = ToTr().tr'"),
  ],
  atr: [
    talibIn(BV, ['atr'], 'ATR', ["'atr and natr at period %i'"]),
    si(BV, ['atr'], 'atr.atr (ToAtr(14))', "'atr(14) = ToAtr(14).atr and trange = ToTr().tr'"),
  ],
  natr: [talibIn(BV, ['natr'], 'NATR (period 1: 100 × ATR / close)', ["'atr and natr at period %i'"])],
  bbands: [
    talibIn(BV, BANDS, 'BBANDS (all 9 MA types)', [
      "'bbands with ma_type %s'",
      "'bbands at TA-Lib defaults (5, 2, 2, sma)'",
    ]),
    si(
      BV,
      BANDS,
      'bb (ToBollingerBands(20, 2))',
      "'bbands(20, 2, 2) = ToBollingerBands(20, 2) upper/middle/lower'",
    ),
  ],
  keltner: [si(BV, BANDS, 'keltner (ToKeltner(20, 2, 10))', "'keltner(20, 2, 10) = ToKeltner(20, 2, 10)'")],
  donchian: [
    si(BV, BANDS, 'donchian (ToDonchian(20)), window=prior', "'donchian(20) prior window = ToDonchian(20)'"),
    talibIn(BV, ['upper', 'lower'], 'MAX(high), MIN(low), window=inclusive', [
      "'donchian(%i, inclusive) bands = TA-Lib MAX(high) / MIN(low); prior = the same one bar later'",
    ]),
  ],
  hv: [
    numpy(
      BV,
      ['hv'],
      'std(ddof=1) of log returns × √252 × 100',
      "'hv(20, 252) equals numpy std(ddof=1) of log returns × √252 × 100'",
    ),
  ],
  chv: [
    talibIn(COMPOSED, ['chv'], 'ROC of EMA(high − low) (Chaikin, Achelis)', [
      "'chv(%i, %i) = TA-Lib ROC of EMA(high − low)'",
    ]),
    peer(
      PEERS,
      ['chv'],
      'CVI(10)',
      "'chv(10, 10) = CVI(10) after their first-value EMA seed decays'",
      after(300, SEED),
    ),
  ],
  ui: [
    si(BV, ['ui'], 'ulcer.ui (ToUlcerIndex(14))', "'ui(14) = ToUlcerIndex(14).ui'"),
    peer(PEERS, ['ui'], 'UlcerIndex(14)', "'ui(14) = UlcerIndex(14), same warm-up'"),
  ],
  starc: [
    si(
      BV,
      BANDS,
      'starc (ToStarcBands(5, 2, 10))',
      "'starc(5, 2, 10) = ToStarcBands() bands (centerline from bar 10, our single lookback)'",
      '1e-9, same warm-up; middle from bar 10 (our single lookback)',
    ),
  ],
  chexit: [
    talibIn(COMPOSED, ['long', 'short'], 'MAX(high) / MIN(low) ∓ m × ATR (LeBeau, ChartSchool)', [
      "'chexit(%i, %d) long/short = TA-Lib MAX(high)/MIN(low) ∓ m × ATR'",
    ]),
    si(
      BV,
      ['long'],
      'chexit (ToChandelier(22, 3))',
      "'chexit(22, 3).long = ToChandelier(22, 3).chandelierExit'",
    ),
    peer(
      RTS,
      ['long', 'short'],
      'ChandelierExit',
      "'chexit(%i, 3) long/short = ChandelierExit once the ATR seeds have decayed'",
      after('30 × period', SEED),
    ),
  ],
  // volume
  obv: [
    talibIn(BVOL, ['obv'], 'OBV', ["it('obv'"]),
    si(
      BVOL,
      ['obv'],
      'obv (ToObv(), + first volume)',
      '"obv = ToObv() plus TA-Lib\'s starting volume (Stock.Indicators starts at 0)"',
    ),
  ],
  ad: [talibIn(BVOL, ['ad'], 'AD', ["it('ad'"]), si(BVOL, ['ad'], 'adl (ToAdl())', "'ad = ToAdl().adl'")],
  adosc: [
    talibIn(BVOL, ['adosc'], 'ADOSC', ["'adosc(%i, %i)'"]),
    si(
      BVOL,
      ['adosc'],
      'chaikin-osc (ToChaikinOsc(3, 10))',
      "'adosc(3, 10) = ToChaikinOsc(3, 10) once the different EMA seeds have decayed (bar ≥ 200)'",
      after(200, SEED),
    ),
  ],
  cmf: [si(BVOL, ['cmf'], 'cmf (ToCmf(20))', "'cmf(20) = ToCmf(20).cmf'")],
  vwap: [si(BVOL, ['vwap'], 'vwap (ToVwap(), cumulative)', "'vwap = ToVwap() (cumulative)'")],
  force: [
    si(BVOL, ['force'], 'force (ToForceIndex(2))', "'force(2) = ToForceIndex() (2 bars)'"),
    peer(
      PEERS,
      ['force'],
      'ForceIndex(13)',
      "'force(13) = ForceIndex(13) after their first-value EMA seed decays'",
      after(300, SEED),
    ),
  ],
  eom: [
    talibIn(COMPOSED, ['eom'], 'SMA of one-bar EMV (Arms, ChartSchool)', [
      "'eom(%i, divisor %d) = TA-Lib SMA of the one-bar EMV'",
    ]),
    peer(PEERS, ['eom'], 'EMV(14, 1e8)', "'eom(14, divisor 1e8) = EMV(14, 1e8), same warm-up'"),
  ],
  nvi: [
    numpy(
      RPY,
      ['nvi'],
      'Fosback NVI (ChartSchool)',
      "'nvi and pvi (start %i) = Fosback volume indices (1e-9)'",
    ),
    peer(PEERS, ['nvi'], 'NVI', "'nvi and pvi = NVI / PVI (start 1000)'"),
  ],
  pvi: [
    numpy(
      RPY,
      ['pvi'],
      'Fosback PVI (ChartSchool)',
      "'nvi and pvi (start %i) = Fosback volume indices (1e-9)'",
    ),
    peer(PEERS, ['pvi'], 'PVI', "'nvi and pvi = NVI / PVI (start 1000)'"),
  ],
  vpt: [
    numpy(
      RPY,
      ['vpt'],
      'Price Volume Trend (ChartSchool)',
      "'vpt = ChartSchool price volume trend from 0 (1e-9)'",
    ),
    peer(PEERS, ['vpt'], 'PVT', "'vpt = PVT (ours also reports 0 on the first bar)'", '1e-9 from bar 1'),
  ],
  kvo: [
    si(
      BVOL,
      ['kvo', 'signal'],
      'kvo (ToKvo(34, 55, 13))',
      "'kvo(34, 55, 13) = ToKvo(34, 55, 13) (oscillator from our common lookback, bar 68)'",
      '1e-9, same warm-up; kvo from bar 68 (our single lookback)',
    ),
  ],
  pvo: [
    si(
      BVOL,
      ['pvo', 'signal', 'histogram'],
      'pvo (ToPvo(12, 26, 9))',
      "'pvo(12, 26, 9) = ToPvo(12, 26, 9) (pvo from our common lookback, bar 33)'",
      '1e-9, same warm-up; pvo from bar 33 (our single lookback)',
    ),
  ],
  // trend
  sar: [
    talibIn(BT, ['sar'], 'SAR', ["'sar(acceleration %d, maximum %d)'"]),
    si(
      BTG,
      ['sar'],
      'psar (ToParabolicSar(0.02, 0.2))',
      "'sar(0.02, 0.2) = ToParabolicSar(0.02, 0.2) except on reversal bars clamped to the bar (TA-Lib rule)'",
      '1e-9 from bar 40 except ≤ 5 reversal bars (TA-Lib clamp rule)',
    ),
  ],
  sarext: [talibIn(BT, ['sarext'], 'SAREXT', ["'sarext(%o)'"])],
  linearreg: [linreg('linearreg', 'linearreg'), slopeLine('linearreg', 'b + m·(t + 1)')],
  linearreg_slope: [
    linreg('linearreg_slope', 'linearregSlope'),
    si(
      SI_MORE,
      ['linearreg_slope'],
      'slope.slope (ToSlope(14))',
      "'linearreg_slope(14) = ToSlope(14).slope on every bar, same warm-up'",
      EXACT,
    ),
  ],
  linearreg_angle: [linreg('linearreg_angle', 'linearregAngle')],
  linearreg_intercept: [
    linreg('linearreg_intercept', 'linearregIntercept'),
    slopeLine('linearreg_intercept', 'b + m·(t − 12)'),
  ],
  tsf: [linreg('tsf', 'tsf'), slopeLine('tsf', 'b + m·(t + 2)')],
  supertrend: [
    numpy(
      RPY,
      ['supertrend', 'direction', 'upper', 'lower'],
      'TradingView Pine `ta.supertrend`',
      "'supertrend(%i, %d) = Pine ta.supertrend: line, direction and both bands (1e-9 after ATR seed decay)'",
      '1e-9 at the sampled bars from bar 30 × period (Pine ATR seeded one bar earlier)',
    ),
    si(
      BTG,
      ['supertrend', 'direction', 'upper', 'lower'],
      'supertrend (ToSuperTrend(10, 3)); bands on their active side',
      "'supertrend(10, 3) = ToSuperTrend(10, 3); upper band while bearish = upperBand'",
    ),
    peer(
      RTS,
      ['supertrend', 'direction'],
      'SuperTrend',
      "'supertrend(%i, 3) line and direction = SuperTrend once the ATR seeds have decayed'",
      after('30 × period', SEED),
    ),
  ],
  ichimoku: [
    si(
      BTG,
      ['tenkan', 'kijun', 'senkou_a', 'senkou_b'],
      'ichimoku (ToIchimoku(9, 26, 52))',
      "'ichimoku(9, 26, 52) = ToIchimoku(9, 26, 52) lines from our common lookback (bar 77)'",
      '1e-9 from bar 77 (our single lookback)',
    ),
  ],
  vortex: [si(BTG, ['plus', 'minus'], 'vortex (ToVortex(14))', "'vortex(14) = ToVortex(14) pvi/nvi'")],
  chop: [
    si(BTG, ['chop'], 'chop (ToChop(14))', "'chop(14) = ToChop(14)'"),
    peer(PEERS, ['chop'], 'CHOP(14)', "'chop(14) = CHOP(14), same warm-up'"),
  ],
  dpo: [
    si(
      BTG,
      ['dpo'],
      'dpo (ToDpo(14)), re-indexed 8 bars (theirs is centred)',
      "'dpo(14) = ToDpo(14) re-indexed 8 bars later (their centred DPO reads a future SMA)'",
    ),
    peer(PEERS, ['dpo'], 'DPO(20)', "'dpo(20) = DPO(20): both causal, same warm-up'"),
  ],
  vhf: [
    talibIn(COMPOSED, ['vhf'], '(MAX − MIN of close) / SUM(|MOM(1)|) (White)', [
      "'vhf(%i) = (TA-Lib MAX − MIN of close) / SUM(|MOM(1)|)'",
    ]),
    peer(PEERS, ['vhf'], 'VHF(28)', "'vhf(28) = VHF(28), same warm-up'"),
  ],
  alligator: [
    si(
      BTG,
      ['jaw', 'teeth', 'lips'],
      'alligator (ToAlligator())',
      "'alligator = ToAlligator() (teeth/lips from our common lookback, bar 20)'",
      '1e-9, same warm-up; teeth, lips from bar 20 (our single lookback)',
    ),
  ],
  elder_ray: [
    si(
      BTG,
      ['bull', 'bear'],
      'elder-ray (ToElderRay(13))',
      "'elder_ray(13) = ToElderRay(13) bull/bear power'",
    ),
  ],
  // statistics
  var: [talibIn(BS, ['var'], 'VAR', ["'var at period %i'"])],
  stddev: [
    talibIn(BS, ['stddev'], 'STDDEV', ["'stddev at period %i, nbdev %d'"]),
    si(
      BS,
      ['stddev'],
      'stdev.stdDev (ToStdDev(14))',
      '\'stddev(14) equals results/stdev.standard.json "stdDev" (population deviation), 1e-9\'',
    ),
  ],
  beta: [
    talibIn(BS, ['beta'], 'BETA', ["'beta(open, close) at period %i'"]),
    si(
      BS,
      ['beta'],
      'beta (ToBeta(50), compare.csv on default.csv)',
      '\'beta(50) of compare (asset) on default (market) equals results/beta.standard.json "beta", 1e-9\'',
    ),
  ],
  correl: [
    talibIn(BS, ['correl'], 'CORREL', ["'correl(high, close) at period %i'"]),
    si(
      BS,
      ['correl'],
      'corr (ToCorrelation(20), compare.csv vs default.csv)',
      '\'correl(20) of compare vs default equals results/corr.standard.json "correlation", 1e-9\'',
    ),
  ],
  avgdev: [talibIn(BS, ['avgdev'], 'AVGDEV', ["'avgdev on %s at period %i matches TA-Lib AVGDEV (1e-9)'"])],
  zscore: [
    si(
      BS,
      ['zscore'],
      'bb.zScore (ToBollingerBands(20, 2))',
      "'zscore(20) equals Stock.Indicators ToBollingerBands(20, 2).zScore (1e-9)'",
    ),
  ],
  // price transform
  avgprice: [priceTransform('avgprice', 'avgprice(b.open, b.high, b.low, b.close)')],
  medprice: [priceTransform('medprice', 'medprice(b.high, b.low)')],
  typprice: [priceTransform('typprice', 'typprice(b.high, b.low, b.close)')],
  wclprice: [priceTransform('wclprice', 'wclprice(b.high, b.low, b.close)')],
  heikinashi: [
    si(
      'price-transform.test.ts',
      ['open', 'high', 'low', 'close'],
      'heikinashi (ToHeikinAshi())',
      "'equals Stock.Indicators ToHeikinAshi on default.csv (open/high/low/close), 1e-9'",
    ),
  ],
  // math
  acos: [mathUnary('acos')],
  asin: [mathUnary('asin')],
  atan: [mathUnary('atan')],
  ceil: [mathUnary('ceil')],
  cos: [mathUnary('cos')],
  cosh: [mathUnary('cosh')],
  exp: [mathUnary('exp')],
  floor: [mathUnary('floor')],
  ln: [mathUnary('ln')],
  log10: [mathUnary('log10')],
  sin: [mathUnary('sin')],
  sinh: [mathUnary('sinh')],
  sqrt: [mathUnary('sqrt')],
  tan: [mathUnary('tan')],
  tanh: [mathUnary('tanh')],
  add: [mathBinary('add')],
  sub: [mathBinary('sub')],
  mult: [mathBinary('mult')],
  div: [mathBinary('div')],
  max: [talibIn('math.test.ts', ['max'], 'MAX', [MATH_WINDOW, "[m.max(x, period), talib('MAX'"])],
  min: [talibIn('math.test.ts', ['min'], 'MIN', [MATH_WINDOW, "[m.min(x, period), talib('MIN'"])],
  sum: [talibIn('math.test.ts', ['sum'], 'SUM', [MATH_WINDOW, "[m.sum(x, period), talib('SUM'"])],
  maxindex: [
    talibIn(
      'math.test.ts',
      ['maxindex'],
      'MAXINDEX',
      [MATH_INDEX, 'Array.from(m.maxindex(x, period))'],
      EQUAL,
    ),
  ],
  minindex: [
    talibIn(
      'math.test.ts',
      ['minindex'],
      'MININDEX',
      [MATH_INDEX, 'Array.from(m.minindex(x, period))'],
      EQUAL,
    ),
  ],
  minmax: [
    talibIn('math.test.ts', ['min', 'max'], 'MINMAX', [
      MATH_WINDOW,
      "[m.minmax(x, period).min, talib('MINMAX'",
      "[m.minmax(x, period).max, talib('MINMAX'",
    ]),
  ],
  minmaxindex: [
    talibIn(
      'math.test.ts',
      ['minidx', 'maxidx'],
      'MINMAXINDEX',
      [
        MATH_INDEX,
        'Array.from(mmi.minidx)).toEqual(Array.from(refMmi.outMinIdx!)',
        'Array.from(mmi.maxidx)).toEqual(Array.from(refMmi.outMaxIdx!)',
      ],
      EQUAL,
    ),
  ],
  // cycle
  ht_dcperiod: [cycle('ht_dcperiod')],
  ht_dcphase: [cycle('ht_dcphase')],
  ht_phasor: [cycle('ht_phasor', ['inphase', 'quadrature'])],
  ht_sine: [cycle('ht_sine', ['sine', 'leadsine'])],
  ht_trendmode: [cycle('ht_trendmode')],
  ht_trendline: [cycle('ht_trendline')],
};
