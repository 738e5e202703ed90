import { pythonRuntime } from "../src/definitions/python.ts";
import { describeCountsInRuntime, describeIdlInRuntime } from "./idl-in-runtime.ts";

/**
 * The real Python child on Cap'n Proto (pycapnp 2.2.4, reading the emitted .capnp at run time) from
 * Node's own bytes (the `capnp` input shape), beside FlatBuffers in the same run: Node's bytes exactly.
 */
const available = (await pythonRuntime.detect()).available;

describeIdlInRuntime(
  {
    runtime: pythonRuntime,
    format: "capnp",
    impl: "pycapnp",
    version: "2.2.4",
    besides: ["flatbuffers"],
    ids: ["flatbuffers@python", "pycapnp@python"],
  },
  available,
);

describeCountsInRuntime(pythonRuntime, ["flatbuffers@python", "pycapnp@python"], available);
