-- A format's result is its Result JSON entry (`detail`), read through @wirebench/contracts. The
-- columns that copied parts of it (library, version, error, bytes, compressed, encode, decode,
-- access, fidelity) were written and never read: dropped. `ok` stays, for queries that want only
-- the formats that worked (a branch's history).

-- Rows written before `detail` existed get an entry built from those columns first.
UPDATE "format_results"
SET "detail" = jsonb_build_object(
    'id', "format_id",
    'format', "format",
    'variant', "variant",
    'library', "library",
    'version', "version",
    'ok', "ok",
    'bytes', COALESCE("bytes", 0),
    'compressed', COALESCE("compressed", '{"gzip": 0, "brotli": 0, "zstd": 0}'::jsonb),
    'encode', "encode",
    'decode', "decode",
    'fidelity', COALESCE("fidelity", '{"exact": false, "issues": []}'::jsonb)
  ) || CASE WHEN "error" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('error', "error") END
WHERE "detail" IS NULL;

ALTER TABLE "format_results" ALTER COLUMN "detail" SET NOT NULL;

ALTER TABLE "format_results"
  DROP COLUMN "library",
  DROP COLUMN "version",
  DROP COLUMN "error",
  DROP COLUMN "bytes",
  DROP COLUMN "compressed",
  DROP COLUMN "encode",
  DROP COLUMN "decode",
  DROP COLUMN "access",
  DROP COLUMN "fidelity";
