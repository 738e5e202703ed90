import { NumberedNames } from "./numbered-names.ts";

/**
 * Identifier rules per IDL, and a scope that turns any JSON key into a valid, unique identifier
 * deterministically: non-ASCII letters become `u<hex>` words, other characters separate words,
 * a leading digit gets a prefix, reserved words get a suffix, and collisions get 2, 3, …
 */
export interface IdentifierRules {
  style: "keep" | "snake" | "lowerCamel" | "UpperCamel" | "UPPER_SNAKE";
  reserved: ReadonlySet<string>;
  /** Cap'n Proto forbids underscores in names. */
  underscores: boolean;
  /** Prefix for names that would start with a digit or be empty. */
  prefix: string;
  /**
   * How two names collide: exact, or after lower-casing and dropping underscores (protobuf JSON
   * names, FlatBuffers' camelCase accessors and JS code see `user_name` and `userName` as one).
   */
  loose: boolean;
  /**
   * The IDL's generated code reads names in lowerCamel (flatc --ts turns `to_string` into
   * `toString()`): a name whose camel form is reserved is reserved too.
   */
  camelAccessors?: boolean;
}

function words(name: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const ch of name.normalize("NFC")) {
    if (/[A-Za-z0-9]/.test(ch)) current += ch;
    else {
      if (current) out.push(current);
      current = "";
      if (ch.codePointAt(0)! > 127 && /\p{L}|\p{N}/u.test(ch))
        out.push(`u${ch.codePointAt(0)!.toString(16)}`);
    }
  }
  if (current) out.push(current);
  return out;
}

/** An all-caps word (STATUS) is one word for camel case: Status, not STATUS. */
const soften = (w: string) =>
  w.length > 1 && w === w.toUpperCase() && /[A-Z]/.test(w) ? w.toLowerCase() : w;
const cap = (w: string) => {
  const s = soften(w);
  return s.charAt(0).toUpperCase() + s.slice(1);
};

export function styleName(name: string, rules: IdentifierRules): string {
  const ws = words(name);
  let out: string;
  switch (rules.style) {
    case "lowerCamel":
      out = ws
        .map((w, i) => (i === 0 ? soften(w).charAt(0).toLowerCase() + soften(w).slice(1) : cap(w)))
        .join("");
      break;
    case "UpperCamel":
      out = ws.map(cap).join("");
      break;
    case "UPPER_SNAKE":
      out = ws.map((w) => w.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()).join("_");
      // The proto emitter names its added zero value `X_UNSPECIFIED_` so it cannot clash with a data
      // symbol `UNSPECIFIED`; dropping the underscore when that schema is imported and emitted again
      // would rename the symbol, and import → emit → import would not give the same IR.
      if (out && name.endsWith("_")) out += "_";
      break;
    case "snake":
      // FlatBuffers' own style: flatc warns on anything else, and a field spelled exactly like a table
      // (`Channel Channel`) is refused; lower-case fields can never equal an UpperCamel type.
      out = ws.map((w) => w.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()).join("_");
      break;
    default:
      out = rules.underscores ? ws.join("_") : ws.map((w, i) => (i === 0 ? w : cap(w))).join("");
  }
  if (!out || /^[0-9]/.test(out)) out = rules.prefix + (rules.style === "UpperCamel" ? cap(out) : out);
  return out;
}

export class IdentifierScope {
  private taken = new Set<string>();
  private numbered = new NumberedNames();
  constructor(private readonly rules: IdentifierRules) {}

  private key(name: string): string {
    return this.rules.loose ? name.toLowerCase().replace(/_/g, "") : name;
  }

  /** Marks a name as used (e.g. a name the emitter itself introduces). */
  reserve(name: string): void {
    this.taken.add(this.key(name));
  }

  take(original: string): string {
    let base = styleName(original, this.rules);
    const camel = (n: string) => n.replace(/_+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
    const isReserved = (n: string) =>
      this.rules.reserved.has(n) ||
      this.rules.reserved.has(n.toLowerCase()) ||
      (this.rules.camelAccessors === true && this.rules.reserved.has(camel(n)));
    if (isReserved(base)) base = this.rules.underscores ? `${base}_` : `${base}Field`;
    const name = this.numbered.first(base, (n) => !this.taken.has(this.key(n)) && !isReserved(n));
    this.taken.add(this.key(name));
    return name;
  }
}
