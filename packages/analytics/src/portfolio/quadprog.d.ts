// Types for the `quadprog` package (Goldfarb–Idnani dual QP, a port of R's quadprog). Its arrays
// are 1-based: element 0 is ignored.
declare module 'quadprog' {
  export interface SolveQpResult {
    solution: number[];
    Lagrangian: number[];
    value: number[];
    iterations: number[];
    iact: number[];
    message: string;
  }
  export function solveQP(
    Dmat: number[][],
    dvec: number[],
    Amat: number[][],
    bvec: number[],
    meq?: number,
    factorized?: number[],
  ): SolveQpResult;
  const quadprog: { solveQP: typeof solveQP };
  export default quadprog;
}
