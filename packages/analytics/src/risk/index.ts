// Owned by the risk work.
export {};
