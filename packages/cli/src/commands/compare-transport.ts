import { registry, selectEntries } from "@wirebench/codecs";
import type { Result } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import {
  type LinkSpec,
  parseLink,
  parseTransports,
  runTransports,
  type TransportKind,
  withTransport,
} from "@wirebench/transport";
import pc from "picocolors";

export interface TransportFlags {
  transport?: string;
  link?: string;
  transportMessages?: string;
}

export interface TransportPlan {
  transports: TransportKind[];
  link?: LinkSpec;
  messages?: number;
}

/** Reads `--transport`, `--link` and `--transport-messages` before anything runs; a bad one is an error naming it. */
export function transportPlan(flags: TransportFlags): TransportPlan | undefined {
  if (!flags.transport) {
    if (flags.link || flags.transportMessages)
      throw new Error("--link and --transport-messages need --transport");
    return undefined;
  }
  const messages = flags.transportMessages === undefined ? undefined : Number(flags.transportMessages);
  if (messages !== undefined && !(Number.isInteger(messages) && messages >= 1))
    throw new Error(
      `--transport-messages must be a whole number of at least 1, not ${flags.transportMessages}`,
    );
  return {
    transports: parseTransports(flags.transport),
    ...(flags.link ? { link: parseLink(flags.link) } : {}),
    ...(messages !== undefined ? { messages } : {}),
  };
}

/** Every format that encoded the data, measured over the planned transports, beside the model. */
export async function addTransports(
  dataset: Dataset,
  result: Result,
  plan: TransportPlan,
  quick: boolean,
): Promise<Result> {
  const ids = result.formats.filter((f) => f.ok).map((f) => f.id);
  if (ids.length === 0) return result;
  const started = Date.now();
  const outcome = await runTransports(dataset, selectEntries(registry, ids), {
    transports: plan.transports,
    quick,
    ...(plan.link ? { link: plan.link } : {}),
    ...(plan.messages !== undefined ? { settings: { messages: plan.messages } } : {}),
    onProgress: (line) =>
      process.stderr.write(
        `${pc.dim(`${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s`)} transport ${line}\n`,
      ),
  });
  return withTransport(result, outcome);
}
