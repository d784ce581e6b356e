const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (New York in winter: −300). */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The UTC instant of a wall-clock time on a local date in `timeZone` (not for times inside a DST gap). */
export function zonedInstant(timeZone: string, localDate: string, hour: number, minute: number): Date {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, hour, minute);
  let offset = zoneOffsetMinutes(timeZone, new Date(naive));
  const guess = naive - offset * 60_000;
  offset = zoneOffsetMinutes(timeZone, new Date(guess));
  return new Date(naive - offset * 60_000);
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in `timeZone`. */
export function localDateOf(timeZone: string, instant: Date): string {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const SAKAMOTO = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** 0 = Sunday … 6 = Saturday (Sakamoto's method on the digits of `YYYY-MM-DD`; no Date allocation). */
export function weekday(localDate: string): number {
  let y = Number(localDate.slice(0, 4));
  const m = (localDate.charCodeAt(5) - 48) * 10 + localDate.charCodeAt(6) - 48;
  const day = (localDate.charCodeAt(8) - 48) * 10 + localDate.charCodeAt(9) - 48;
  if (m < 3) y -= 1;
  return (
    (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + (SAKAMOTO[m - 1] as number) + day) %
    7
  );
}
