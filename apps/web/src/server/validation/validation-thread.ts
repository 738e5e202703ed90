import { idlCompilers } from "@wirebench/idl-compilers";
import { checkRunInput, type RunInputToCheck, type RunInputVerdict } from "@wirebench/schemas";
import { AppError, type ErrorCode } from "../app-error.ts";
import { parseJsonBody, plainFields, sampleTextOf } from "../http/parse-json-body.ts";

/**
 * The work a validation thread does (see validation-pool.ts), also called inline for small input.
 * Only plain data crosses the thread boundary: answers carry an AppError's code and message, not
 * the error itself.
 */
export type ValidationTask =
  | { kind: "read-body"; text: string; maxDepth: number }
  | { kind: "check"; input: RunInputToCheck };

/** A POST /runs body read losslessly: the other fields as plain JSON, the sample as its exact text. */
export interface RunBody {
  fields: Record<string, unknown>;
  sampleText?: string;
}

export type ValidationAnswer =
  | { kind: "read-body"; body: RunBody }
  | { kind: "check"; verdict: RunInputVerdict }
  | { kind: "refused"; code: ErrorCode; message: string };

/**
 * Parses the body keeping every number's source text and re-writes the sample as text: lossless-json
 * reads a 3 MB body in about a second, which must not happen on the event loop.
 */
export function readRunBody(text: string, maxDepth: number): RunBody {
  const body = parseJsonBody(text, maxDepth);
  const { sample: _sample, ...fields } = plainFields(body);
  const sampleText = sampleTextOf(body.sample);
  return sampleText === undefined ? { fields } : { fields, sampleText };
}

export function runValidationTask(task: ValidationTask): ValidationAnswer {
  try {
    if (task.kind === "read-body") return { kind: "read-body", body: readRunBody(task.text, task.maxDepth) };
    // Only here do schema compilers run: .thrift, .fbs and .capnp are always checked on a thread.
    return { kind: "check", verdict: checkRunInput(task.input, idlCompilers) };
  } catch (err) {
    if (err instanceof AppError) return { kind: "refused", code: err.code, message: err.message };
    throw err;
  }
}
