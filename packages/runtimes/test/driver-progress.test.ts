import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ProgressEvent, quickSettings } from "@wirebench/codecs";
import { afterAll, describe, expect, it } from "vitest";
import { pythonRuntime } from "../src/definitions/python.ts";
import { measureInRuntime } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

const workDir = mkdtempSync(join(tmpdir(), "wb-progress-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const python = (await pythonRuntime.detect()).available;

describe("progress of other runtimes' entries", () => {
  it.skipIf(!python)(
    "reports each entry generating, verifying, measuring per process, then done after its final entry",
    async () => {
      // One log of both callbacks, so the order between a stage and an entry is checked too.
      const log: string[] = [];
      const events: ProgressEvent[] = [];
      const run = await measureInRuntime(pythonRuntime, {
        dataset: addressBook(),
        formats: ["json", "orjson"],
        settings: quickSettings,
        processes: 2,
        workDir,
        onProgress: (e) => {
          events.push(e);
          log.push(`${e.id} ${e.phase}${e.detail ? ` ${e.detail}` : ""}`);
        },
        onFormatResult: (entry, { final }) => {
          log.push(`${entry.id} ${final ? "final" : "verified"} entry`);
        },
      });
      expect(run.status.available).toBe(true);
      for (const id of ["json@python", "orjson@python"]) {
        expect(log.filter((l) => l.startsWith(`${id} `))).toEqual([
          `${id} generating`,
          `${id} verifying`,
          `${id} measuring process 1/2`,
          `${id} verified entry`,
          `${id} measuring process 2/2`,
          `${id} final entry`,
          `${id} done`,
        ]);
        expect(events.find((e) => e.id === id)).toMatchObject({ format: "json" });
      }
    },
    300_000,
  );
});
