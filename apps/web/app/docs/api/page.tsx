import type { Metadata } from "next";
import { parseWebEnv } from "@/env";
import { buildOpenApiDocument } from "@/server/openapi";
import { openApiView, type SchemaView as Schema } from "./openapi-view";

export const metadata: Metadata = { title: "Wirebench API reference" };

const typeOf = (s: Schema | undefined): string => {
  if (!s) return "";
  if (s.$ref) return s.$ref.split("/").pop() ?? "";
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.type === "array") return `${typeOf(s.items)}[]`;
  return Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "any");
};

function Properties({ schema }: { schema: Schema }) {
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return null;
  return (
    <table className="compact">
      <thead>
        <tr>
          <th scope="col">field</th>
          <th scope="col">type</th>
          <th scope="col">description</th>
        </tr>
      </thead>
      <tbody>
        {props.map(([name, p]) => (
          <tr key={name}>
            <td data-label="field">
              <code>{name}</code>
              {schema.required?.includes(name) ? " *" : ""}
            </td>
            <td data-label="type">{typeOf(p)}</td>
            <td data-label="description">{p.description ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The API reference, rendered from the same OpenAPI document /api/openapi.json serves. */
export default function ApiDocsPage() {
  const doc = openApiView.parse(buildOpenApiDocument(parseWebEnv().PUBLIC_URL));
  const schemas = doc.components.schemas;
  const resolve = (s: Schema) => (s.$ref ? (schemas[s.$ref.split("/").pop() ?? ""] ?? s) : s);
  return (
    <main>
      <h1>{doc.info.title}</h1>
      <p className="lede">
        {doc.info.description} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors are{" "}
        <code>{'{"error": {"code", "message"}}'}</code>.
      </p>
      {Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => (
          <section key={`${method} ${path}`} className="endpoint">
            <h2>
              <code>
                {method.toUpperCase()} {path}
              </code>
            </h2>
            <p>{op.summary}</p>
            {op.description && <p className="muted">{op.description}</p>}
            {op.parameters && op.parameters.length > 0 && (
              <ul>
                {op.parameters.map((p) => (
                  <li key={p.name}>
                    <code>{p.name}</code> ({p.in}
                    {p.required ? ", required" : ""}) {p.description ?? p.schema?.description ?? ""}
                  </li>
                ))}
              </ul>
            )}
            {op.requestBody && (
              <Properties schema={resolve(Object.values(op.requestBody.content)[0]!.schema)} />
            )}
            <ul>
              {Object.entries(op.responses).map(([status, r]) => (
                <li key={status}>
                  <strong>{status}</strong> {r.description}
                </li>
              ))}
            </ul>
          </section>
        )),
      )}
    </main>
  );
}
