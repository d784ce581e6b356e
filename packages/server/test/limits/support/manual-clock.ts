import type { MillisClock } from '../../../src/platform/limits/clock.js';

/** A clock tests move by hand. */
export class ManualClock implements MillisClock {
  constructor(private ms: number) {}

  now(): number {
    return this.ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
