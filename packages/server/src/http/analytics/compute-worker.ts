import { computePatterns, type PatternsComputeInput } from './patterns-compute.js';
import { computePortfolio, type PortfolioComputeInput } from './portfolio-compute.js';

export type ComputeTask =
  | { readonly kind: 'portfolio'; readonly input: PortfolioComputeInput }
  | { readonly kind: 'patterns'; readonly input: PatternsComputeInput };

/** Piscina worker entry for the analytics endpoints' heavy computations (see compute-pool.ts). */
export default function computeTask(task: ComputeTask) {
  return task.kind === 'portfolio' ? computePortfolio(task.input) : computePatterns(task.input);
}
