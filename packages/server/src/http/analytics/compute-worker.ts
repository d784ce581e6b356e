import { type BooksComputeInput, computeBooks } from '../../cards/reference-books.js';
import { computeScreen, type ScreenComputeInput } from '../../screening/screen-compute.js';
import { lowerWorkerThreadPriority } from '../../worker-priority.js';
import { computeMicrostructureDaily, type MicrostructureComputeInput } from './microstructure-compute.js';
import { computePatterns, type PatternsComputeInput } from './patterns-compute.js';
import { computePortfolio, type PortfolioComputeInput } from './portfolio-compute.js';
import { scoreTexts } from './sentiment-compute.js';
import { computeTechnical, type TechnicalComputeInput } from './technical-compute.js';

lowerWorkerThreadPriority();

export type ComputeTask =
  /** Starts the thread (its imports) ahead of the request's own tasks; answers nothing. */
  | { readonly kind: 'warm' }
  | { readonly kind: 'portfolio'; readonly input: PortfolioComputeInput }
  | { readonly kind: 'patterns'; readonly input: PatternsComputeInput }
  | { readonly kind: 'technical'; readonly input: TechnicalComputeInput }
  | { readonly kind: 'microstructure'; readonly input: MicrostructureComputeInput }
  | { readonly kind: 'sentiment'; readonly input: readonly string[] }
  | { readonly kind: 'screen'; readonly input: ScreenComputeInput }
  | { readonly kind: 'books'; readonly input: BooksComputeInput };

/** Piscina worker entry for the analytics endpoints' heavy computations (see compute-pool.ts). */
export default function computeTask(task: ComputeTask) {
  switch (task.kind) {
    case 'warm':
      return undefined;
    case 'portfolio':
      return computePortfolio(task.input);
    case 'patterns':
      // Serialised here: a ticker's candlestick list over 10,000 bars is ~3 MB of JSON.
      return JSON.stringify(computePatterns(task.input));
    case 'technical':
      return computeTechnical(task.input);
    case 'microstructure':
      return computeMicrostructureDaily(task.input);
    case 'sentiment':
      return scoreTexts(task.input);
    case 'screen':
      return computeScreen(task.input);
    case 'books':
      return computeBooks(task.input);
  }
}
