// Polyglot measurement: see docs/polyglot.md.
export {};
