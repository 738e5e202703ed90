import protobuf from "protobufjs";
import { ByteReader } from "./byte-reader.ts";
import type { IdlNames } from "./idl-names.ts";
import { joinPath, type Tally } from "./tally.ts";

/** Scalar types protoc packs (every numeric type, bool and enums: not strings, bytes or messages). */
const packable = new Set(Object.keys(protobuf.types.packed));

/**
 * Protocol Buffers with the message's descriptor: each field's tag goes to `tag`; a varint, fixed
 * value, string or bytes (its length included) to the field's path; an embedded message's or a packed
 * run's length to `length`. A map entry's key is a `key`, its value `map.*`. google.protobuf
 * messages (Timestamp, wrappers, Struct) are one value: what they hold goes to the field's path.
 */
export function walkProtobuf(bytes: Uint8Array, type: protobuf.Type, names: IdlNames, tally: Tally): void {
  const r = new ByteReader(bytes);
  message(r, bytes.length, type, "", names, tally, false);
}

function message(
  r: ByteReader,
  end: number,
  type: protobuf.Type,
  path: string,
  names: IdlNames,
  t: Tally,
  opaque: boolean,
): void {
  const inside = opaque || type.fullName.startsWith(".google.protobuf.");
  while (r.pos < end) {
    const tagStart = r.pos;
    const tag = Number(r.varint());
    const id = tag >>> 3;
    const wire = tag & 7;
    const field = type.fieldsById[id];
    const place = !field
      ? { path: joinPath(path, `#${id}`), key: false }
      : inside
        ? { path, key: false }
        : names.place(path, type.name, field.name);
    t.add(place.path, "tag", r.since(tagStart));
    const valueStart = r.pos;
    if (wire === 0) r.varint();
    else if (wire === 1) r.skip(8);
    else if (wire === 5) r.skip(4);
    else if (wire === 2) {
      const len = r.length();
      const lenBytes = r.since(valueStart);
      r.need(len);
      const sub = field?.resolvedType;
      if (field?.map) {
        t.add(place.path, "length", lenBytes);
        mapEntry(r, r.pos + len, field, place.path, names, t, inside);
        continue;
      }
      if (sub instanceof protobuf.Type) {
        t.add(place.path, "length", lenBytes);
        message(r, r.pos + len, sub, place.path, names, t, inside);
        continue;
      }
      if (field && packable.has(field.type)) {
        // A packed run: its length is overhead, the values are the field's.
        t.add(place.path, "length", lenBytes);
        r.skip(len);
        t.add(place.path, "value", len);
        continue;
      }
      r.skip(len);
    } else throw new Error(`Protobuf: wire type ${wire} (groups) at ${tagStart} is not walked`);
    t.add(place.path, place.key ? "key" : "value", r.since(valueStart));
  }
  if (r.pos !== end) throw new Error(`Protobuf: a field runs past its message's end at ${end}`);
}

/** A map entry (key = 1, value = 2): the key is a `key` of the map, the value is `map.*`. */
function mapEntry(
  r: ByteReader,
  end: number,
  field: protobuf.Field,
  path: string,
  names: IdlNames,
  t: Tally,
  opaque: boolean,
): void {
  const valuePath = opaque ? path : joinPath(path, "*");
  while (r.pos < end) {
    const tagStart = r.pos;
    const tag = Number(r.varint());
    const wire = tag & 7;
    const isKey = tag >>> 3 === 1;
    t.add(isKey ? path : valuePath, "tag", r.since(tagStart));
    const start = r.pos;
    if (wire === 0) r.varint();
    else if (wire === 1) r.skip(8);
    else if (wire === 5) r.skip(4);
    else if (wire === 2) {
      const len = r.length();
      const sub = field.resolvedType;
      if (!isKey && sub instanceof protobuf.Type) {
        t.add(valuePath, "length", r.since(start));
        r.need(len);
        message(r, r.pos + len, sub, valuePath, names, t, opaque);
        continue;
      }
      r.skip(len);
    } else throw new Error(`Protobuf: wire type ${wire} in a map entry at ${tagStart}`);
    t.add(isKey ? path : valuePath, isKey ? "key" : "value", r.since(start));
  }
}
