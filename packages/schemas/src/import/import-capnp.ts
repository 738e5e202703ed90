import { Message } from "capnp-es";
import { CodeGeneratorRequest, type Field, type Node, type Type, type Value } from "capnp-es/capnp/schema";
import type { EnumType, IrSchema, IrType, RecordField, RecordType } from "../ir.ts";
import { chooseRoot } from "./choose-root.ts";
import { recursiveTypeError, SchemaImportError } from "./schema-import-error.ts";
import { UniqueTypeNames } from "./unique-type-names.ts";

const NO_DISCRIMINANT = 0xffff;

/** Type.which() numbers of the scalar types, per the schema.capnp that capnp-es compiles. */
const scalars: Record<number, IrType> = {
  1: { kind: "bool" },
  2: { kind: "int32", bits: 8 },
  3: { kind: "int32", bits: 16 },
  4: { kind: "int32" },
  5: { kind: "int64" },
  6: { kind: "uint32", bits: 8 },
  7: { kind: "uint32", bits: 16 },
  8: { kind: "uint32" },
  9: { kind: "uint64" },
  10: { kind: "float32" },
  11: { kind: "float64" },
  12: { kind: "string" },
  13: { kind: "bytes" },
};
const [VOID, LIST, ENUM, STRUCT, INTERFACE, ANY_POINTER] = [0, 14, 15, 16, 17, 18];

/** What a scalar field without a written default reads as. */
function implicitDefault(t: IrType): RecordField["default"] {
  if (t.kind === "bool") return false;
  if (t.kind === "enum") return t.symbols[0];
  return ["int32", "int64", "uint32", "uint64", "float32", "float64"].includes(t.kind) ? 0 : undefined;
}

/** The scalar a Value holds, by its `which()` (capnp's schema.capnp numbers Value's union members 1-11). */
const scalarValue: Record<number, (v: Value) => boolean | number | bigint> = {
  1: (v) => v.bool,
  2: (v) => v.int8,
  3: (v) => v.int16,
  4: (v) => v.int32,
  5: (v) => v.int64,
  6: (v) => v.uint8,
  7: (v) => v.uint16,
  8: (v) => v.uint32,
  9: (v) => v.uint64,
  10: (v) => v.float32,
  11: (v) => v.float64,
};

/** A scalar default as the IR keeps it (64-bit beyond 2^53 as text); pointers' defaults are not kept. */
function defaultOf(v: Value, t: IrType): RecordField["default"] {
  const which = v.which();
  if (which === ENUM) return t.kind === "enum" ? t.symbols[v.enum] : undefined;
  if (which === 0 || which >= 12) return undefined;
  const raw = scalarValue[which]?.(v);
  if (typeof raw === "bigint")
    return raw >= BigInt(Number.MIN_SAFE_INTEGER) && raw <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(raw)
      : raw.toString();
  return raw;
}

/**
 * A .capnp file from the compiler's own parse of it: the CodeGeneratorRequest `capnp compile -o-`
 * writes (the caller runs capnp: see @wirebench/idl-compilers; this package does no I/O).
 * Structs become records in code order with IR number = ordinal + 1 (ordinals start at 0, Protobuf
 * tags at 1); a group or named union becomes a nested record named after it, numbered after the
 * struct's ordinals; members of a union are optional fields (one is set), other fields are not
 * optional (Cap'n Proto has no presence); enums keep their ordinals as values; narrow integers keep
 * their width in `bits`; Void is an empty record; AnyPointer is `any`. Interfaces and generic
 * parameters carry no data the IR can type and are refused by name, as is a type that contains itself.
 * Only nodes of the requested file are candidates for the root.
 */
export function importCapnpRequest(request: Uint8Array, rootType?: string, sourceText?: string): IrSchema {
  let req: CodeGeneratorRequest;
  let nodes: Node[];
  try {
    req = new Message(request, false).getRoot(CodeGeneratorRequest);
    nodes = [...req.nodes];
  } catch (err) {
    throw new SchemaImportError(`capnp's CodeGeneratorRequest does not read: ${(err as Error).message}`);
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const fileId = req.requestedFiles.length > 0 ? req.requestedFiles.get(0).id : undefined;
  // The node's path inside its file: `Person.PhoneNumber.Type` from `addressbook.capnp:Person.PhoneNumber.Type`.
  const pathOf = (n: Node) =>
    n.displayName.slice(n.displayNamePrefixLength === 0 ? 0 : n.displayName.indexOf(":") + 1).split(".");
  const inFile = (n: Node): boolean => {
    for (let p: Node | undefined = n; p; p = byId.get(p.scopeId)) if (p.id === fileId) return true;
    return false;
  };
  const names = new UniqueTypeNames();
  for (const n of nodes)
    if ((n._isStruct && !n.struct.isGroup) || n._isEnum) if (inFile(n)) names.name(pathOf(n));

  const done = new Map<bigint, IrType>();
  const inProgress: bigint[] = [];
  const path: string[] = [];
  const node = (id: bigint, at: string): Node => {
    const n = byId.get(id);
    if (!n) throw new SchemaImportError(`${at}: refers to a type the compiler did not describe`);
    return n;
  };

  const enumOf = (n: Node): EnumType => {
    const known = done.get(n.id);
    if (known) return known as EnumType;
    const enumerants = [...n.enum.enumerants];
    const e: EnumType = {
      kind: "enum",
      name: names.name(pathOf(n)),
      symbols: enumerants.map((x) => x.name),
      values: enumerants.map((_, i) => i),
    };
    done.set(n.id, e);
    return e;
  };

  const typeOf = (t: Type, at: string): IrType => {
    const which = t.which();
    const s = scalars[which];
    if (s) return { ...s };
    switch (which) {
      case VOID:
        // Carries nothing: the IR's `null`, so a union member of type Void is `null` in a sample.
        return { kind: "null" };
      case LIST:
        return { kind: "array", items: typeOf(t.list.elementType, at) };
      case ENUM:
        return enumOf(node(t.enum.typeId, at));
      case STRUCT: {
        const n = node(t.struct.typeId, at);
        if (n.parameters.length > 0)
          throw new SchemaImportError(`${at}: generic struct ${n.displayName} is not supported`);
        return record(n, names.name(pathOf(n)));
      }
      case INTERFACE:
        throw new SchemaImportError(`${at}: an interface (capability) carries no data Wirebench can measure`);
      case ANY_POINTER:
        if (!t.anyPointer._isUnconstrained)
          throw new SchemaImportError(`${at}: generic parameters are not supported`);
        return { kind: "any" };
      default:
        throw new SchemaImportError(`${at}: unsupported Cap'n Proto type ${which}`);
    }
  };

  function record(n: Node, name: string): RecordType {
    const known = done.get(n.id);
    if (known) return known as RecordType;
    const at = inProgress.indexOf(n.id);
    if (at >= 0) throw recursiveTypeError(name, path.slice(at));
    inProgress.push(n.id);
    const fields: Field[] = [...n.struct.fields].sort((a, b) => a.codeOrder - b.codeOrder);
    let next = 1 + Math.max(-1, ...fields.filter((f) => f._isSlot).map((f) => f.ordinal.explicit));
    const rec: RecordType = { kind: "record", name, fields: [] };
    for (const f of fields) {
      const where = `${name}.${f.name}`;
      path.push(where);
      let field: RecordField;
      const optional = f.discriminantValue !== NO_DISCRIMINANT;
      if (f._isGroup) {
        const g = node(f.group.typeId, where);
        const groupName = names.name([...pathOf(g)]);
        field = { name: f.name, number: ++next, type: record(g, groupName), optional };
      } else {
        const type = typeOf(f.slot.type, where);
        field = { name: f.name, number: f.ordinal.explicit + 1, type, optional };
        // Every scalar has a default (0, false, the first enumerant unless written): what an absent
        // field reads as. Union members have none: only the one that is set is read.
        if (!optional) {
          const d = f.slot.hadExplicitDefault ? defaultOf(f.slot.defaultValue, type) : implicitDefault(type);
          if (d !== undefined) field.default = d;
        }
      }
      path.pop();
      rec.fields.push(field);
    }
    if (n.struct.discriminantCount > 0)
      rec.doc = n.struct.isGroup ? "Cap'n Proto union: one field is set" : "one field of its union is set";
    inProgress.pop();
    done.set(n.id, rec);
    return rec;
  }

  const structs = nodes.filter(
    (n) => n._isStruct && !n.struct.isGroup && inFile(n) && n.parameters.length === 0,
  );
  const usesOf = (n: Node): bigint[] => {
    const out: bigint[] = [];
    const walk = (t: Type) => {
      if (t.which() === STRUCT) out.push(t.struct.typeId);
      else if (t.which() === LIST) walk(t.list.elementType);
    };
    for (const f of n.struct.fields) {
      if (f._isSlot) walk(f.slot.type);
      else out.push(...usesOf(node(f.group.typeId, n.displayName)));
    }
    return out;
  };
  const dotted = (n: Node) => pathOf(n).join(".");
  const top = chooseRoot(
    structs.map((n) => ({
      fullName: dotted(n),
      names: [pathOf(n).at(-1)!],
      uses: usesOf(n).map((id) => dotted(node(id, n.displayName))),
    })),
    { idl: ".capnp", noun: "struct" },
    rootType,
  );
  const rootNode = structs.find((n) => dotted(n) === top.fullName)!;
  const root = record(rootNode, names.name(pathOf(rootNode)));
  return {
    irVersion: 1,
    name: root.name,
    root,
    source: "capnp",
    ...(sourceText === undefined
      ? {}
      : { original: { idl: "capnp", text: sourceText, rootType: top.fullName } }),
  };
}
