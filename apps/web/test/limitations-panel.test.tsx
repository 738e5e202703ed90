import type { FormatResult } from "@wirebench/contracts";
import { formatResultOf } from "@wirebench/contracts/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LimitationsPanel } from "../src/components/run/limitations-panel.tsx";

const entry = (id: string, extra: Partial<FormatResult> = {}) =>
  formatResultOf({ id, format: id, variant: "", ...extra });

describe("limitations panel", () => {
  it("lists the importer's limitations, each format's, and its renames", () => {
    const html = renderToStaticMarkup(
      <LimitationsPanel
        limitations={[{ code: "oneof-as-optional", path: "M.a", detail: "member of oneof o" }]}
        entries={[
          entry("protobuf"),
          entry("flatbuffers", {
            limitations: [{ code: "int-encoding", path: "Event.timezone", detail: "sint32 in the .proto" }],
            renames: [{ kind: "field", path: "Person", from: "id", to: "id_" }],
          }),
        ]}
      />,
    );
    expect(html).toContain('data-testid="limitations-panel"');
    expect(html).toContain("<code>oneof-as-optional</code> at <code>M.a</code>");
    expect(html).toContain("flatbuffers (1 limitations, 1 renames)");
    expect(html).toContain("<code>Person.id</code> → <code>id_</code>");
    expect(html).not.toContain("protobuf (");
  });

  it("shows nothing when nothing was lost", () => {
    expect(renderToStaticMarkup(<LimitationsPanel entries={[entry("json")]} />)).toBe("");
  });
});
