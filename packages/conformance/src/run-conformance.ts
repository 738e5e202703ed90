import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CorpusDocument, type CorpusEntry, documentsOf } from "./corpus.ts";
import { ruleOf, schemaFormats, schemalessFormats } from "./format-rules.ts";
import { type ConformanceRow, judgeRow } from "./judge-row.ts";
import { type OurEncoding, ourEncodings } from "./our-bytes.ts";
import { type ReferenceJob, referenceEncodings } from "./reference-bytes.ts";

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
  try {
    const docs = entries
      .flatMap((e) => documentsOf(e))
      .filter((d) => !opts.only || opts.only.some((o) => d.id.includes(o)));
    let index = 0;
    for (const doc of docs) {
      const { entry } = doc;
      const formats = [...schemalessFormats, ...(entry.kind === "none" ? [] : schemaFormats[entry.kind])];
      if (entry.pending) {
        for (const format of formats) rows.push(pendingRow(doc, format, entry.pending));
        opts.onDocument?.(doc.id, ++index, docs.length);
        continue;
      }
      const schemaText = doc.schemaPath ? readFileSync(doc.schemaPath, "utf8") : undefined;
      const withoutSchema = await ourEncodings(doc, schemalessFormats, false);
      const own = entry.kind === "none" ? [] : schemaFormats[entry.kind];
      const withSchema = own.length > 0 ? await ourEncodings(doc, own, true, schemaText) : new Map();
      opts.onDocument?.(doc.id, ++index, docs.length);
      for (const format of formats) {
        const ours = withoutSchema.get(format) ?? withSchema.get(format);
        if (entry.refused && own.includes(format)) {
          rows.push(refusedRow(doc, format, entry.refused, ours));
          continue;
        }
        const jobWork = join(work, String(planned.length));
        const job = referenceJob(doc, format, ours, jobWork, own.includes(format));
        planned.push({ doc, format, ours, ...(job ? { job } : {}) });
      }
    }
    const jobs = planned.flatMap((p) => (p.job ? [p.job] : []));
    const results = referenceEncodings(jobs);
    const byJob = new Map(jobs.map((j, i) => [j, results[i]]));
    for (const p of planned) {
      const base = { document: p.doc.id, kind: p.doc.entry.kind, format: p.format };
      const ref = p.job
        ? byJob.get(p.job)
        : { key: p.doc.id, format: ruleOf(p.format).reference, error: "no schema to give the reference" };
      const row = judgeRow(base, ruleOf(p.format), p.ours, ref);
      if (p.job?.reencode) row.reference += " re-encoding ours";
      rows.push(row);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

/**
 * The reference reads the user's own schema for the entry's own format; for a JSON Schema entry it
 * reads the schema Wirebench emitted (the only binary schema there is), found among the artifacts.
 */
function referenceJob(
  doc: CorpusDocument,
  format: string,
  ours: OurEncoding | undefined,
  work: string,
  schemaFormat: boolean,
): ReferenceJob | undefined {
  const rule = ruleOf(format);
  const job: ReferenceJob = { key: doc.id, format: rule.reference, document: doc.text, work };
  if (ours?.bytes) job.ours = ours.bytes;
  if (!schemaFormat) return job;
  if (doc.entry.kind !== "jsonschema") {
    if (!doc.schemaPath) return undefined;
    job.schema = doc.schemaPath;
    if (doc.entry.root) job.root = doc.entry.root;
    return job;
  }
  const artifact = ours?.artifacts.find((a) => a.kind === "schema");
  if (!artifact || !job.ours) return undefined;
  job.reencode = true;
  mkdirSync(work, { recursive: true });
  job.schema = join(work, artifact.name);
  writeFileSync(job.schema, artifact.text);
  return job;
}

function pendingRow(doc: CorpusDocument, format: string, why: string): ConformanceRow {
  const rule = ruleOf(format);
  return {
    document: doc.id,
    kind: doc.entry.kind,
    format,
    reference: rule.referenceName,
    rule: rule.rule,
    status: "pending",
    detail: why,
  };
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
