import { describe, expect, it } from "vitest";
import { importProto } from "../src/import/import-proto.ts";
import type { RecordType } from "../src/ir.ts";

const event = `
syntax = "proto3";
package audit;
import "google/protobuf/timestamp.proto";
import "google/protobuf/wrappers.proto";
import "google/protobuf/struct.proto";

message Event {
  google.protobuf.Timestamp at = 1;
  repeated google.protobuf.Timestamp retries = 2;
  google.protobuf.StringValue comment = 3;
  google.protobuf.Struct extra = 4;
}
`;

describe("importProto with google/protobuf imports", () => {
  it("loads the bundled well-known types and maps Timestamp to the IR timestamp", () => {
    const ir = importProto(event);
    expect(ir.name).toBe("Event");
    expect((ir.root as RecordType).fields.map((f) => [f.name, f.type])).toEqual([
      ["at", { kind: "timestamp", wellKnown: "google.protobuf.Timestamp" }],
      ["retries", { kind: "array", items: { kind: "timestamp", wellKnown: "google.protobuf.Timestamp" } }],
      ["comment", { kind: "nullable", type: { kind: "string" }, wellKnown: "google.protobuf.StringValue" }],
      ["extra", { kind: "any", wellKnown: "google.protobuf.Struct" }],
    ]);
  });

  it("never picks a google.protobuf message as the root", () => {
    const ir = importProto(
      'syntax = "proto3"; import "google/protobuf/duration.proto"; message Job { int32 id = 1; }',
    );
    expect(ir.name).toBe("Job");
  });

  it("refuses an import it cannot load, naming the file", () => {
    expect(() =>
      importProto('syntax = "proto3"; import "shop/common.proto"; message A { int32 x = 1; }'),
    ).toThrow('.proto imports "shop/common.proto", which cannot be loaded');
  });
});
