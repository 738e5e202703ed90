import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** Every file under `dir` (relative paths) whose name ends with `ext`. */
export function listFiles(dir: string, ext: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(ext)) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Compilers emit TypeScript (flatc --ts, capnp-es): transpile each file into a mirror folder with
 * the `typescript` package's transpileModule (no type check, no bundler). CommonJS (flatc) lets
 * extensionless relative imports resolve under `require`; ESM (capnp-es, whose runtime is ESM-only)
 * loads with `import()`.
 */
export async function transpileGenerated(
  srcDir: string,
  outDir: string,
  format: "commonjs" | "esm" = "commonjs",
): Promise<string[]> {
  const ts = (await import("typescript")).default;
  const files = listFiles(srcDir, ".ts").filter((f) => !f.endsWith(".d.ts"));
  for (const f of files) {
    const out = ts.transpileModule(readFileSync(join(srcDir, f), "utf8"), {
      compilerOptions: {
        module: format === "esm" ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        useDefineForClassFields: false,
      },
      fileName: f,
    });
    const dest = join(outDir, f.replace(/\.ts$/, format === "esm" ? ".mjs" : ".js"));
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, out.outputText);
  }
  return files;
}
