import { type DragEvent, useState } from "react";

/** A drop target beside a file input: a dropped or chosen file goes to `onFile`. */
export function FileDrop({ onFile }: { onFile: (file: File) => void }) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target beside the file input, which keyboard users use
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
          if (f) onFile(f);
        }}
      />
    </div>
  );
}
