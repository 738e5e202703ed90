"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type DragEvent, useState } from "react";
import { builtInPresets, corpusPresets } from "@/lib/presets";
import { formatBytes } from "@/lib/run-metrics";
import { useTRPC } from "@/trpc/client";
import { checkSample, detectInput, type SchemaKind } from "./detect-input";

export interface UploadFormProps {
  /** Format ids the engine offers; all are selected by default. */
  formats: string[];
  maxBytes: number;
}

export function UploadForm({ formats, maxBytes }: UploadFormProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const [text, setText] = useState("");
  const [sampleFormat, setSampleFormat] = useState<"json" | "ndjson">("json");
  const [schema, setSchema] = useState<{ kind: SchemaKind; text: string; name: string } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set(formats));
  const [quick, setQuick] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const create = useMutation(trpc.runs.create.mutationOptions());
  const size = new TextEncoder().encode(text).byteLength + (schema ? schema.text.length : 0);

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
        : checkSample(text, sampleFormat, !!schema);
    setProblem(error);
    if (error) return;
    try {
      const run = await create.mutateAsync({
        sampleText: text.trim() ? text : undefined,
        sampleFormat,
        schema: schema ? { kind: schema.kind, text: schema.text } : undefined,
        formats: selected.size === formats.length ? undefined : [...selected],
        options: { quick },
      });
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
          Drop a file here or choose one (JSON, NDJSON, JSON Schema, .proto, .avsc)
        </label>
        <input
          id="file"
          type="file"
          accept=".json,.ndjson,.jsonl,.proto,.avsc"
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
        <fieldset className="formats-picker">
          <legend>Formats</legend>
          {formats.map((f) => (
            <label key={f}>
              <input
                type="checkbox"
                checked={selected.has(f)}
                onChange={(e) => {
                  const next = new Set(selected);
                  if (e.target.checked) next.add(f);
                  else next.delete(f);
                  setSelected(next);
                }}
              />{" "}
              {f}
            </label>
          ))}
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
