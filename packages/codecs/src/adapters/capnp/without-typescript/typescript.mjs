// Stands in for the `typescript` package inside capnp-es's compiler (see register.mjs): with TypeScript
// output only, the compiler uses TypeScript just to parse and reprint the code its templates wrote.
const ts = {
  ScriptTarget: { Latest: 99, ESNext: 99 },
  ScriptKind: { TS: 3 },
  ModuleResolutionKind: { Bundler: 100 },
  createSourceFile: (fileName, text) => ({ fileName, text }),
  createPrinter: () => ({ printFile: (file) => file.text }),
};
export default ts;
