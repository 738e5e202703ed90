// `node --import …/register.mjs capnpc-js.mjs -ots:…`: capnp-es's compiler imports the whole of
// TypeScript (about 0.35 s of a 0.47 s compile) to reprint the TypeScript it generated, and to
// transpile it when asked for JavaScript, which Wirebench does with esbuild instead. Without it, the
// generated code is as capnp-es's templates write it: the same code, indented less evenly.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
