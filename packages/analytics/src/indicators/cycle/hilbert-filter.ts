const A = 0.0962;
const B = 0.5769;

/**
 * One of the four Hilbert-transform FIR filters of TA-Lib's HT_* functions (macro
 * DO_HILBERT_TRANSFORM in ta_utility.h). Odd and even bars keep separate delay lines.
 */
export class HilbertFilter {
  value = 0;
  private readonly bufOdd = new Float64Array(3);
  private readonly bufEven = new Float64Array(3);
  private prevOdd = 0;
  private prevEven = 0;
  private prevInputOdd = 0;
  private prevInputEven = 0;

  even(input: number, idx: number, adjustedPrevPeriod: number): number {
    const t = A * input;
    let v = -this.bufEven[idx];
    this.bufEven[idx] = t;
    v += t;
    v -= this.prevEven;
    this.prevEven = B * this.prevInputEven;
    v += this.prevEven;
    this.prevInputEven = input;
    v *= adjustedPrevPeriod;
    this.value = v;
    return v;
  }

  odd(input: number, idx: number, adjustedPrevPeriod: number): number {
    const t = A * input;
    let v = -this.bufOdd[idx];
    this.bufOdd[idx] = t;
    v += t;
    v -= this.prevOdd;
    this.prevOdd = B * this.prevInputOdd;
    v += this.prevOdd;
    this.prevInputOdd = input;
    v *= adjustedPrevPeriod;
    this.value = v;
    return v;
  }
}
