import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What the Java runtime adds to `flatc --java --gen-object-api`'s output for one .fbs (see
 * java/src/main/java/wirebench/adapters/FlatbuffersCodec.java): the patch that makes flatc 2.0.8's
 * Java object API write optional scalars as Node's adapter does, and the glue class the codec calls.
 */

/** The glue class's package and name (FlatbuffersCodec.ROOT_CLASS). */
const glue = { pkg: "wirebench.fbs", name: "Root" };

/** flatc's Java name of a field (`last_updated` → `lastUpdated`). */
const camel = (name: string) => name.replace(/_+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const boxed: Record<string, string> = {
  boolean: "Boolean",
  byte: "Byte",
  short: "Short",
  int: "Integer",
  long: "Long",
  float: "Float",
  double: "Double",
};

/** Each table's optional scalars (`name:type = null`), by table name. */
export function optionalScalars(fbs: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const noComments = fbs.replace(/\/\/.*$/gm, "");
  for (const t of noComments.matchAll(/\btable\s+(\w+)\s*(?:\([^)]*\))?\s*\{([^}]*)\}/g)) {
    const fields = [...(t[2] ?? "").matchAll(/(\w+)\s*:\s*[\w.]+\s*=\s*null\b/g)].map((m) => m[1] as string);
    if (fields.length > 0) out.set(t[1] as string, fields);
  }
  return out;
}

/**
 * flatc 2.0.8's Java object API passes an optional scalar to `create<Table>` as a primitive (a null
 * one throws NullPointerException on unboxing) and adds it with the type's default (a present 0 or
 * false is not written, and reads back as null). Node's adapter writes a present value even at the
 * default and leaves a null out; so does this patch: the parameter becomes boxed, and its adder runs
 * only when the value is there, with forceDefaults on for that one call.
 */
export function patchOptionalScalars(javaSource: string, table: string, fields: string[]): string {
  let src = javaSource;
  for (const f of fields) {
    const name = camel(f);
    const adder = `add${upperFirst(name)}`;
    const param = new RegExp(
      `(public static int create${table}\\([^)]*?)\\b(boolean|byte|short|int|long|float|double) ${name}\\b`,
    );
    src = src.replace(param, (_, head: string, type: string) => `${head}${boxed[type]} ${name}`);
    // Every call of the adder (in create<Table>, or in pack() for a table flatc builds field by field).
    const call = new RegExp(`^(\\s*)((?:${table}\\.)?${adder})\\(builder, ([^;]+)\\);$`, "gm");
    src = src.replace(
      call,
      (_, indent: string, fn: string, arg: string) =>
        `${indent}if (${arg} != null) { builder.forceDefaults(true); ${fn}(builder, ${arg}); builder.forceDefaults(false); }`,
    );
  }
  return src;
}

/** Patches every table's Java file under `src` and writes the glue class for `rootType`. */
export function adaptFlatcJava(fbsText: string, rootType: string, src: string): void {
  const namespace = /^\s*namespace\s+([\w.]+)\s*;/m.exec(fbsText)?.[1];
  const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".java"));
  for (const [table, fields] of optionalScalars(fbsText)) {
    const file = files.find((f) => f === `${table}.java` || f.endsWith(`/${table}.java`));
    if (!file) throw new Error(`flatc --java wrote no ${table}.java`);
    const path = join(src, file);
    writeFileSync(path, patchOptionalScalars(readFileSync(path, "utf8"), table, fields));
  }
  const root = rootType.includes(".") || !namespace ? rootType : `${namespace}.${rootType}`;
  const short = root.slice(root.lastIndexOf(".") + 1);
  const glueSource = `package ${glue.pkg};

import com.google.flatbuffers.FlatBufferBuilder;
import java.nio.ByteBuffer;

/** Written by Wirebench (src/definitions/java-flatbuffers.ts): the root table ${root} for FlatbuffersCodec. */
public final class ${glue.name} implements wirebench.adapters.FlatbuffersRoot {
  @Override
  public int pack(FlatBufferBuilder builder, Object object) {
    return ${root}.pack(builder, (${root}T) object);
  }

  @Override
  public Object unpack(ByteBuffer bytes) {
    return ${root}.getRootAs${short}(bytes).unpack();
  }
}
`;
  const dir = join(src, ...glue.pkg.split("."));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${glue.name}.java`), glueSource);
}
