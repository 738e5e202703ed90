/**
 * Child process entry (see measure-runtimes.ts): measures a run's dataset in the other runtimes,
 * so that a runtime run that leaks or hangs is bounded here, never in the worker process. Every
 * entry and status goes back as it is known; the worker saves them.
 */
import { readFileSync } from "node:fs";
import { deserialize } from "node:v8";
import { childEnv, defaultSettings, endWithParent, quickSettings } from "@wirebench/codecs";
import { addRuntimes, computedReferences } from "@wirebench/runtimes";
import type { Dataset } from "@wirebench/schemas";
import type { RuntimesMessage, RuntimesRequest } from "./runtimes-protocol.ts";

endWithParent();

// Waiting for each message to be written keeps a slow worker from piling entries up in this process.
const send = (m: RuntimesMessage) =>
  new Promise<void>((resolve) => process.send?.(m, undefined, {}, () => resolve()));

process.once("message", async (req: RuntimesRequest) => {
  let last: RuntimesMessage;
  try {
    const dataset = deserialize(readFileSync(req.datasetPath)) as Dataset;
    const references = computedReferences(dataset);
    await send({ type: "references", references });
    const result = await addRuntimes(req.node, dataset, {
      references,
      runtimes: req.runtimes,
      ...(req.formats ? { formats: req.formats } : {}),
      settings: req.quick ? quickSettings : defaultSettings,
      workDir: req.workDir,
      // This process's environment is already the minimal one; the runtimes' children get the same.
      env: childEnv(),
      // Counted under callgrind like Node's formats (docs/instructions.md "Other runtimes").
      ...(req.instructions ? { instructions: {} } : {}),
      onFormatResult: (entry, info) => send({ type: "entry", entry, ...info }),
      onRuntimeDone: (status) => send({ type: "runtime", status }),
      onProgress: (event) => void send({ type: "progress", event }),
    });
    last = { type: "done", result };
  } catch (err) {
    last = { type: "error", message: (err as Error)?.message ?? String(err) };
  }
  await send(last);
  process.exit(0);
});
