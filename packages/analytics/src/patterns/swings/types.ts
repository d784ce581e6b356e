/** Which extreme a swing point marks. */
export type SwingKind = 'high' | 'low';

/**
 * A confirmed swing point (pivot) of a zig-zag.
 *
 * `index` is the bar of the extreme; `knownAt` is the first bar at which the reversal away from it reached
 * the threshold, i.e. the first bar at which a causal reader could know the pivot. `knownAt > index` always.
 */
export interface Swing {
  readonly kind: SwingKind;
  /** Bar index of the extreme (callers map bar indices to dates). */
  readonly index: number;
  /** The bar's high for a swing high, its low for a swing low. */
  readonly price: number;
  /** Bar at which the confirming reversal happened. */
  readonly knownAt: number;
}
