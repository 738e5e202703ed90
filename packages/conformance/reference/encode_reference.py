"""Reference encoders for Wirebench's conformance check (packages/conformance).

Reads a JSON list of jobs on stdin and writes a JSON list of results on stdout, one per job:
  job    {"key", "format", "document": JSON text, "schema": path?, "root": type name?, "work": dir}
  result {"key", "format", "base64"} or {"key", "format", "error": one line}
          plus "orderFree": true when the encoding has parts whose order the format leaves open.

Every encoder here is the format's own reference library (Python protobuf with a descriptor set from
protoc, Apache avro, Apache thrift with code from `thrift --gen py`, msgpack, cbor2, pymongo's bson,
the standard json module). None of Wirebench's code is used, so agreement means something.
"""

import base64
import json
import subprocess
import sys

# The encoders are modules beside this script; compiled copies would litter the source tree.
sys.dont_write_bytecode = True

from avro_encoder import encode_avro
from protobuf_encoder import encode_protobuf, encode_protobuf_json
from read_document import load_document
from schemaless_encoders import encode_bson, encode_cbor, encode_json, encode_msgpack
from thrift_encoder import encode_thrift


def schemaless(encode):
    def run(job):
        data, decode = encode(load_document(job["document"]), job)
        return {"bytes": data, "decode": decode}

    return run


ENCODERS = {
    "msgpack": schemaless(encode_msgpack),
    "cbor": schemaless(encode_cbor),
    "bson": schemaless(encode_bson),
    "json": lambda job: dict(zip(("bytes", "decode"), encode_json(job["document"], job))),
    "protobuf": lambda job: encode_protobuf(job["document"], job),
    "protobuf-json": lambda job: encode_protobuf_json(job["document"], job),
    "avro": lambda job: encode_avro(load_document(job["document"]), job),
    "thrift-binary": lambda job: encode_thrift(load_document(job["document"]), job, "binary"),
    "thrift-compact": lambda job: encode_thrift(load_document(job["document"]), job, "compact"),
}


def one_line(err):
    text = f"{type(err).__name__}: {err}".strip()
    if isinstance(err, subprocess.CalledProcessError):
        said = [l for l in f"{err.stderr or ''}\n{err.stdout or ''}".splitlines() if l.strip()]
        said = [l for l in said if "WARNING" not in l] or said
        text = f"{err.cmd[0]}: {said[0].strip() if said else f'exit {err.returncode}'}"
    return text.splitlines()[0] if text else type(err).__name__


def main():
    jobs = json.load(sys.stdin)
    results = []
    for job in jobs:
        result = {"key": job["key"], "format": job["format"]}
        try:
            encoder = ENCODERS.get(job["format"])
            if encoder is None:
                raise ValueError(f"no reference encoder for {job['format']}")
            out = encoder(job)
            result["base64"] = base64.b64encode(out["bytes"]).decode("ascii")
            if out.get("orderFree"):
                result["orderFree"] = True
            if job.get("ours") is not None:
                try:
                    ours = out["decode"](base64.b64decode(job["ours"]))
                    result["oursEqual"] = ours == out["decode"](out["bytes"])
                except Exception as err:
                    result["oursEqual"] = False
                    result["oursError"] = one_line(err)
        except Exception as err:  # every failure is reported for its job; the others go on
            result["error"] = one_line(err)
        results.append(result)
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
