/** The last `bars` stored bars dated on or before `upTo`. */
export interface TailNeed {
  readonly bars: number;
  readonly upTo: string;
}
