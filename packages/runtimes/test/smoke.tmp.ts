import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { quickSettings } from "@wirebench/codecs";
import { measureInRuntime, runtimeDefinitions } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

const ds = addressBook();
for (const def of runtimeDefinitions) {
  const t0 = Date.now();
  const run = await measureInRuntime(def, {
    dataset: ds,
    settings: quickSettings,
    workDir: mkdtempSync(join(tmpdir(), "rt-")),
  });
  console.log(def.id, Date.now() - t0, "ms", JSON.stringify(run.status).slice(0, 300));
  for (const f of run.formats)
    console.log(
      " ",
      f.id,
      f.ok,
      f.error?.slice(0, 300),
      f.bytes,
      f.fidelity.exact,
      f.fidelity.issues.length,
      f.encode?.medianNs?.toFixed(0),
      f.decode?.medianNs?.toFixed(0),
      f.encode?.samples,
      f.digest?.slice(0, 8),
      f.version,
    );
}
