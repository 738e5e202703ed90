import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { javaRuntime } from "../src/definitions/java.ts";
import { pythonRuntime } from "../src/definitions/python.ts";
import { rustRuntime } from "../src/definitions/rust.ts";
import {
  crossRuntimeBytes,
  measureInRuntime,
  type RuntimeDefinition,
  type RuntimeRun,
} from "../src/index.ts";
import { addressBook } from "./addressbook.ts";
import { expectTimingsWithCi } from "./expect-timings.ts";

/**
 * The parent (measureInRuntime) driving each runtime's real child on AddressBook, beside Node's own
 * run of the same data: the bytes, fidelity and timings the result will show. One table row per
 * runtime; what differs between runtimes is a column. Each row measures the five families every
 * runtime has (docs/polyglot.md), so a runtime's further formats are its own tests' business.
 */
const families = ["protobuf", "avro", "json", "cbor", "msgpack"];

interface Row {
  def: RuntimeDefinition;
  /** Child processes: two for one runtime, so intervals pooled over processes are checked too. */
  processes: number;
  /** Added to the children's environment. */
  env?: Record<string, string>;
  version: RegExp;
  /** A library the child must report, its version's form, and whether its entry carries that version. */
  library: { key: string; version: RegExp; entry: string; stamped: boolean };
  /** Every entry the five families give in this runtime. */
  ids: string[];
  /** Entries of the schemaless formats: an exact round trip. */
  exact: string[];
  /** The schema formats' entries, with Node's entry they must equal in bytes, digest and fidelity. */
  sameAsNode: [string, string][];
  /** Families whose cross-runtime row must list exactly these entries as writing Node's bytes. */
  sameBytes: Record<string, string[]>;
}

const rows: Row[] = [
  {
    def: pythonRuntime,
    processes: 2,
    version: /^Python 3\.\d+\.\d+$/,
    library: { key: "protobuf", version: /^\d+\.\d+\.\d+$/, entry: "protobuf@python", stamped: true },
    ids: [
      "cbor2@python",
      "fastavro@python",
      "json@python",
      "msgpack@python",
      "orjson@python",
      "protobuf@python",
    ],
    exact: ["msgpack@python", "cbor2@python", "orjson@python", "json@python"],
    sameAsNode: [
      ["protobuf@python", "protobuf"],
      ["fastavro@python", "avro"],
    ],
    // msgpack's and cbor2's shortest encodings, keys in insertion order, equal msgpackr's and cbor-x's minimal ones.
    sameBytes: {
      protobuf: ["protobuf@python"],
      avro: ["fastavro@python"],
      msgpack: ["msgpack@python"],
      cbor: ["cbor2@python"],
    },
  },
  {
    def: goRuntime,
    processes: 1,
    version: /^go\d/,
    library: { key: "google.golang.org/protobuf", version: /^v\d/, entry: "protobuf@go", stamped: false },
    ids: ["cbor@go", "goavro@go", "json@go", "msgpack@go", "protobuf@go", "vtprotobuf@go"],
    exact: ["msgpack@go", "cbor@go", "json@go"],
    sameAsNode: [
      ["protobuf@go", "protobuf"],
      ["vtprotobuf@go", "protobuf"],
      ["goavro@go", "avro"],
    ],
    // Go's maps have no order: its MessagePack and CBOR sort keys, so their bytes may differ from Node's.
    sameBytes: { protobuf: ["protobuf@go", "vtprotobuf@go"], avro: ["goavro@go"] },
  },
  {
    def: javaRuntime,
    processes: 1,
    // The JVM's warm-up rules (up to 10 s per operation) lowered for a test, like the quick settings.
    env: { WIREBENCH_JAVA_WARMUP_ENOUGH_MS: "250", WIREBENCH_JAVA_WARMUP_MAX_MS: "1000" },
    version: /\b\d+\.\d+\.\d+/,
    library: {
      key: "com.google.protobuf:protobuf-java",
      version: /^3\.21\.\d+$/,
      entry: "protobuf@java",
      stamped: true,
    },
    ids: ["avro@java", "cbor@java", "json@java", "msgpack@java", "protobuf@java"],
    exact: ["json@java", "cbor@java", "msgpack@java"],
    sameAsNode: [
      ["protobuf@java", "protobuf"],
      ["avro@java", "avro"],
    ],
    sameBytes: { protobuf: ["protobuf@java"], avro: ["avro@java"], msgpack: ["msgpack@java"] },
  },
  {
    def: rustRuntime,
    processes: 1,
    version: /^rustc 1\.\d+/,
    library: { key: "prost", version: /^\d+\.\d+\.\d+$/, entry: "prost@rust", stamped: true },
    ids: ["apache-avro@rust", "ciborium@rust", "prost@rust", "rmp-serde@rust", "serde_json@rust"],
    exact: ["rmp-serde@rust", "ciborium@rust", "serde_json@rust"],
    sameAsNode: [
      ["prost@rust", "protobuf"],
      ["apache-avro@rust", "avro"],
    ],
    sameBytes: {
      protobuf: ["prost@rust"],
      avro: ["apache-avro@rust"],
      msgpack: ["rmp-serde@rust"],
      cbor: ["ciborium@rust"],
    },
  },
];

/** Node's entry each family's bytes are compared with (crossRuntimeBytes's reference). */
const nodeReference: Record<string, string> = {
  protobuf: "protobuf",
  avro: "avro",
  msgpack: "msgpackr-minimal",
  cbor: "cbor-minimal",
};

const dataset = addressBook();
let nodeRun: Promise<FormatResult[]> | undefined;
/** Node's own entries of the same data, once for every row (its minimal MessagePack and CBOR are the byte references). */
const nodeFormats = () => {
  nodeRun ??= runComparison(dataset, {
    formats: ["protobuf", "avro", "json", "msgpackr-minimal", "cbor-minimal"],
    quick: true,
    verifyOnly: true,
  }).then((r) => r.formats);
  return nodeRun;
};
const available = new Map(
  await Promise.all(rows.map(async (r) => [r.def.id, (await r.def.detect()).available] as const)),
);

describe.each(rows)("measureInRuntime with the $def.id child on AddressBook", (row) => {
  const workDir = mkdtempSync(join(tmpdir(), `wb-driver-${row.def.id}-`));
  let run: RuntimeRun;
  let node: FormatResult[];
  const entry = (id: string) => run.formats.find((e) => e.id === id) as FormatResult;
  beforeAll(async () => {
    if (!available.get(row.def.id)) return;
    run = await measureInRuntime(row.def, {
      dataset,
      formats: families,
      settings: quickSettings,
      processes: row.processes,
      workDir,
      env: { ...process.env, ...row.env },
    });
    node = await nodeFormats();
    // Building a schema's binary (Rust, Go) takes half a minute of CPU; a loaded machine stretches it.
  }, 600_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it.skipIf(!available.get(row.def.id))("reports the runtime, its version and its libraries", () => {
    expect(run.status).toMatchObject({ runtime: row.def.id, available: true });
    expect(run.status.version).toMatch(row.version);
    const { key, version, entry: id, stamped } = row.library;
    expect(run.status.libraries?.[key]).toMatch(version);
    if (stamped) expect(entry(id).version).toBe(run.status.libraries?.[key]);
  });

  it.skipIf(!available.get(row.def.id))(
    "reports every entry of the five families, the schemaless ones with exact round trips",
    () => {
      expect(run.formats.map((f) => f.id).sort()).toEqual([...row.ids].sort());
      for (const f of run.formats) {
        expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
        expect(f).toMatchObject({ runtime: row.def.id, runtimeVersion: run.status.version });
      }
      for (const id of row.exact)
        expect(entry(id).fidelity.exact, `${id}: ${JSON.stringify(entry(id).fidelity)}`).toBe(true);
    },
  );

  it.skipIf(!available.get(row.def.id))(
    "writes Node's Protobuf (253 B for the two books) and Avro bytes, and loses what Node loses",
    () => {
      for (const [id, nodeId] of row.sameAsNode) {
        const n = node.find((e) => e.id === nodeId) as FormatResult;
        const f = entry(id);
        if (nodeId === "protobuf") expect(f.bytes, id).toBe(253);
        expect(f.bytes, id).toBe(n.bytes);
        expect(f.digest, id).toBe(n.digest);
        expect(f.firstMessage, id).toEqual(n.firstMessage);
        // Proto3 and the emitted Avro schema give Carol an empty email and phones, in Node as here.
        expect(f.fidelity, id).toEqual(n.fidelity);
      }
    },
  );

  it.skipIf(!available.get(row.def.id))(
    "writes the same bytes as Node's libraries (for MessagePack and CBOR, their minimal variants)",
    () => {
      const cross = crossRuntimeBytes([...node, ...run.formats]);
      for (const [family, same] of Object.entries(row.sameBytes))
        expect(
          cross.find((c) => c.format === family),
          family,
        ).toMatchObject({
          reference: nodeReference[family],
          same,
          different: [],
        });
    },
  );

  it.skipIf(!available.get(row.def.id))(
    "times encode and decode of every entry with confidence intervals",
    () => {
      expectTimingsWithCi(run.formats);
    },
  );
});
