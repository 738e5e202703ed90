// The Result JSON, one small file per part so fields can be added without touching the others.
export * from "./attribution.ts";
export * from "./fidelity.ts";
export * from "./format-result.ts";
export * from "./instructions.ts";
export * from "./read-result.ts";
export * from "./result.ts";
export * from "./runtimes.ts";
export * from "./shipped.ts";
export * from "./sizes.ts";
export * from "./sweep.ts";
export * from "./timing.ts";
export * from "./transport.ts";
