// The platform: storage, plans, accounts, keys, limits and the market store opened together from one
// configuration (`createPlatform`, the same call `bellwether serve` makes), and the limiter factory on
// its own for callers that bring their own usage ledger.
export { createPlatform, type Platform } from './create-platform.js';
export { createLimiters, type Limiters, type LimitersConfig } from './limits/create-limiters.js';
