import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CorpusDocument, type CorpusEntry, documentsOf } from "./corpus.ts";
import {
  emittedSchemaFormats,
  type FormatRule,
  ownSchemaFormats,
  ruleOf,
  schemalessFormats,
} from "./format-rules.ts";
import { type ConformanceRow, judgeRow } from "./judge-row.ts";
import { type OurEncoding, ourEncodings } from "./our-bytes.ts";
import { type ReferenceJob, type ReferenceResult, referenceEncodings } from "./reference-bytes.ts";

export interface ConformanceOptions {
  /** Only documents whose id contains one of these (default: all). */
  only?: string[];
  /** Called as each document's Wirebench run finishes. */
  onDocument?: (id: string, index: number, total: number) => void;
}

interface Planned {
  doc: CorpusDocument;
  format: string;
  ours: OurEncoding | undefined;
  job?: ReferenceJob;
  /** Why Wirebench cannot run this entry yet (the row is `pending`). */
  pending?: string;
}

/**
 * Checks every document of the given entries: Wirebench's bytes for each format (its own pipeline,
 * verify-only, never timed) against the format's reference encoder, and returns one row per pair.
 */
export async function runConformance(
  entries: CorpusEntry[],
  opts: ConformanceOptions = {},
): Promise<ConformanceRow[]> {
  const rows: ConformanceRow[] = [];
  const planned: Planned[] = [];
  const work = mkdtempSync(join(tmpdir(), "wirebench-conformance-"));
  const jobWork = () => join(work, "jobs", String(planned.length));
  try {
    const docs = entries
      .flatMap((e) => documentsOf(e))
      .filter((d) => !opts.only || opts.only.some((o) => d.id.includes(o)));
    let index = 0;
    for (const doc of docs) {
      const { entry } = doc;
      const own = entry.kind === "none" ? [] : ownSchemaFormats[entry.kind];
      if (entry.pending) {
        // Wirebench cannot read the schema yet; the references still show what they make of it.
        for (const format of own) {
          const job = referenceJob(doc, format, undefined, jobWork(), "own");
          planned.push({ doc, format, ours: undefined, pending: entry.pending, ...(job ? { job } : {}) });
        }
        opts.onDocument?.(doc.id, ++index, docs.length);
        continue;
      }
      const emitted = entry.kind === "none" ? [] : emittedSchemaFormats.filter((f) => !own.includes(f));
      const schemaText = doc.schemaPath ? readFileSync(doc.schemaPath, "utf8") : undefined;
      const withoutSchema = await ourEncodings(doc, schemalessFormats, false);
      const schemaIds = [...own, ...emitted];
      const withSchema =
        schemaIds.length > 0 ? await ourEncodings(doc, schemaIds, true, schemaText) : new Map();
      opts.onDocument?.(doc.id, ++index, docs.length);
      for (const format of [...schemalessFormats, ...schemaIds]) {
        const ours = withoutSchema.get(format) ?? withSchema.get(format);
        if (entry.refused && schemaIds.includes(format)) {
          rows.push(refusedRow(doc, format, entry.refused, ours));
          continue;
        }
        const source = own.includes(format) ? "own" : emitted.includes(format) ? "emitted" : "none";
        const job = referenceJob(doc, format, ours, jobWork(), source);
        planned.push({ doc, format, ours, ...(job ? { job } : {}) });
      }
    }
    const jobs = planned.flatMap((p) => (p.job ? [p.job] : []));
    const results = referenceEncodings(jobs);
    const byJob = new Map(jobs.map((j, i) => [j, results[i]]));
    for (const p of planned) {
      const base = { document: p.doc.id, kind: p.doc.entry.kind, format: p.format };
      const rule = ruleOf(p.format);
      const ref = p.job
        ? byJob.get(p.job)
        : {
            key: p.doc.id,
            format: rule.reference,
            error: "Wirebench emitted no schema to give the reference",
          };
      const row = p.pending ? pendingRow(base, rule, p.pending, ref) : judgeRow(base, rule, p.ours, ref);
      if (p.job?.reencode) row.reference += " re-encoding ours";
      rows.push(row);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

/**
 * `own`: the reference reads the document with the entry's own schema. `emitted`: it reads the schema
 * Wirebench emitted (from the artifacts), decodes Wirebench's bytes and encodes them again.
 * `none`: a schemaless format, the document alone.
 */
function referenceJob(
  doc: CorpusDocument,
  format: string,
  ours: OurEncoding | undefined,
  work: string,
  source: "own" | "emitted" | "none",
): ReferenceJob | undefined {
  const rule = ruleOf(format);
  const job: ReferenceJob = { key: doc.id, format: rule.reference, document: doc.text, work };
  if (ours?.bytes) job.ours = ours.bytes;
  if (source === "none") return job;
  if (source === "own") {
    if (!doc.schemaPath) return undefined;
    job.schema = doc.schemaPath;
    if (doc.entry.root) job.root = doc.entry.root;
    return job;
  }
  const artifact = ours?.artifacts.find((a) => a.kind === "schema");
  if (!artifact || !job.ours) return undefined;
  job.reencode = true;
  if (ours?.emittedRoot) job.root = ours.emittedRoot;
  // One folder per distinct schema text, so the references compile each schema once, not per job.
  const dir = join(
    work,
    "..",
    "schemas",
    createHash("sha256").update(artifact.text).digest("hex").slice(0, 16),
  );
  mkdirSync(dir, { recursive: true });
  job.schema = join(dir, artifact.name);
  writeFileSync(job.schema, artifact.text);
  return job;
}

function pendingRow(
  base: Pick<ConformanceRow, "document" | "kind" | "format">,
  rule: FormatRule,
  why: string,
  ref: ReferenceResult | undefined,
): ConformanceRow {
  const row: ConformanceRow = {
    ...base,
    reference: rule.referenceName,
    rule: rule.rule,
    status: "pending",
    detail: ref?.error ? `${why}; reference: ${ref.error}` : why,
  };
  if (ref?.bytes) {
    row.theirs = ref.bytes.length;
    row.theirsHex = ref.bytes.toString("hex");
  }
  return row;
}

function refusedRow(
  doc: CorpusDocument,
  format: string,
  expected: string,
  ours: OurEncoding | undefined,
): ConformanceRow {
  const rule = ruleOf(format);
  const row: ConformanceRow = {
    document: doc.id,
    kind: doc.entry.kind,
    format,
    reference: rule.referenceName,
    rule: rule.rule,
    status: "refused",
    detail: `Wirebench refuses the schema: ${ours?.error ?? "?"}`,
  };
  // A refusal that no longer happens (or happens for another reason) must be looked at.
  if (!ours?.error?.includes(expected)) {
    row.status = "mismatch";
    row.detail = `expected a refusal naming "${expected}", got ${ours?.error ? `"${ours.error}"` : "bytes"}`;
  }
  return row;
}
