// The public contract (docs/architecture.md, "Public contract"): every shape web, worker and CLI
// exchange is declared here once, as a zod schema with its inferred type.
export * from "./result/index.ts";
