// Typed TypeScript SDK for the Bellwether API (its own issue builds it out).
export {};
