export interface IntradayProfileOptions {
  /** Bin length in minutes; must divide 1 440. Default 30. */
  readonly binMinutes?: number;
  /** Offset of exchange local time from UTC in minutes (e.g. −300 for New York in winter). Fixed: no DST. Default 0. */
  readonly utcOffsetMinutes?: number;
}

export interface IntradayProfiles {
  /** Local minute of day at which each bin starts. */
  readonly binStartMinute: Float64Array;
  /** Mean over days of the bin's share of that day's volume (sums to 1 across bins). */
  readonly volumeShare: Float64Array;
  /** Root mean square over days of the bin's log return (last price in bin vs previous bin's last, or the day's first trade); NaN for bins never traded. */
  readonly volatility: Float64Array;
  /** Number of distinct local days in the input. */
  readonly days: number;
}

const DAY_MS = 86_400_000;

/** Intraday (time-of-day) volume and volatility profiles from trades (ascending epoch-ms times), averaged across days. */
export function intradayProfiles(
  time: Float64Array,
  price: Float64Array,
  size: Float64Array,
  options: IntradayProfileOptions = {},
): IntradayProfiles {
  const binMinutes = options.binMinutes ?? 30;
  const offsetMs = (options.utcOffsetMinutes ?? 0) * 60_000;
  if (!Number.isInteger(binMinutes) || binMinutes < 1 || 1440 % binMinutes !== 0) {
    throw new RangeError('intradayProfiles: binMinutes must divide 1440');
  }
  const n = price.length;
  if (time.length !== n || size.length !== n) throw new RangeError('intradayProfiles: length mismatch');
  const nb = 1440 / binMinutes;
  const shareSum = new Float64Array(nb);
  const sqSum = new Float64Array(nb);
  const sqCount = new Float64Array(nb);
  let days = 0;
  let i = 0;
  while (i < n) {
    const day = Math.floor((time[i]! + offsetMs) / DAY_MS);
    const vol = new Float64Array(nb);
    const last = new Float64Array(nb).fill(Number.NaN);
    const first = price[i]!;
    let dayVol = 0;
    while (i < n && Math.floor((time[i]! + offsetMs) / DAY_MS) === day) {
      const minute = ((time[i]! + offsetMs) % DAY_MS) / 60_000;
      const b = Math.floor(minute / binMinutes);
      vol[b] = vol[b]! + size[i]!;
      last[b] = price[i]!;
      dayVol += size[i]!;
      i++;
    }
    days++;
    let prev = first;
    for (let b = 0; b < nb; b++) {
      if (dayVol > 0) shareSum[b] = shareSum[b]! + vol[b]! / dayVol;
      if (Number.isNaN(last[b]!)) continue;
      const r = Math.log(last[b]! / prev);
      sqSum[b] = sqSum[b]! + r * r;
      sqCount[b] = sqCount[b]! + 1;
      prev = last[b]!;
    }
  }
  const binStartMinute = new Float64Array(nb);
  const volumeShare = new Float64Array(nb);
  const volatility = new Float64Array(nb);
  for (let b = 0; b < nb; b++) {
    binStartMinute[b] = b * binMinutes;
    volumeShare[b] = days > 0 ? shareSum[b]! / days : Number.NaN;
    volatility[b] = sqCount[b]! > 0 ? Math.sqrt(sqSum[b]! / sqCount[b]!) : Number.NaN;
  }
  return { binStartMinute, volumeShare, volatility, days };
}
