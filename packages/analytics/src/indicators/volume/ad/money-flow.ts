/**
 * Chaikin money-flow volume of one bar: ((close − low) − (high − close)) / (high − low) × volume, 0 when
 * high = low (TA-Lib `AD` / Stock.Indicators `ToAdl`).
 */
export function moneyFlowVolume(high: number, low: number, close: number, volume: number): number {
  const range = high - low;
  return range > 0 ? ((close - low - (high - close)) / range) * volume : range === 0 ? 0 : Number.NaN;
}
