// The public contract (docs/architecture.md, "Public contract"): every shape web, worker and CLI
// exchange is declared here once, as a zod schema with its inferred type. The OpenAPI document is
// generated from these objects.
export * from "./check-contract.ts";
export * from "./comparison.ts";
export * from "./error.ts";
export * from "./project.ts";
export * from "./result/index.ts";
export * from "./run/create-run.ts";
export * from "./run/run-options.ts";
export * from "./run/run-view.ts";
export * from "./run/status.ts";
export * from "./run/transport-option.ts";
export * from "./runtime/runtime-protocol.ts";
export * from "./steps.ts";
export * from "./token.ts";
