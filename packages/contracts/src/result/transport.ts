import { z } from "zod";

/** End-to-end latency of one message over a transport, ns; the interval is the median's 95% CI. */
export const transportLatencySchema = z.object({
  medianNs: z.number(),
  p99Ns: z.number(),
  ciLowNs: z.number(),
  ciHighNs: z.number(),
});

/** The cost model's prediction for the same message over the same link, beside the measurement. */
export const transportModelSchema = z.object({
  /** encode + decode (the comparison's medians) + the message's bytes at the link's bandwidth + the link's delay, ns. */
  predictedNs: z.number(),
  /** Measured median latency ÷ predicted: above 1, the transport costs more than the model knows of. */
  ratio: z.number(),
});

/**
 * One format over one transport (`--transport`): a producer process encodes each message and sends
 * it, a consumer process receives and decodes it. HTTP latency runs from encode start to the
 * response to the decoded request (one round trip); broker latency from encode start in the
 * producer to decode end in the consumer (one way through Redis).
 */
export const transportMeasurementSchema = z.object({
  /** Measured messages (warm-up messages excluded). */
  messages: z.number().int(),
  messagesPerSec: z.number(),
  latency: transportLatencySchema,
  /** Bytes the producer's socket wrote per message: request line, headers or frames, and body (HTTP); the XADD command (broker). */
  wireBytesPerMessage: z.number(),
  /** CPU time (user + system) of the producer per message, ns: encoding and sending. */
  producerCpuNs: z.number(),
  /** CPU time of the consumer per message, ns: receiving and decoding. */
  consumerCpuNs: z.number(),
  model: transportModelSchema.optional(),
});
export type TransportMeasurement = z.infer<typeof transportMeasurementSchema>;

/** A transport this format could not be measured on, and why. */
export const transportFailureSchema = z.object({ error: z.string() });

export const transportKindSchema = z.enum(["http1", "http2", "broker"]);
export type TransportKindName = z.infer<typeof transportKindSchema>;

/** `formats[].transport`: keyed by transport (`http1`, `http2`, `broker`). */
export const formatTransportSchema = z.partialRecord(
  transportKindSchema,
  z.union([transportMeasurementSchema, transportFailureSchema]),
);
export type FormatTransport = z.infer<typeof formatTransportSchema>;

/** How the transports were linked: loopback as is, a paced proxy on loopback, or `tc netem` between network namespaces. */
export const transportLinkSchema = z.object({
  kind: z.enum(["loopback", "proxy", "netem"]),
  /** Round trip the link adds, ms (0 on loopback). */
  rttMs: z.number(),
  /** Bandwidth each way, Mbit/s; null when unlimited (loopback). */
  bandwidthMbps: z.number().nullable(),
  /** Why this kind was used, e.g. why netem was not available. */
  note: z.string().optional(),
});
export type TransportLink = z.infer<typeof transportLinkSchema>;

/** Result-level `transport`: the link and the settings every `formats[].transport` was measured with. */
export const transportRunSchema = z.object({
  link: transportLinkSchema,
  transports: z.array(transportKindSchema),
  messages: z.number().int(),
  warmupMessages: z.number().int(),
});
export type TransportRun = z.infer<typeof transportRunSchema>;
