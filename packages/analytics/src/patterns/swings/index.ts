export { swingsKnownAt } from './swings-known-at.js';
export type { Swing, SwingKind } from './types.js';
export { zigZag } from './zig-zag.js';
