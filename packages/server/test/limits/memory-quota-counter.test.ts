import { createLimiters } from '../../src/platform/limits/create-limiters.js';
import { describeQuotaCounterConformance } from './support/quota-counter-conformance.js';

describeQuotaCounterConformance('memory', async () => ({
  create: async (usage) => createLimiters({ kind: 'memory' }, usage),
}));
