import type { RuntimeId } from "@wirebench/contracts";
import { detectInput, type SampleFormat, type SchemaKind, schemaHasRoots } from "@wirebench/schemas/detect";

/** What the upload form holds when it is sent. */
export interface UploadState {
  text: string;
  sampleFormat: SampleFormat;
  schema: { kind: SchemaKind; text: string } | null;
  /** The type each record is, for schema kinds that hold several (blank: the schema's own choice). */
  rootType: string;
  /** Format ids picked, and every id the picker offers. */
  selected: ReadonlySet<string>;
  formatIds: string[];
  quick: boolean;
  /** Sizes of a size sweep, comma-separated ("10,1000,100000"); blank: no sweep. */
  sweepSizes?: string;
  /** Also measure over HTTP/1.1, HTTP/2 and Redis Streams, on this link ("20ms/10mbit"; blank: loopback). */
  overWire?: { link: string } | null;
  /** Runtimes picked, and every runtime the picker offers (in the contract's order); absent: Node. */
  runtimes?: { selected: ReadonlySet<RuntimeId>; offered: readonly RuntimeId[] };
}

/**
 * The run the form asks for. A JSON Schema pasted into the sample box (no schema dropped) is sent as
 * the run's schema, as the same text dropped as a file would be: the one detector decides both.
 */
export function uploadInput(s: UploadState) {
  const pasted =
    s.schema === null && s.sampleFormat === "json" && s.text.trim() ? detectInput("", s.text) : undefined;
  const schema = pasted?.type === "schema" ? { kind: pasted.kind, text: s.text } : s.schema;
  const rootType = s.rootType.trim();
  return {
    sampleText: s.text.trim() && pasted?.type !== "schema" ? s.text : undefined,
    sampleFormat: s.sampleFormat,
    schema: schema
      ? {
          kind: schema.kind,
          text: schema.text,
          ...(rootType && schemaHasRoots(schema.kind) ? { rootType } : {}),
        }
      : undefined,
    // Registry order, so a run's requested formats read the same way as the picker.
    formats:
      s.selected.size === s.formatIds.length ? undefined : s.formatIds.filter((id) => s.selected.has(id)),
    options: {
      quick: s.quick,
      ...sweepOption(s.sweepSizes),
      ...transportOption(s.overWire),
      ...runtimesOption(s.runtimes),
    },
  };
}

/** `options.sweep` from the form's sizes box; the server checks the numbers and their limits. */
function sweepOption(text: string | undefined) {
  const parts = (text ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length ? { sweep: { sizes: parts.map((p) => Number(p.replace(/_/g, ""))) } } : {};
}

/** `options.transport` from the form's "over a wire" box; the server checks the link. */
function transportOption(overWire: UploadState["overWire"]) {
  if (!overWire) return {};
  const link = overWire.link.trim();
  const transports: ("http1" | "http2" | "broker")[] = ["http1", "http2", "broker"];
  return { transport: { transports, ...(link ? { link } : {}) } };
}

/**
 * `options.runtimes` in the picker's order; left out when Node alone is picked (the default), so
 * such a run is the plain Node run it always was. The server checks the names.
 */
function runtimesOption(runtimes: UploadState["runtimes"]) {
  if (!runtimes) return {};
  const picked = runtimes.offered.filter((r) => runtimes.selected.has(r));
  if (picked.length === 1 && picked[0] === "node") return {};
  return { runtimes: picked };
}
