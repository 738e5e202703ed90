import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compressUsingDict, createCCtx, freeCCtx } from "@bokuweb/zstd-wasm";
import type { DictionarySize } from "@wirebench/contracts/result";
import { compressors, ensureZstd, msSince, ZSTD_LEVEL } from "./compressed-sizes.ts";

/** Fewer messages than this and no dictionary is trained (zstd --train needs several samples per part). */
export const DICTIONARY_MIN_MESSAGES = 20;
/** Share of the messages (the first ones) a dictionary is trained on; it is measured on the rest. */
export const DICTIONARY_TRAIN_SHARE = 0.5;
/** At most this many messages are written out for training (zstd reads one file per sample). */
export const DICTIONARY_MAX_TRAINING_MESSAGES = 2000;
/** zstd's own default dictionary size (--maxdict), the ceiling; smaller datasets get a tenth of the training bytes. */
export const DICTIONARY_MAX_BYTES = 112_640;
/** A dictionary smaller than this is not worth training. */
export const DICTIONARY_MIN_BYTES = 256;
/** The Debian `zstd` command trains dictionaries; ZSTD_BIN names another. */
export const zstdBin = () => process.env.ZSTD_BIN || "zstd";

type DatasetPart = Extract<DictionarySize, { trainedOn: unknown }>["trainedOn"];

const partOf = (messages: Uint8Array[]): DatasetPart => ({
  messages: messages.length,
  bytes: messages.reduce((sum, m) => sum + m.byteLength, 0),
});

/** Trains a zstd dictionary on `samples` with the zstd command; the dictionary, or why there is none. */
export function trainDictionary(
  samples: Uint8Array[],
  maxBytes: number,
): Uint8Array | { unavailable: string } {
  const dir = mkdtempSync(join(tmpdir(), "wirebench-zdict-"));
  try {
    const sampleDir = join(dir, "samples");
    mkdirSync(sampleDir);
    for (const [i, s] of samples.entries()) writeFileSync(join(sampleDir, String(i)), s);
    const out = join(dir, "dictionary");
    const run = spawnSync(zstdBin(), ["--train", "-r", sampleDir, "-o", out, `--maxdict=${maxBytes}`, "-q"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    if (run.error) {
      const missing = (run.error as NodeJS.ErrnoException).code === "ENOENT";
      return {
        unavailable: missing
          ? `the zstd command (Debian package zstd) is not installed: run npm run setup`
          : `zstd --train failed: ${run.error.message}`,
      };
    }
    if (run.status !== 0) {
      const why = (run.stderr || run.stdout).trim().split("\n").pop() ?? `exit ${run.status}`;
      return { unavailable: `zstd --train could not train on ${samples.length} messages: ${why}` };
    }
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * zstd with a dictionary trained on the first part of the dataset and measured on the rest, message
 * by message (the case dictionaries are for: small messages compressed alone), beside plain zstd on
 * the same measured messages. The dictionary itself travels once, out of band; it is not counted.
 */
export async function dictionarySizes(encoded: Uint8Array[]): Promise<DictionarySize> {
  if (encoded.length < DICTIONARY_MIN_MESSAGES)
    return {
      unavailable: `${encoded.length} message${encoded.length === 1 ? "" : "s"}: a dictionary needs at least ${DICTIONARY_MIN_MESSAGES}, half to train on and half to measure`,
    };
  await ensureZstd();
  const split = Math.floor(encoded.length * DICTIONARY_TRAIN_SHARE);
  const training = encoded.slice(0, Math.min(split, DICTIONARY_MAX_TRAINING_MESSAGES));
  const measured = encoded.slice(split);
  const trainedOn = partOf(training);
  const maxBytes = Math.min(DICTIONARY_MAX_BYTES, Math.floor(trainedOn.bytes / 10));
  if (maxBytes < DICTIONARY_MIN_BYTES)
    return {
      unavailable: `${trainedOn.bytes} B to train on: too little for a dictionary of ${DICTIONARY_MIN_BYTES} B (a tenth of the training bytes)`,
    };
  const t0 = process.hrtime.bigint();
  const dictionary = trainDictionary(training, maxBytes);
  const trainMs = msSince(t0);
  if (!(dictionary instanceof Uint8Array)) return dictionary;
  const cctx = createCCtx();
  try {
    let zstd = 0;
    let plainZstd = 0;
    for (const m of measured) {
      zstd += compressUsingDict(cctx, m, dictionary, ZSTD_LEVEL).byteLength;
      plainZstd += compressors.zstd(m).byteLength;
    }
    return {
      zstd,
      plainZstd,
      trainedOn,
      measuredOn: partOf(measured),
      dictionaryBytes: dictionary.byteLength,
      trainMs,
    };
  } finally {
    freeCCtx(cctx);
  }
}
