// Owned by the sentiment work.
export {};
