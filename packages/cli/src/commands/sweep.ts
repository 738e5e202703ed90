import { writeFileSync } from "node:fs";
import { parseSweepSizes, runSweep, SWEEP_MAX_POINTS, SWEEP_MAX_SIZE } from "@wirebench/codecs";
import type { SweepResult } from "@wirebench/contracts";
import { idlCompilers } from "@wirebench/idl-compilers";
import { loadDataset } from "@wirebench/schemas";
import Table from "cli-table3";
import type { Command } from "commander";
import pc from "picocolors";
import { readText, sampleFormatOf, schemaKindOf } from "../ci/read-input.ts";

interface SweepCliOptions {
  schema?: string;
  root?: string;
  path?: string;
  sizes: string;
  formats?: string;
  json?: string;
  quick?: boolean;
  sizesOnly?: boolean;
}

/** A named limit read from the environment, or its default. */
function envLimit(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number >= 1 (got "${raw}")`);
  return n;
}

const perElement = (n: number | null, unit: string) =>
  n === null ? pc.dim("-") : `${n >= 100 || n === 0 ? n.toFixed(0) : n.toPrecision(3)} ${unit}`;

/** One row per format and size: total bytes, then bytes, zstd bytes and timings per element. */
export function renderSweepTable(result: SweepResult): string {
  const table = new Table({
    head: ["format", "size", "bytes", "B/elem", "zstd B/elem", "encode/elem", "decode/elem"],
    style: pc.isColorSupported ? { head: ["cyan"], border: ["grey"] } : { head: [], border: [] },
  });
  const ids = [...new Set(result.points.flatMap((p) => p.formats.map((f) => f.id)))];
  for (const id of ids) {
    for (const p of result.points) {
      const f = p.formats.find((x) => x.id === id);
      const e = p.perElement.find((x) => x.id === id);
      if (!f) continue;
      if (!f.ok || !e) {
        table.push([id, p.size, { colSpan: 5, content: pc.yellow(`failed: ${f.error ?? "unknown error"}`) }]);
        continue;
      }
      table.push([
        id,
        p.size,
        f.bytes,
        perElement(e.bytes, "B"),
        perElement(e.zstd, "B"),
        perElement(e.encodeNs, "ns"),
        perElement(e.decodeNs, "ns"),
      ]);
    }
  }
  return `${table.toString()}\ngrown field: ${result.path || "(the message itself)"} (${result.sampleLength} in the sample)`;
}

/** `wirebench sweep`: grows one repeated field to each size and compares every format at each. */
export function registerSweep(program: Command): void {
  program
    .command("sweep")
    .description(
      "grow a repeated field to each size and measure every format at each (embedded, quick timings)",
    )
    .argument("<file>", "sample: .json document or .ndjson (its first message is grown)")
    .requiredOption("--sizes <list>", "comma-separated element counts, e.g. 10,1000,100000")
    .option(
      "--schema <file>",
      "schema the sample must follow (.proto, .avsc, .thrift, .fbs, .capnp, or JSON Schema)",
    )
    .option("--root <type>", "with a .proto, .thrift, .fbs or .capnp schema: the type each record is")
    .option(
      "--path <field>",
      "dotted path of the repeated field to grow (default: the one with the most elements)",
    )
    .option("--formats <list>", "comma-separated format ids or names (default: all)")
    .option(
      "--json <out>",
      "write the sweep's JSON ({path, points: [{size, formats, perElement}]}) to this file",
    )
    .option(
      "--quick",
      "quick timings at every size (the sweep's default; accepted for symmetry with compare)",
    )
    .option("--sizes-only", "no timings: verify and size every format at every size")
    .action(async (file: string, opts: SweepCliOptions) => {
      const sweepLimits = {
        maxSize: envLimit("WIREBENCH_SWEEP_MAX_SIZE", SWEEP_MAX_SIZE),
        maxPoints: envLimit("WIREBENCH_SWEEP_MAX_POINTS", SWEEP_MAX_POINTS),
      };
      // Bad sizes fail before the sample is read or anything is measured.
      const sizes = parseSweepSizes(opts.sizes, sweepLimits);
      const kind = opts.schema ? schemaKindOf(opts.schema) : undefined;
      if (opts.root !== undefined && !kind)
        throw new Error("--root needs a .proto, .thrift, .fbs or .capnp --schema");
      const dataset = loadDataset(
        {
          text: readText(file),
          sampleFormat: sampleFormatOf(file),
          ...(kind && opts.schema
            ? { schema: { kind, text: readText(opts.schema), ...(opts.root ? { rootType: opts.root } : {}) } }
            : {}),
        },
        idlCompilers,
      );
      const formats = opts.formats
        ?.split(",")
        .map((f) => f.trim())
        .filter(Boolean);
      const started = Date.now();
      const result = await runSweep(dataset, {
        sizes,
        sweepLimits,
        ...(opts.path !== undefined ? { path: opts.path } : {}),
        // `--formats ,` names nothing: every format, as before an empty list came to mean none.
        ...(formats?.length ? { formats } : {}),
        sizesOnly: opts.sizesOnly === true,
        onProgress: (e) => {
          if (e.phase === "done" || e.phase === "failed")
            process.stderr.write(
              `${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s ${e.id} ${e.phase} (${e.detail ?? ""})\n`,
            );
        },
      });
      process.stdout.write(`${renderSweepTable(result)}\n`);
      if (opts.json) writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
    });
}
