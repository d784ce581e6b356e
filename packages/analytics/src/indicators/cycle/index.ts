export { htDcperiod, htDcperiodLookback } from './ht_dcperiod/ht_dcperiod.js';
export { htDcphase, htDcphaseLookback } from './ht_dcphase/ht_dcphase.js';
export { htPhasor, htPhasorLookback } from './ht_phasor/ht_phasor.js';
export { htSine, htSineLookback } from './ht_sine/ht_sine.js';
export { htTrendline, htTrendlineLookback } from './ht_trendline/ht_trendline.js';
export { htTrendmode, htTrendmodeLookback } from './ht_trendmode/ht_trendmode.js';
export { CYCLE_INDICATORS } from './registry.js';
