// The declaration of the untyped `thrift` module, for packages that type-check this file through the runtime bridge.
/// <reference path="../types/thrift.d.ts" />
import thrift from "thrift";

/**
 * A generated js:node struct in Apache Thrift's TJSONProtocol, written and read by the `thrift`
 * library itself: the polyglot `thriftjson` input shape (docs/polyglot.md, "Input shapes") hands
 * other runtimes the structs Node's Thrift adapter encodes, in the one text form every Thrift
 * library reads.
 */
interface Struct {
  write(out: unknown): void;
  read(input: unknown): void;
}

/**
 * Node's TJSONProtocol writes a struct's JSON only at a message's end (a bare struct is flushed
 * half-built at its field stop), so the struct goes inside a message, `[1,"",1,0,{…}]`, and its text
 * is cut out of that: never parsed, so an i64 beyond 2^53 keeps every digit.
 */
const messageHead = '[1,"",1,0,';

export function structToThriftJson(struct: unknown): string {
  let out = "";
  const transport = {
    write: (s: string | Buffer) => {
      out += s.toString();
    },
    flush: () => {},
  };
  const protocol = new thrift.TJSONProtocol(transport);
  protocol.writeMessageBegin("", 1, 0);
  (struct as Struct).write(protocol);
  protocol.writeMessageEnd();
  protocol.flush();
  if (!out.startsWith(messageHead) || !out.endsWith("]"))
    throw new Error(`TJSONProtocol wrote an unexpected message: ${out.slice(0, 40)}`);
  // The library escapes only \b \f \n \r \t " \ in strings and writes other control characters raw,
  // which no JSON reader accepts; outside strings TJSON has none, so escaping them all is exact.
  const text = out
    .slice(messageHead.length, -1)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
    .replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  try {
    JSON.parse(text);
  } catch {
    // writeDouble pushes the number as is: NaN and ±Infinity come out as bare words.
    throw new Error("TJSONProtocol cannot write this struct as JSON (a double that is NaN or ±Infinity?)");
  }
  return text;
}

/** The struct a TJSONProtocol text holds, read into `make()`'s new struct by the library's own reader. */
export function structFromThriftJson<T>(make: () => T, text: string): T {
  const protocol = new thrift.TJSONProtocol(
    new thrift.TFramedTransport(Buffer.from(`${messageHead}${text}]`)),
  );
  protocol.readMessageBegin();
  const s = make();
  (s as Struct).read(protocol);
  protocol.readMessageEnd();
  return s;
}
