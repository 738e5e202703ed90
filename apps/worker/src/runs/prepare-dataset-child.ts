/**
 * Child process entry (see prepare-dataset.ts): reads, infers or synthesizes one run's dataset and
 * writes it to a file, so that the worker process never holds a hostile input's data.
 */
import { writeFileSync } from "node:fs";
import { serialize } from "node:v8";
import { endWithParent } from "@wirebench/codecs";
import { datasetOf } from "./dataset-of.ts";
import type { PrepareReply, PrepareRequest } from "./prepare-protocol.ts";

endWithParent();

const reply = (m: PrepareReply) =>
  new Promise<void>((resolve) => process.send?.(m, undefined, {}, () => resolve()));

process.once("message", (req: PrepareRequest) => {
  let answer: PrepareReply;
  try {
    const dataset = datasetOf(req.input, req.options);
    writeFileSync(req.path, serialize(dataset));
    answer = { type: "done", schema: dataset.schema, messageCount: dataset.messages.length };
  } catch (err) {
    answer = { type: "error", message: (err as Error)?.message ?? String(err) };
  }
  void reply(answer).then(() => process.exit(0));
});
