import { idlCompilers } from "@wirebench/idl-compilers";
import { emitCapnp } from "@wirebench/schemas";
import { capnpLayouts } from "../capnp-layout.ts";
import { IdlNames } from "../idl-names.ts";
import { capnpLabels } from "../walk-capnp.ts";
import { addPacked, unpackWithOrigins } from "../walk-capnp-packed.ts";
import type { Factory } from "./factory.ts";
import { measuredSchema } from "./measured-schema.ts";

/** Cap'n Proto along capnp's own layouts of the schema measured; the packed variant through its packing. */
export const capnpWalker =
  (packed: boolean): Factory =>
  (dataset, codec) => {
    const emitted = measuredSchema(dataset, codec, "capnp", emitCapnp);
    const { structs, rootId } = capnpLayouts(
      idlCompilers.capnpCodeGeneratorRequest(emitted.text),
      emitted.rootType,
    );
    const names = new IdlNames(emitted);
    return (bytes, tally) => {
      if (!packed) return capnpLabels(bytes, structs, rootId, names).addTo(tally);
      const { unpacked, origin } = unpackWithOrigins(bytes);
      addPacked(origin, capnpLabels(unpacked, structs, rootId, names), tally);
    };
  };
