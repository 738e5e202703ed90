import type { DataValue, IrType } from "@wirebench/schemas";

/** Per-library hooks at the edges of the walk: field naming and scalar leaves. */
export interface IdlValueOptions {
  /** Key the library expects for an IDL field name, if it renames fields. Default: identity. */
  fieldKey?: (idlName: string) => string;
  /** A scalar leaf on its way into the library (e.g. bigint → string). Default: identity. */
  toLeaf?: (v: DataValue, idl: IrType) => unknown;
  /** A scalar leaf coming out of the library (e.g. Long → bigint). Default: bigint normalised. */
  fromLeaf?: (v: unknown, idl: IrType) => DataValue;
  /** Enums as the library holds them: `number` writes the IDL value instead of the symbol. Default: symbol. */
  enums?: "symbol" | "number";
  /**
   * A timestamp as the IDL holds it when the IDL IR keeps the `timestamp` kind (a user's .proto with
   * google.protobuf.Timestamp). Default: int64 epoch milliseconds through `toLeaf`/`fromLeaf`.
   */
  timestamp?: { toIdl(ms: number | bigint): unknown; fromIdl(v: unknown): number | bigint };
  /** An `any` value as the IDL holds it (google.protobuf.Value or Struct). Default: JSON text. */
  any?: { toIdl(v: DataValue, idl: IrType): unknown; fromIdl(v: unknown, idl: IrType): DataValue };
  /**
   * An optional field of type null that the sample leaves out stays out (a Cap'n Proto Void union
   * member the sample does not name), so the adapter sets only the member the sample names. Default:
   * filled in as null, since Avro writes nothing for a null type but its record must hold the field.
   */
  keepAbsentOptionalNull?: boolean;
  /**
   * The IDL cannot leave a required field out (Avro) and the source schema reads an absent one as its
   * zero value (proto3 implicit presence, Cap'n Proto): such a field the sample leaves out is written
   * as that value (""/0/false/the zero enum symbol/empty list or map), as Protobuf decodes it.
   * Records are not filled (an absent message field has presence). Default: left out.
   */
  absentAsZero?: boolean;
}
