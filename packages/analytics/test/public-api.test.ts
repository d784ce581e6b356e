import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

// The names the package root exports at run time (types are erased), sorted. Adding or removing a
// public name must be a deliberate edit of this list. Internal kernels stay behind the sub-barrels:
// in-place `…Into` kernels and parameter-spec builders (src/indicators/core), solver internals of the
// portfolio optimisers, risk-convention helpers and candle-average machinery.
const EXPECTED = `
  ALLIGATOR_DEFAULTS AdxStream AtrStream BbandsStream CALIBRATION_FEATURES CANDLESTICK_DEFINITIONS
  CANDLESTICK_PATTERNS CANDLE_RANGE_TYPES CANDLE_SETTING_NAMES CATALOG CDL2CROWS CDL3BLACKCROWS CDL3INSIDE
  NEUTRAL_CANDLES candleDirection
  FUNDAMENTAL_ITEMS ITEM_KIND fiscalQuarters fiscalYears fundamentalRatios knownFacts priceRatios trailingTwelveMonths
  CDL3LINESTRIKE CDL3OUTSIDE CDL3STARSINSOUTH CDL3WHITESOLDIERS CDLABANDONEDBABY CDLADVANCEBLOCK CDLBELTHOLD
  CDLBREAKAWAY CDLCLOSINGMARUBOZU CDLCONCEALBABYSWALL CDLCOUNTERATTACK CDLDARKCLOUDCOVER CDLDOJI CDLDOJISTAR
  CDLDRAGONFLYDOJI CDLENGULFING CDLEVENINGDOJISTAR CDLEVENINGSTAR CDLGAPSIDESIDEWHITE CDLGRAVESTONEDOJI
  CDLHAMMER CDLHANGINGMAN CDLHARAMI CDLHARAMICROSS CDLHIGHWAVE CDLHIKKAKE CDLHIKKAKEMOD CDLHOMINGPIGEON
  CDLIDENTICAL3CROWS CDLINNECK CDLINVERTEDHAMMER CDLKICKING CDLKICKINGBYLENGTH CDLLADDERBOTTOM
  CDLLONGLEGGEDDOJI CDLLONGLINE CDLMARUBOZU CDLMATCHINGLOW CDLMATHOLD CDLMORNINGDOJISTAR CDLMORNINGSTAR
  CDLONNECK CDLPIERCING CDLRICKSHAWMAN CDLRISEFALL3METHODS CDLSEPARATINGLINES CDLSHOOTINGSTAR CDLSHORTLINE
  CDLSPINNINGTOP CDLSTALLEDPATTERN CDLSTICKSANDWICH CDLTAKURI CDLTASUKIGAP CDLTHRUSTING CDLTRISTAR
  CANDLESTICK_FAMILY CHART_PATTERN_FAMILY COVARIANCE_METHODS FAMILIES INDICATOR_FAMILY MICROSTRUCTURE_FAMILY
  PORTFOLIO_FAMILY PORTFOLIO_OPTIMISERS RISK_FAMILY SENTIMENT_FAMILY SUPPORT_RESISTANCE_FAMILY
  CDLUNIQUE3RIVER CDLUPSIDEGAP2CROWS CDLXSIDEGAP3METHODS CHART_PATTERN_DEFAULTS CHART_PATTERN_PARAMS
  CHART_PATTERN_TYPES CONCESSIVE_WORDS CONTRAST_WORDS CYCLE_INDICATORS Candles DEFAULT_CANDLE_SETTINGS
  DEFAULT_FEATURE_CONFIG DEFAULT_LEXICON_WEIGHT DEFAULT_NEWS_DECISION NEWS_MIN_WORDS PROPER_NOUN_TOKEN isNewsSentence
  DEFAULT_PERIODS_PER_YEAR DEFAULT_SENTIMENT_MODEL_INFO DEFAULT_TRADE_SIZE_EDGES
  DENSE_FEATURES DIMINISHERS EXPECTATION_WORDS EmaStream FINANCE_PHRASES INTENSIFIERS LinearProgramError
  MAMA_LOOKBACK MATH_INDICATORS MA_TYPES MOMENTUM_INDICATORS MacdStream NEGATORS OVERLAP_INDICATORS ObvStream
  PATTERN_STATES PRICE_TRANSFORM_INDICATORS PRIOR_MODEL PUNCTUATION PendingBarIndicator RISK_METRICS RISK_PARAMS
  RsiStream SAREXT_DEFAULTS SENTIMENT_LABELS SETUPS STATISTICS_INDICATORS SUPPORT_RESISTANCE_DEFAULTS
  SUPPORT_RESISTANCE_PARAMS SmaStream StochStream TREND_INDICATORS VOLATILITY_INDICATORS VOLUME_INDICATORS
  abdiRanaldoSpread accbands accbandsLookback acos ad add adosc adoscLookback adx adxLookback adxr
  adxrLookback aggregateSentiment alligator alligatorLookback alma almaLookback amihudIlliquidity
  analyzePortfolio annualizedCapmAlpha annualizedReturn annualizedVolatility ao aoLookback apo apoLookback
  aroon aroonLookback aroonosc aroonoscLookback asMaType asin atan atr atrLookback averageDrawdown avgdev
  avgdevLookback avgprice bbands bbandsLookback benchmarkCorrelation benchmarkRSquared bestPeriodReturn bestSetting beta
  betaLookback bop brierScore buildIndex calibrationFeatures calibrationSamples calibrationTable calmarRatio
  capmAlpha capmBeta cci checkRiskParams cciLookback cdl2crows cdl2crowsLookback cdl3blackcrows cdl3blackcrowsLookback
  cdl3inside cdl3insideLookback cdl3linestrike cdl3linestrikeLookback cdl3outside cdl3outsideLookback
  cdl3starsinsouth cdl3starsinsouthLookback cdl3whitesoldiers cdl3whitesoldiersLookback cdlabandonedbaby
  cdlabandonedbabyLookback cdladvanceblock cdladvanceblockLookback cdlbelthold cdlbeltholdLookback
  cdlbreakaway cdlbreakawayLookback cdlclosingmarubozu cdlclosingmarubozuLookback cdlconcealbabyswall
  cdlconcealbabyswallLookback cdlcounterattack cdlcounterattackLookback cdldarkcloudcover
  cdldarkcloudcoverLookback cdldoji cdldojiLookback cdldojistar cdldojistarLookback cdldragonflydoji
  cdldragonflydojiLookback cdlengulfing cdlengulfingLookback cdleveningdojistar cdleveningdojistarLookback
  cdleveningstar cdleveningstarLookback cdlgapsidesidewhite cdlgapsidesidewhiteLookback cdlgravestonedoji
  cdlgravestonedojiLookback cdlhammer cdlhammerLookback cdlhangingman cdlhangingmanLookback cdlharami
  cdlharamiLookback cdlharamicross cdlharamicrossLookback cdlhighwave cdlhighwaveLookback cdlhikkake
  cdlhikkakeLookback cdlhikkakemod cdlhikkakemodLookback cdlhomingpigeon cdlhomingpigeonLookback
  cdlidentical3crows cdlidentical3crowsLookback cdlinneck cdlinneckLookback cdlinvertedhammer
  cdlinvertedhammerLookback cdlkicking cdlkickingLookback cdlkickingbylength cdlkickingbylengthLookback
  cdlladderbottom cdlladderbottomLookback cdllongleggeddoji cdllongleggeddojiLookback cdllongline
  cdllonglineLookback cdlmarubozu cdlmarubozuLookback cdlmatchinglow cdlmatchinglowLookback cdlmathold
  cdlmatholdLookback cdlmorningdojistar cdlmorningdojistarLookback cdlmorningstar cdlmorningstarLookback
  cdlonneck cdlonneckLookback cdlpiercing cdlpiercingLookback cdlrickshawman cdlrickshawmanLookback
  cdlrisefall3methods cdlrisefall3methodsLookback cdlseparatinglines cdlseparatinglinesLookback
  cdlshootingstar cdlshootingstarLookback cdlshortline cdlshortlineLookback cdlspinningtop
  cdlspinningtopLookback cdlstalledpattern cdlstalledpatternLookback cdlsticksandwich
  cdlsticksandwichLookback cdltakuri cdltakuriLookback cdltasukigap cdltasukigapLookback cdlthrusting
  cdlthrustingLookback cdltristar cdltristarLookback cdlunique3river cdlunique3riverLookback
  cdlupsidegap2crows cdlupsidegap2crowsLookback cdlxsidegap3methods cdlxsidegap3methodsLookback ceil
  chartPatternsAsOf chexit chexitLookback chop chopLookback chv chvLookback clusterSwings cmf cmfLookback cmo
  cmoLookback computeIndicator computeRiskMetrics conditionalValueAtRisk convictionLabel cornishFisherZ
  correl correlLookback correlationFromCovariance corwinSchultzSpread corwinSchultzTwoDay cos cosh
  createSentimentModel crossValidateSentiment cumulativeReturn cumulativeVwap defaultSentimentModel dema demaLookback
  describeCatalog describeIndicator detectChartPatterns detectSupportResistance diLookback div dmLookback
  donchian donchianLookback downCapture downsideDeviation dpo dpoLookback drawdownSeries dx edgeSpread
  edgeSpreadSample edgeSquaredSpread efficientFrontier efficientReturnPortfolio efficientRiskPortfolio
  elderRay elderRayLookback ema emaLookback eom eomLookback equalRiskContributionPortfolio equalWeights
  evaluateOutcome excessReturns exp extractFeatures factorSnapshot findIndicator findRiskMetric fitCalibration floor force
  forceLookback gainToPainRatio heikinashi hierarchicalRiskParityPortfolio hma hmaLookback htDcperiod
  htDcperiodLookback htDcphase htDcphaseLookback htPhasor htPhasorLookback htSine htSineLookback htTrendline
  htTrendlineLookback htTrendmode htTrendmodeLookback hv hvLookback ichimoku ichimokuLookback imi imiLookback
  informationRatio intradayProfiles inverseVarianceWeights inverseVolatilityWeights kama kamaLookback keltner
  keltnerLookback kvo kvoLookback kyleLambda ledoitWolfCovariance leeReady levelsOrdered lineAt
  linearRegression linearreg linearregAngle linearregIntercept linearregSlope linregLookback ln log10
  maLookback macd macdLookback macdext macdextLookback macdfix macdfixLookback mama max maxDrawdown
  maxLookback maximumSharpePortfolio maxindex maxindexLookback meanReturns medprice mfi mfiLookback midQuote
  midpoint midpointLookback midprice midpriceLookback min minLookback minimumCvarPortfolio
  minimumVariancePortfolio minindex minindexLookback minmax minmaxLookback minmaxindex minmaxindexLookback
  minusDi minusDm mom momLookback movingAverage mult natr natrLookback normalCdf normalPdf normalQuantile nvi
  obv omegaRatio orderImbalance painIndex parabolicSar plusDi plusDm pmo pmoLookback
  portfolioReturnsFromQuantities portfolioReturnsFromWeights ppo ppoLookback predictConviction prepareScan
  prevailingQuoteIndex priceChange pvi pvo pvoLookback quantileType7 quotedSpread resolveCandleSettings
  resolveChartPatternOptions resolveSupportResistanceOptions resolvedHistory returnRange riskContributions
  riskMetricParams riskReward roc rocLookback rocp rocpLookback rocr rocr100 rocr100Lookback rocrLookback
  rollSpread rollingRiskMetric rsi rsiLookback sampleCovariance sampleCovarianceMatrix sampleExcessKurtosis
  sampleMean sampleSkewness sampleStandardDeviation sar sarLookback sarext sarextLookback scanAt scenarioCvar
  scoreLexicon scoreSentiment selectCards sharpeRatio simpleReturns sin sinh sma smaLookback smi smiLookback
  smma smmaLookback solveLinearProgram sortinoRatio sqrt stabilityOfTimeseries starc starcLookback stddev
  stddevLookback stoch stochLookback stochf stochfLookback stochrsi stochrsiLookback sub sum sumLookback
  supertrend supertrendLookback supportResistanceAt swingsKnownAt t3 t3Lookback tailRatio tan tanh tema
  temaLookback tickRule tokenize trackingError tradeSizeDistribution tradeSpreads trainSentimentModel trange
  trangeLookback trima trimaLookback trix trixLookback tsf tsi tsiLookback turnover twap typprice ui
  uiLookback ulcerIndex ultosc ultoscLookback upCapture validateParams valueAtRisk varLookback variance vhf
  vhfLookback vortex vortexLookback vpin vpt vwap vwapIndicator vwma vwmaLookback wclprice
  weightsFromQuantities willr willrLookback winRate wma wmaLookback worstPeriodReturn writeThesis
  zeroReturnShare zigZag zlema zlemaLookback zscore zscoreLookback
  NULL_DRAWS REGIME_SLOPE_BARS blockBootstrapMean bracketEntryLimit cardCostR entryPrice fitExpectedR matchedLevels meanTrueRange
  expectedRSamples fitExpectedRSamples tickRound
  nullOutcomes predictExpectedR regimeAt regimeWithArticle summariseNull tradeCostR trendRegime trendStrength
  compileScreen evaluateScreen parseSort parseWhere rankScreenResults DEFAULT_SCREENER_LIMITS compileSetup SETUP_BOUNDS
  RECURSIVE_WARMUP_MULTIPLE SCREENER_INDICATORS
  DRIFT_LOOKBACK DRIFT_MIN_RETURNS blockBootstrapTest driftAdjustedNullRNet driftAdjustedRNet driftR exposureBars
  holmAdjust priorDrift sameTickerNullOutcomes
  CARDS_BOOK_DEFAULTS MOMENTUM_DEFAULTS atExposure bookStats cardsBook equalWeightBook momentumBook pricePanel
  referenceBooks windowOf
  OUTCOME_CLASSES OUTCOME_FEATURES outcomeFeatures classCalibration classCounts fitOutcomeProbabilities multiclassBrier outcomeClass
  outcomeModelParameters outcomeSamples outcomeSentence predictOutcomeProbabilities roundProbabilities shrunkBaseRates
  CARD_RECALIBRATION fitOutcomeRecalibration fitRecalibrationBefore identityRecalibration recalibrate
  CROSS_SECTION_FACTORS factorSeries percentileRanks
`
  .split(/\s+/)
  .filter((n) => n !== '');

/** Name shapes that mark a module-internal helper; none may reach the package root. */
const INTERNAL_PATTERNS: readonly RegExp[] = [
  /Into$/, // kernels writing into a caller-provided output (src/indicators/core, overlap, momentum)
  /Param$/, // parameter-spec builders used by registry entries (intParam, periodParam, maTypeParam…)
  /^assert/, // argument guards
  /^MAX_/, // validation bounds, already exposed through each entry's params
  /(TOLERANCE|BISECTIONS|RIDGE)$/, // numeric constants of the optimisers
  /^(nanArray|fillNaN|firstFinite|series|seriesIndicator|enumValue|emaAlpha)$/, // core helpers
  /^(resolveBounds|boundInequalities|budgetEquality|centredColumns|singleLinkage|quasiDiagonalOrder)$/,
  /^(solveQuadraticProgram|QuadraticProgramError|describePortfolio)$/, // optimiser internals
  /^(periodsPerYearOf|riskFreeAt|sortedQuantile|emptyCandlestickResult|CandleAverage)$/,
  /^(directionalSums|macdLines|cmoSum|moneyFlowVolume|klingerVolumeForce)$/, // intermediate series
];

const actual = Object.keys(api).sort();

describe('@bellwether/analytics public API', () => {
  it('exports exactly the listed names', () => {
    expect(actual).toEqual([...EXPECTED].sort());
  });

  it('exports no name that looks internal', () => {
    const leaked = actual.filter((name) => INTERNAL_PATTERNS.some((p) => p.test(name)));
    expect(leaked).toEqual([]);
  });

  it('the internal patterns do catch the kernels they are meant for', () => {
    const samples = [
      'smaInto',
      'periodParam',
      'assertSameLength',
      'MAX_PERIOD',
      'SIMPLEX_TOLERANCE',
      'nanArray',
    ];
    for (const name of samples)
      expect(
        INTERNAL_PATTERNS.some((p) => p.test(name)),
        name,
      ).toBe(true);
  });

  it('every listed name is defined', () => {
    const values = api as Readonly<Record<string, unknown>>;
    for (const name of EXPECTED) expect(values[name], name).toBeDefined();
  });
});
