/**
 * Child process entry (see prepare-dataset.ts): reads, infers or synthesizes one run's dataset and
 * writes it to a file, so that the worker process never holds a hostile input's data.
 */
import { writeFileSync } from "node:fs";
import { serialize } from "node:v8";
import { endWithParent, growSweepDatasets } from "@wirebench/codecs";
import type { Dataset } from "@wirebench/schemas";
import { datasetOf, type RunOptions } from "./dataset-of.ts";
import type { PreparedSweep, PrepareReply, PrepareRequest } from "./prepare-protocol.ts";

/** The sweep's grown datasets written beside the run's (here, where hostile data is bounded). */
function writeSweep(
  dataset: Dataset,
  sweep: NonNullable<RunOptions["sweep"]>,
  req: PrepareRequest,
): PreparedSweep {
  try {
    const limits = req.options.sweepLimits ? { sweepLimits: req.options.sweepLimits } : {};
    const grown = growSweepDatasets(dataset, { ...sweep, ...limits }, "options.sweep.sizes");
    const points = grown.points.map((p) => {
      const path = `${req.path}.sweep-${p.size}`;
      writeFileSync(path, serialize(p.dataset));
      return { size: p.size, path };
    });
    return { path: grown.path, sampleLength: grown.sampleLength, points };
  } catch (err) {
    return { error: (err as Error)?.message ?? String(err) };
  }
}

endWithParent();

const reply = (m: PrepareReply) =>
  new Promise<void>((resolve) => process.send?.(m, undefined, {}, () => resolve()));

process.once("message", (req: PrepareRequest) => {
  let answer: PrepareReply;
  try {
    const dataset = datasetOf(req.input, req.options);
    writeFileSync(req.path, serialize(dataset));
    answer = { type: "done", schema: dataset.schema, messageCount: dataset.messages.length };
    if (req.options.sweep) answer.sweep = writeSweep(dataset, req.options.sweep, req);
  } catch (err) {
    answer = { type: "error", message: (err as Error)?.message ?? String(err) };
  }
  void reply(answer).then(() => process.exit(0));
});
