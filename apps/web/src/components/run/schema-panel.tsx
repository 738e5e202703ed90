"use client";

import { useMemo } from "react";
import type { FormatEntry } from "./types";

function Download({ name, text }: { name: string; text: string }) {
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, [text]);
  return (
    <a href={href} download={name} className="small">
      download {name}
    </a>
  );
}

/**
 * The schema the run measured (the IR) and what each schema-based format was built from: the
 * emitted IDL and the code its compiler generated, each downloadable.
 */
export function SchemaPanel({ schema, entries }: { schema: unknown; entries: FormatEntry[] }) {
  const irText = JSON.stringify(schema, null, 2);
  const withArtifacts = entries.filter((e) => (e.artifacts?.length ?? 0) > 0);
  return (
    <section aria-label="Schemas" data-testid="schema-panel">
      <h3>Schemas and generated code</h3>
      <details>
        <summary>
          Inferred schema (Wirebench IR) <Download name="schema.ir.json" text={irText} />
        </summary>
        <pre>{irText}</pre>
      </details>
      {withArtifacts.map((e) => (
        <details key={e.id ?? `${e.format}/${e.variant}`}>
          <summary>{e.id ?? `${e.format}/${e.variant}`}</summary>
          {e.artifacts!.map((a) => (
            <div key={a.name}>
              <p>
                <code>{a.name}</code> ({a.kind === "schema" ? "schema" : "generated code"}){" "}
                <Download name={a.name.split("/").pop() ?? a.name} text={a.text} />
              </p>
              {a.kind === "schema" && <pre>{a.text}</pre>}
            </div>
          ))}
        </details>
      ))}
    </section>
  );
}
