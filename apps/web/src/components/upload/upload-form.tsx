"use client";

import { useMutation } from "@tanstack/react-query";
import type { RuntimeId } from "@wirebench/contracts";
import { formatBytes } from "@wirebench/contracts/units";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FormatChoice } from "@/lib/format-choices";
import { builtInPresets, corpusPresets } from "@/lib/presets";
import { useTRPC } from "@/trpc/client";
import { checkSample, detectInput, type SchemaKind, schemaHasRoots } from "./detect-input";
import { FileDrop } from "./file-drop";
import { FormatsPicker } from "./formats-picker";
import { RuntimesPicker } from "./runtimes-picker";
import { uploadInput } from "./upload-input";

export interface UploadFormProps {
  /** Format variants the engine offers; all are selected by default. */
  formats: FormatChoice[];
  maxBytes: number;
  /** Runtimes a run may measure in (the contract's `runtimeIds`); Node alone is picked by default. */
  runtimes?: readonly RuntimeId[];
}

/**
 * Bytes of the request the form sends (tRPC batches it as `{"0": input}`): the server's limit
 * applies to that whole body, and JSON escaping makes a sample with many quotes or newlines larger
 * on the wire than in its file, so the form counts what the server will count.
 */
export function requestBytes(input: unknown): number {
  return new TextEncoder().encode(JSON.stringify({ 0: input })).byteLength;
}

export function UploadForm({ formats, maxBytes, runtimes = ["node"] }: UploadFormProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const [text, setText] = useState("");
  const [sampleFormat, setSampleFormat] = useState<"json" | "ndjson">("json");
  const [schema, setSchema] = useState<{ kind: SchemaKind; text: string; name: string } | null>(null);
  // The type each record is, for schema kinds that hold several (empty: the schema's own choice).
  const [rootType, setRootType] = useState("");
  const [selected, setSelected] = useState<Set<string>>(() => new Set(formats.map((f) => f.id)));
  const [quick, setQuick] = useState(false);
  const [sweepSizes, setSweepSizes] = useState("");
  const [overWire, setOverWire] = useState<{ link: string } | null>(null);
  const [pickedRuntimes, setPickedRuntimes] = useState<Set<RuntimeId>>(() => new Set<RuntimeId>(["node"]));
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation(trpc.runs.create.mutationOptions());
  const formatIds = formats.map((f) => f.id);
  const offeredRuntimes = { selected: pickedRuntimes, offered: runtimes };
  const state = { text, sampleFormat, schema, rootType, selected, formatIds, quick, sweepSizes, overWire };
  const input = uploadInput({ ...state, runtimes: offeredRuntimes });
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
          : pickedRuntimes.size === 0
            ? "Pick at least one runtime."
            : checkSample(text, sampleFormat, !!input.schema);
    setProblem(error);
    if (error) return;
    try {
      const run = await create.mutateAsync(input);
      router.push(`/runs/${run.id}`);
    } catch (err) {
      setProblem((err as Error).message);
    }
  }

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
      <FileDrop onFile={(f) => void takeFile(f)} />
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
      {formats.length > 0 && <FormatsPicker formats={formats} selected={selected} onChange={setSelected} />}
      {runtimes.length > 1 && (
        <RuntimesPicker runtimes={runtimes} selected={pickedRuntimes} onChange={setPickedRuntimes} />
      )}
      <label>
        <input type="checkbox" checked={quick} onChange={(e) => setQuick(e.target.checked)} /> quick (coarse
        timings in seconds)
      </label>
      <label>
        Size sweep (optional): grow the largest array to{" "}
        <input
          type="text"
          value={sweepSizes}
          placeholder="10,1000,100000"
          onChange={(e) => setSweepSizes(e.target.value)}
          data-testid="sweep-sizes"
        />{" "}
        elements
      </label>
      <label>
        <input
          type="checkbox"
          checked={overWire !== null}
          onChange={(e) => setOverWire(e.target.checked ? { link: "" } : null)}
          data-testid="over-wire"
        />{" "}
        also over a wire (HTTP/1.1, HTTP/2, Redis Streams), link{" "}
        <input
          type="text"
          value={overWire?.link ?? ""}
          placeholder="20ms/10mbit (blank: loopback)"
          disabled={overWire === null}
          onChange={(e) => setOverWire({ link: e.target.value })}
          data-testid="over-wire-link"
        />
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
