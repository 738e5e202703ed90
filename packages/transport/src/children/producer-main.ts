/**
 * Producer child: for each exchange the parent asks for, encodes the format's messages one at a time
 * (cycling through the sample) and sends each over the transport, waiting for it to be taken before
 * the next, as a client that needs each message delivered would.
 */
import type { PreparedCodec, RegistryEntry } from "@wirebench/codecs";
import { mediaType } from "../media-types.ts";
import { childMain, cpuNs, prepareCodecs, send } from "./child-io.ts";
import type { Exchange, ParentToChild, RoleJob } from "./protocol.ts";
import { openSender, type Sender } from "./senders.ts";

let codecs = new Map<string, PreparedCodec>();
let entries: RegistryEntry[] = [];
/** Connections stay open from round to round, as a client's keep-alive connection would. */
const senders = new Map<string, Sender>();

async function start(job: RoleJob): Promise<void> {
  const prepared = await prepareCodecs(job, "producer");
  codecs = prepared.codecs;
  entries = job.entries;
  await send({ type: "prepared", ok: [...codecs.keys()], failed: prepared.failed });
}

async function exchange(x: Exchange): Promise<void> {
  const codec = codecs.get(x.id);
  const entry = entries.find((e) => e.id === x.id);
  if (!codec || !entry || x.port === undefined) throw new Error(`cannot send ${x.id}`);
  const key = `${x.transport}:${x.id}`;
  const sender = senders.get(key) ?? (await openSender(x, mediaType(entry.format, entry.id)));
  senders.set(key, sender);
  {
    const latenciesNs: number[] = [];
    let cpuAt = cpuNs();
    let bytesAt = sender.bytesWritten();
    let startedAt = process.hrtime.bigint();
    for (let i = 0; i < x.warmup + x.messages; i++) {
      if (i === x.warmup) {
        cpuAt = cpuNs();
        bytesAt = sender.bytesWritten();
        startedAt = process.hrtime.bigint();
      }
      const t0 = process.hrtime.bigint();
      const body = codec.encode(codec.inputs[i % codec.inputs.length]);
      await sender.send(body, t0);
      if (i >= x.warmup) latenciesNs.push(Number(process.hrtime.bigint() - t0));
    }
    await send({
      type: "sent",
      latenciesNs,
      wireBytes: sender.bytesWritten() - bytesAt,
      cpuNs: cpuNs() - cpuAt,
      elapsedNs: Number(process.hrtime.bigint() - startedAt),
    });
  }
}

childMain(start, async (msg: ParentToChild) => {
  if (msg.type === "begin") await exchange(msg.exchange);
});
