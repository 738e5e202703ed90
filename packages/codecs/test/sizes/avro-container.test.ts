import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { decompress as zstdDecompress } from "@bokuweb/zstd-wasm";
import avro from "avsc";
import { beforeAll, describe, expect, it } from "vitest";
import { AVRO_CONTAINER_CODECS, avroContainer } from "../../src/sizes/avro-container.ts";
import { ensureZstd } from "../../src/sizes/compressed-sizes.ts";

const schema = {
  type: "record",
  name: "Reading",
  fields: [
    { name: "id", type: "int" },
    { name: "label", type: "string" },
  ],
};
const schemaJson = JSON.stringify(schema, null, 2);
const type = avro.Type.forSchema(schema as avro.Schema);
const records = Array.from({ length: 300 }, (_, i) => ({ id: i, label: `sensor-${i % 7}` }));
const datums = records.map((r) => type.toBuffer(r));

/** Records read back by avsc's own container decoder. */
async function readWithAvsc(file: Buffer): Promise<unknown[]> {
  const decoder = new avro.streams.BlockDecoder({
    codecs: {
      null: (b: Buffer, cb: (e: Error | null, out?: Buffer) => void) => cb(null, b),
      deflate: (b: Buffer, cb: (e: Error | null, out?: Buffer) => void) =>
        import("node:zlib").then((z) => z.inflateRaw(b, cb)),
      zstandard: (b: Buffer, cb: (e: Error | null, out?: Buffer) => void) =>
        cb(null, Buffer.from(zstdDecompress(b))),
    },
  });
  const out: unknown[] = [];
  await new Promise<void>((resolve, reject) => {
    Readable.from([file])
      .pipe(decoder)
      .on("data", (r) => out.push({ ...r }))
      .on("end", resolve)
      .on("error", reject);
  });
  return out;
}

// The project's Python environment (scripts/lib.mjs ensurePythonReferences) holds the Apache avro
// package: an implementation independent of avsc.
const repoRoot = join(fileURLToPath(import.meta.url), "..", "..", "..", "..", "..");
const python = process.env.CONFORMANCE_PYTHON ?? join(repoRoot, ".wirebench", "pyenv", "bin", "python");
const readWithPython = `
import io, json, sys
from avro.datafile import DataFileReader
from avro.io import DatumReader
r = DataFileReader(io.BytesIO(sys.stdin.buffer.read()), DatumReader())
print(json.dumps({"codec": r.get_meta("avro.codec").decode(), "records": list(r)}))
`;

beforeAll(async () => {
  await ensureZstd();
});

describe("Avro object container files", () => {
  it("the null-codec file is header + one block: count, size, datums, sync, byte for byte", () => {
    const c = avroContainer(schemaJson, datums.slice(0, 3), "null");
    const compact = JSON.stringify(schema);
    // Header: "Obj" 01, map of 2 entries (zig-zag 2 = 04), key/value lengths as zig-zag varints,
    // end of map (00), 16-byte sync.
    const meta = (k: string, v: string) => 1 + k.length + (v.length > 63 ? 2 : 1) + v.length;
    const header = 4 + 1 + meta("avro.schema", compact) + meta("avro.codec", "null") + 1 + 16;
    expect(c.headerBytes).toBe(header);
    const data = datums.slice(0, 3).reduce((n, d) => n + d.byteLength, 0);
    // Block: count 3 (06), size (1 B below 64), data, sync.
    expect(c.file.byteLength).toBe(header + 1 + 1 + data + 16);
    expect(c.file.subarray(0, 4).toString("latin1")).toBe("Obj\x01");
    expect(c.blocks).toBe(1);
  });

  it("cuts a block every 64,000 uncompressed bytes, as Java's DataFileWriter does", () => {
    // 30,000 B each: blocks of 3 (90,000 B reach the interval), 3, then the last one alone.
    const big = Array.from({ length: 7 }, () => new Uint8Array(30_000));
    expect(avroContainer(schemaJson, big, "null").blocks).toBe(3);
  });

  it.each(AVRO_CONTAINER_CODECS)("avsc reads the %s file back into the same records", async (codec) => {
    const c = avroContainer(schemaJson, datums, codec, 1000);
    expect(c.blocks).toBeGreaterThan(1);
    expect(await readWithAvsc(c.file)).toEqual(records);
  });

  it.each(AVRO_CONTAINER_CODECS)("Python's avro package reads the %s file back", (codec) => {
    expect(existsSync(python), `${python}: run npm run setup`).toBe(true);
    const c = avroContainer(schemaJson, datums, codec, 1000);
    const run = spawnSync(python, ["-c", readWithPython], { input: c.file, encoding: "utf8" });
    expect(run.stderr).toBe("");
    const read = JSON.parse(run.stdout) as { codec: string; records: unknown[] };
    expect(read.codec).toBe(codec);
    expect(read.records).toEqual(records);
  });

  it("deflate and zstandard files are smaller than null on repetitive data", () => {
    const sizes = Object.fromEntries(
      AVRO_CONTAINER_CODECS.map((codec) => [codec, avroContainer(schemaJson, datums, codec).file.byteLength]),
    );
    expect(sizes.deflate).toBeLessThan(sizes.null as number);
    expect(sizes.zstandard).toBeLessThan(sizes.null as number);
  });
});
