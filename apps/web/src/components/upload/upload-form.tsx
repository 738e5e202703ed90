"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type DragEvent, useState } from "react";
import type { FormatChoice } from "@/lib/format-choices";
import { builtInPresets, corpusPresets } from "@/lib/presets";
import { formatBytes } from "@/lib/run-metrics";
import { useTRPC } from "@/trpc/client";
import { checkSample, detectInput, type SchemaKind, schemaHasRoots } from "./detect-input";

export interface UploadFormProps {
  /** Format variants the engine offers; all are selected by default. */
  formats: FormatChoice[];
  maxBytes: number;
}

/**
 * Bytes of the request the form sends (tRPC batches it as `{"0": input}`): the server's limit
 * applies to that whole body, and JSON escaping makes a sample with many quotes or newlines larger
 * on the wire than in its file, so the form counts what the server will count.
 */
export function requestBytes(input: unknown): number {
  return new TextEncoder().encode(JSON.stringify({ 0: input })).byteLength;
}

export function UploadForm({ formats, maxBytes }: UploadFormProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const [text, setText] = useState("");
  const [sampleFormat, setSampleFormat] = useState<"json" | "ndjson">("json");
  const [schema, setSchema] = useState<{ kind: SchemaKind; text: string; name: string } | null>(null);
  // The type each record is, for schema kinds that hold several (empty: the schema's own choice).
  const [rootType, setRootType] = useState("");
  const [selected, setSelected] = useState<Set<string>>(() => new Set(formats.map((f) => f.id)));
  const [quick, setQuick] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const create = useMutation(trpc.runs.create.mutationOptions());
  const input = {
    sampleText: text.trim() ? text : undefined,
    sampleFormat,
    schema: schema
      ? {
          kind: schema.kind,
          text: schema.text,
          ...(rootType.trim() && schemaHasRoots(schema.kind) ? { rootType: rootType.trim() } : {}),
        }
      : undefined,
    // Registry order, so a run's requested formats read the same way as the picker.
    formats:
      selected.size === formats.length
        ? undefined
        : formats.filter((f) => selected.has(f.id)).map((f) => f.id),
    options: { quick },
  };
  const size = requestBytes(input);

  async function takeFile(file: File) {
    const content = await file.text();
    const kind = detectInput(file.name, content);
    if (kind.type === "schema") {
      setSchema({ kind: kind.kind, text: content, name: file.name });
    } else {
      setText(content);
      setSampleFormat(kind.sampleFormat);
    }
    setProblem(null);
  }

  async function pickPreset(name: string) {
    if (!name) return;
    const builtIn = builtInPresets[name];
    if (builtIn) {
      setText(builtIn.text);
      setSampleFormat(builtIn.sampleFormat);
    } else {
      const res = await fetch(`/api/presets/${encodeURIComponent(name)}`);
      setText(await res.text());
      setSampleFormat("json");
    }
    setProblem(null);
  }

  async function submit() {
    const error =
      size > maxBytes
        ? `The upload is ${formatBytes(size)}; the limit is ${formatBytes(maxBytes)}.`
        : formats.length > 0 && selected.size === 0
          ? "Pick at least one format."
          : checkSample(text, sampleFormat, !!schema);
    setProblem(error);
    if (error) return;
    try {
      const run = await create.mutateAsync(input);
      router.push(`/runs/${run.id}`);
    } catch (err) {
      setProblem((err as Error).message);
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void takeFile(file);
  };

  return (
    <form
      className="upload"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label="Compare formats"
    >
      <label htmlFor="preset">Start from a preset</label>{" "}
      <select
        id="preset"
        defaultValue=""
        onChange={(e) => void pickPreset(e.target.value)}
        data-testid="preset"
      >
        <option value="">choose…</option>
        {corpusPresets.map((p) => (
          <option key={p} value={p}>
            {p} (corpus)
          </option>
        ))}
        {Object.entries(builtInPresets).map(([k, p]) => (
          <option key={k} value={k}>
            {p.label}
          </option>
        ))}
      </select>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target beside the file input, which keyboard users use */}
      <div
        className={`dropzone${dragging ? " active" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor="file">
          Drop a file here or choose one (JSON, NDJSON, JSON Schema, .proto, .avsc, .thrift, .fbs, .capnp)
        </label>
        <input
          id="file"
          type="file"
          accept=".json,.ndjson,.jsonl,.proto,.avsc,.thrift,.fbs,.capnp"
          data-testid="file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void takeFile(f);
          }}
        />
      </div>
      {schema && (
        <p>
          Schema: <strong>{schema.name}</strong> ({schema.kind}){" "}
          <button type="button" onClick={() => setSchema(null)}>
            remove
          </button>
        </p>
      )}
      {schema && schemaHasRoots(schema.kind) && (
        <p>
          <label htmlFor="root-type">Root type (optional) </label>
          <input
            id="root-type"
            data-testid="root-type"
            value={rootType}
            placeholder="the type no other type uses"
            onChange={(e) => setRootType(e.target.value)}
          />
        </p>
      )}
      <label htmlFor="sample">
        Sample ({sampleFormat === "ndjson" ? "NDJSON: one record per line" : "JSON"})
      </label>
      <textarea
        id="sample"
        data-testid="sample"
        value={text}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
        placeholder='{"id": 1, "name": "paste your JSON here"}'
      />
      <p className={`small ${size > maxBytes ? "error" : "muted"}`} data-testid="size">
        {formatBytes(size)} of {formatBytes(maxBytes)}
      </p>
      <fieldset className="row">
        <legend>Sample format</legend>
        {(["json", "ndjson"] as const).map((f) => (
          <label key={f}>
            <input
              type="radio"
              name="sampleFormat"
              checked={sampleFormat === f}
              onChange={() => setSampleFormat(f)}
            />{" "}
            {f}
          </label>
        ))}
      </fieldset>
      {formats.length > 0 && (
        <fieldset className="formats-picker" data-testid="formats-picker">
          <legend>
            Formats ({selected.size} of {formats.length})
          </legend>
          <div className="row">
            <button type="button" onClick={() => setSelected(new Set(formats.map((f) => f.id)))}>
              all
            </button>{" "}
            <button type="button" onClick={() => setSelected(new Set())}>
              none
            </button>
          </div>
          <div className="formats-options">
            {formats.map((f) => (
              <label key={f.id} title={`${f.format}, ${f.variant}`}>
                <input
                  type="checkbox"
                  name="formats"
                  value={f.id}
                  checked={selected.has(f.id)}
                  onChange={(e) => {
                    const next = new Set(selected);
                    if (e.target.checked) next.add(f.id);
                    else next.delete(f.id);
                    setSelected(next);
                  }}
                />{" "}
                {f.id} <span className="muted small">{f.variant}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <label>
        <input type="checkbox" checked={quick} onChange={(e) => setQuick(e.target.checked)} /> quick (coarse
        timings in seconds)
      </label>
      {problem && (
        <p className="error" role="alert" data-testid="upload-error">
          {problem}
        </p>
      )}
      <p>
        <button type="submit" className="button primary" disabled={create.isPending} data-testid="submit">
          {create.isPending ? "Starting…" : "Compare formats"}
        </button>
      </p>
    </form>
  );
}
