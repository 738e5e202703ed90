import { pythonRuntime } from "../src/definitions/python.ts";
import { describeIdlInRuntime } from "./idl-in-runtime.ts";

/**
 * The real Python child on FlatBuffers (flatc --python --gen-object-api, PyPI flatbuffers 2.0.7) from
 * Node's own bytes (the `flatbuffers` input shape), beside Protobuf in the same run. flatc's Python
 * Pack adds a table's fields in declaration order, as its TypeScript does: Node's bytes exactly.
 */
const available = (await pythonRuntime.detect()).available;

describeIdlInRuntime(
  {
    runtime: pythonRuntime,
    format: "flatbuffers",
    version: "2.0.7",
    besides: ["protobuf"],
    ids: ["flatbuffers@python", "protobuf@python"],
  },
  available,
);
