import { computePortfolio, type PortfolioComputeInput } from './portfolio-compute.js';

/** Piscina worker entry for the analytics endpoints' heavy computations (see compute-pool.ts). */
export default function computeTask(task: {
  readonly kind: 'portfolio';
  readonly input: PortfolioComputeInput;
}) {
  return computePortfolio(task.input);
}
