// Owned by the portfolio work.
export {};
