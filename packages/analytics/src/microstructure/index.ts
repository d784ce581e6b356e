// Owned by the microstructure work.
export {};
