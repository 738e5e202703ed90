import type { Dataset } from "@wirebench/schemas";
import type { PreparedCodec } from "../../adapters/types.ts";
import type { Tally } from "../tally.ts";

export type Walk = (bytes: Uint8Array, tally: Tally) => void;

/** Makes a format's walker for one run's data and codec, or says why there is none. */
export type Factory = (dataset: Dataset, codec: PreparedCodec) => Walk | string | Promise<Walk | string>;
