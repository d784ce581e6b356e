// Owned by the technical-indicators work: batch functions, streaming classes and their registry entries.
export {};
