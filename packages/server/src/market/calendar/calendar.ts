/** One trading session of an exchange calendar. Times are UTC instants. */
export interface Session {
  /** `YYYY-MM-DD`, the local trading date. */
  readonly id: string;
  readonly opens_at: Date;
  readonly closes_at: Date;
  readonly early_close: boolean;
}

export interface ExchangeCalendar {
  /** ISO 10383 MIC or our own code (`24x7`). */
  readonly code: string;
  readonly timezone: string;
  /**
   * Whether a local date has a session, without building its instants (cheap; used to validate
   * millions of ingested rows). Optional so that existing implementations stay valid; callers fall
   * back to `sessionOn(date) !== undefined`.
   */
  isTradingDay?(localDate: string): boolean;
  /** The session trading on a local date, or undefined for holidays and weekends. */
  sessionOn(localDate: string): Session | undefined;
  /** The first session whose close is after `instant` (the current one while it is open). */
  currentOrNext(instant: Date): Session;
  /** The last session that closed at or before `instant`. */
  previous(instant: Date): Session;
}
