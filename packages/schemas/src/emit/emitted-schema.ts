import type { IrSchema, Limitation } from "../ir.ts";
import type { Rename } from "./adapt-ir.ts";

export type Idl = "proto" | "avsc" | "fbs" | "capnp" | "thrift" | "colf" | "jsonschema";

export interface EmittedSchema {
  idl: Idl;
  fileName: string;
  text: string;
  /** IDL name of the root message type. */
  rootType: string;
  /** IR record/enum name → IDL type name. */
  types: Record<string, string>;
  /** IR record name → (original field name → IDL field name). */
  fields: Record<string, Record<string, string>>;
  /** IR enum name → (symbol → IDL symbol). */
  enumSymbols: Record<string, Record<string, string>>;
  /** Lossy mappings this IDL needed (e.g. "maps are carried as lists of key/value entry records"). */
  notes: string[];
  /** What of the user's schema this IDL cannot carry as written (path in IR names), with a stable code. */
  limitations: Limitation[];
  /** Identifiers changed for a reason other than the IDL's naming style (reserved word, collision). */
  renames: Rename[];
  /** The IR as this IDL sees it: IDL names, wrapper records (codecs convert messages along it). */
  ir: IrSchema;
}
