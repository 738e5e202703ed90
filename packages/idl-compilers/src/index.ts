import type { IdlCompilers } from "@wirebench/schemas";
import { capnpCodeGeneratorRequest, fbsReflectionJson, thriftXml } from "./compile-idl.ts";

export { compileTimeoutMs, idlIncludeDir } from "./compile-idl.ts";

/** The real compilers, for importSchema, loadDataset and checkRunInput in @wirebench/schemas. */
export const idlCompilers: IdlCompilers = { thriftXml, fbsReflectionJson, capnpCodeGeneratorRequest };
