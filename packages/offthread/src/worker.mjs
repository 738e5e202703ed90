// Runs inside each pool thread. The workspace packages ship TypeScript, so tsx's loader is
// registered for this thread before the task's module is imported.
import { workerData } from "piscina";
import { register } from "tsx/esm/api";

register();
const mod = await import(workerData.module);
const fn = mod[workerData.exportName];
if (typeof fn !== "function")
  throw new Error(`${workerData.module} exports no function ${workerData.exportName}`);

export default function task(input) {
  return fn(input);
}
