import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { transform } from "esbuild";

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
 * esbuild (types stripped, no type check, no bundling). esbuild rather than the `typescript`
 * package because loading and running TypeScript's transpiler took 1.3 s of every run's code
 * generation, against about 0.1 s. CommonJS (flatc) lets extensionless relative imports resolve
 * under `require`; ESM (capnp-es, whose runtime is ESM-only) loads with `import()`.
 */
export async function transpileGenerated(
  srcDir: string,
  outDir: string,
  format: "commonjs" | "esm" = "commonjs",
): Promise<string[]> {
  const files = listFiles(srcDir, ".ts").filter((f) => !f.endsWith(".d.ts"));
  await Promise.all(
    files.map(async (f) => {
      const out = await transform(readFileSync(join(srcDir, f), "utf8"), {
        loader: "ts",
        format: format === "esm" ? "esm" : "cjs",
        target: "es2022",
        sourcefile: f,
        // The generated classes declare fields without initialisers; [[Define]] semantics would
        // turn those declarations into own properties set to undefined.
        tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
      });
      const dest = join(outDir, f.replace(/\.ts$/, format === "esm" ? ".mjs" : ".js"));
      mkdirSync(dirname(dest), { recursive: true });
      writeFileSync(dest, out.code);
    }),
  );
  return files;
}
