export * from './indicators/index.js';
export * from './microstructure/index.js';
export * from './patterns/index.js';
export * from './portfolio/index.js';
export * from './registry/types.js';
export * from './risk/index.js';
export * from './sentiment/index.js';
export * from './signals/index.js';
