/**
 * What the Thrift, FlatBuffers and Cap'n Proto compilers make of one schema file. The .thrift, .fbs and
 * .capnp importers read the compilers' output, since the compilers know their IDL better than any
 * parser of ours; running them is I/O, which this package does not do. So importSchema takes them as
 * a parameter, and the caller that may import those kinds passes the ones in @wirebench/idl-compilers
 * (the CLI, the worker, the web app's validation thread). A parameter rather than the compiled
 * output as input keeps one call per schema for every caller, with the user's text as the input, and
 * keeps the "run the compiler only for these kinds" rule in one place (importSchema).
 */
export interface IdlCompilers {
  /** `thrift --gen xml`. */
  thriftXml(text: string): string;
  /** flatc's binary schema of the file (`flatc -b --schema`), printed as JSON through reflection.fbs. */
  fbsReflectionJson(text: string): string;
  /** capnp's CodeGeneratorRequest (`capnp compile -o-`). */
  capnpCodeGeneratorRequest(text: string): Uint8Array;
}
