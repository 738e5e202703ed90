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
import importlib
import re
import json
import os
import subprocess
import sys

# Numbers read the way Wirebench's data model reads them (JavaScript has one number type): an integer
# literal is an integer; a fraction literal whose value is a whole number below 2^53 is that integer
# too, because JS holds 1.0 and 1 as the same value and every JS encoder writes it as an integer.
SAFE = 2**53


def parse_float(text):
    f = float(text)
    if f.is_integer() and abs(f) < SAFE:
        return int(f)
    return f


def load_document(text):
    return json.loads(text, parse_float=parse_float)


# --- schemaless formats -----------------------------------------------------------------------


def encode_msgpack(doc, job):
    import msgpack

    return msgpack.packb(doc, use_bin_type=True), lambda b: msgpack.unpackb(b, raw=False)


def encode_cbor(doc, job):
    import cbor2

    return cbor2.dumps(doc), cbor2.loads


def encode_bson(doc, job):
    import bson

    if not isinstance(doc, dict):
        raise ValueError("BSON encodes documents (objects) only")
    return bson.encode(doc), bson.decode


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[ \t\n\r]+')


def encode_json(text, job):
    # Wirebench's JSON is the sample's own text minified (every number and escape as written), so the
    # reference is that: the document checked by Python's json, whitespace outside strings removed.
    json.loads(text)
    minified = _JSON_TOKEN.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)
    return minified.encode("utf-8"), lambda b: load_document(b.decode("utf-8"))


# --- Protocol Buffers ---------------------------------------------------------------------------

_proto_pools = {}


def proto_pool(schema, work):
    from google.protobuf import descriptor_pb2, descriptor_pool

    if schema not in _proto_pools:
        out = os.path.join(work, "descriptor.pb")
        subprocess.run(
            [
                "protoc",
                f"--proto_path={os.path.dirname(os.path.abspath(schema))}",
                "--include_imports",
                f"--descriptor_set_out={out}",
                os.path.basename(schema),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        fds = descriptor_pb2.FileDescriptorSet()
        with open(out, "rb") as f:
            fds.ParseFromString(f.read())
        pool = descriptor_pool.DescriptorPool()
        for fd in fds.file:
            pool.Add(fd)
        _proto_pools[schema] = (pool, fds.file[-1])
    return _proto_pools[schema]


def proto_message_class(schema, root, work):
    from google.protobuf import message_factory

    pool, main = proto_pool(schema, work)
    prefix = f"{main.package}." if main.package else ""
    if not root:
        # Like Wirebench without --root: the one top-level message no other message of the file uses.
        def fields(messages):
            for m in messages:
                yield from m.field
                yield from fields(m.nested_type)

        used = {f.type_name.lstrip(".") for f in fields(main.message_type) if f.type_name}
        roots = [m.name for m in main.message_type if f"{prefix}{m.name}" not in used]
        if len(roots) != 1:
            raise ValueError(f"cannot tell the root message among {', '.join(roots)}")
        root = roots[0]
    name = root if root.startswith(prefix) and prefix else f"{prefix}{root}"
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(name))


def has_map(descriptor, seen=None):
    seen = seen if seen is not None else set()
    if descriptor.full_name in seen:
        return False
    seen.add(descriptor.full_name)
    for field in descriptor.fields:
        if field.message_type is None:
            continue
        if field.message_type.GetOptions().map_entry:
            return True
        if has_map(field.message_type, seen):
            return True
    return False


def encode_protobuf(text, job):
    from google.protobuf import json_format

    cls = proto_message_class(job["schema"], job.get("root"), job["work"])
    if job.get("reencode"):
        msg = cls.FromString(base64.b64decode(job["ours"]))
    else:
        msg = json_format.Parse(text, cls())
    return {
        "bytes": msg.SerializeToString(),
        # Map entries come out in hash order unless deterministic (then sorted): the spec leaves it open.
        "orderFree": has_map(cls.DESCRIPTOR),
        "decode": cls.FromString,
    }


def encode_protobuf_json(text, job):
    from google.protobuf import json_format

    cls = proto_message_class(job["schema"], job.get("root"), job["work"])
    msg = json_format.Parse(text, cls())
    out = json.dumps(json_format.MessageToDict(msg), separators=(",", ":"), ensure_ascii=False)
    return {
        "bytes": out.encode("utf-8"),
        "decode": lambda b: json_format.Parse(b.decode("utf-8"), cls()),
    }


# --- Apache Avro --------------------------------------------------------------------------------


def _epoch(unit):
    import datetime

    def convert(value):
        if isinstance(value, str):
            return datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("not an integer")
        return datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
            microseconds=value * unit
        )

    return convert


# Avro's Python writer takes datetimes for these logical types; the documents give epoch numbers or
# ISO-8601 text, as Wirebench's samples do.
LOGICAL = {"timestamp-millis": _epoch(1000), "timestamp-micros": _epoch(1)}


def avro_datum(schema, value):
    """Plain JSON (as Wirebench reads a sample) to the datum Avro's writer takes: bytes are base64."""
    from avro import schema as s

    if isinstance(schema, s.UnionSchema):
        for branch in schema.schemas:
            try:
                datum = avro_datum(branch, value)
            except (TypeError, ValueError, KeyError):
                continue
            if branch.type == "null" or value is not None:
                return datum
        raise ValueError(f"{json.dumps(value)[:60]} fits no branch of {schema}")
    t = schema.type
    logical = getattr(schema, "logical_type", None) or schema.props.get("logicalType")
    if logical in LOGICAL and value is not None:
        return LOGICAL[logical](value)
    if t == "null":
        if value is not None:
            raise ValueError("not null")
        return None
    if value is None:
        raise ValueError(f"null for {t}")
    if t == "record" or t == "error":
        if not isinstance(value, dict):
            raise TypeError("not an object")
        out = {}
        for field in schema.fields:
            if field.name in value:
                out[field.name] = avro_datum(field.type, value[field.name])
            elif field.has_default:
                out[field.name] = field.default
            else:
                raise KeyError(field.name)
        return out
    if t == "array":
        if not isinstance(value, list):
            raise TypeError("not an array")
        return [avro_datum(schema.items, v) for v in value]
    if t == "map":
        if not isinstance(value, dict):
            raise TypeError("not an object")
        return {k: avro_datum(schema.values, v) for k, v in value.items()}
    if t in ("bytes", "fixed"):
        if not isinstance(value, str):
            raise TypeError("bytes are base64 text")
        return base64.b64decode(value)
    if t in ("int", "long"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("not an integer")
        return value
    if t in ("float", "double"):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError("not a number")
        return float(value)
    if t == "boolean":
        if not isinstance(value, bool):
            raise TypeError("not a boolean")
        return value
    if t in ("string", "enum"):
        if not isinstance(value, str):
            raise TypeError("not a string")
        return value
    raise ValueError(f"unsupported Avro type {t}")


def encode_avro(doc, job):
    import io

    import avro.io
    import avro.schema

    with open(job["schema"], encoding="utf-8") as f:
        schema = avro.schema.parse(f.read())
    if isinstance(schema, avro.schema.UnionSchema):
        if not job.get("root"):
            raise ValueError("the .avsc is a union: name the root record")
        schema = next(x for x in schema.schemas if x.name == job["root"])
    def decode(b):
        return avro.io.DatumReader(schema).read(avro.io.BinaryDecoder(io.BytesIO(b)))

    datum = decode(base64.b64decode(job["ours"])) if job.get("reencode") else avro_datum(schema, doc)
    buf = io.BytesIO()
    avro.io.DatumWriter(schema).write(datum, avro.io.BinaryEncoder(buf))

    return {"bytes": buf.getvalue(), "decode": decode}


# --- Apache Thrift ------------------------------------------------------------------------------

_thrift_modules = {}


def thrift_module(schema, work):
    if schema not in _thrift_modules:
        with open(schema, encoding="utf-8") as f:
            ids = [int(m) for m in re.findall(r"^\s*(-?\d+)\s*:", f.read(), re.MULTILINE)]
        # Thrift field ids are i16; the Python code thrift generates would hold a tuple as long as the
        # largest id (for a field numbered 456214797 neither it nor the compiler finishes).
        if any(i > 32767 or i < -32768 for i in ids):
            raise ValueError(f"field id {max(ids, key=abs)} is outside Thrift's 16-bit range")
        out = os.path.join(work, "gen-py")
        os.makedirs(out, exist_ok=True)
        subprocess.run(
            ["thrift", "-r", "--gen", "py", "-out", out, schema], check=True, capture_output=True, text=True
        )
        name = os.path.splitext(os.path.basename(schema))[0]
        # The schema's own module: its `namespace py`, else its file name (includes get modules too).
        with open(schema, encoding="utf-8") as f:
            namespace = next(
                (line.split()[2] for line in f if line.strip().startswith("namespace py ")), name
            )
        if not os.path.exists(os.path.join(out, *namespace.split("."), "ttypes.py")):
            raise RuntimeError(f"thrift --gen py wrote no {namespace}/ttypes.py")
        # Two schemas may share a namespace (every schema Wirebench emits is `wirebench`): forget the
        # modules of the one before, so this import reads this schema's code.
        for loaded in [m for m in sys.modules if m.split(".")[0] in os.listdir(out)]:
            del sys.modules[loaded]
        sys.path.insert(0, out)
        try:
            _thrift_modules[schema] = importlib.import_module(f"{namespace}.ttypes")
        finally:
            sys.path.remove(out)
    return _thrift_modules[schema]


def thrift_value(ttype, args, value):
    from thrift.Thrift import TType

    if ttype == TType.STRUCT:
        cls = args[0]
        obj = cls()
        for spec in cls.thrift_spec:
            if spec is None:
                continue
            _fid, ftype, fname, fargs, _default = spec
            if fname in value and value[fname] is not None:
                setattr(obj, fname, thrift_value(ftype, fargs, value[fname]))
        return obj
    if ttype == TType.LIST or ttype == TType.SET:
        etype, eargs = args[0], args[1]
        items = [thrift_value(etype, eargs, v) for v in value]
        return set(items) if ttype == TType.SET else items
    if ttype == TType.MAP:
        ktype, kargs, vtype, vargs = args[0], args[1], args[2], args[3]
        return {thrift_value(ktype, kargs, k): thrift_value(vtype, vargs, v) for k, v in value.items()}
    if ttype == TType.STRING:
        # Thrift `binary` and `string` share a wire type; the spec's args say which one.
        if args == "BINARY":
            return base64.b64decode(value)
        return value
    if ttype == TType.DOUBLE:
        return float(value)
    if ttype in (TType.I08, TType.I16, TType.I32, TType.I64):
        if isinstance(value, str) and args is not None:
            return args._NAMES_TO_VALUES[value]  # an enum given by name
        return int(value)
    return value


def encode_thrift(doc, job, protocol):
    from thrift.protocol import TBinaryProtocol, TCompactProtocol
    from thrift.Thrift import TType
    from thrift.transport import TTransport

    ttypes = thrift_module(job["schema"], job["work"])
    cls = getattr(ttypes, job["root"])
    make = TBinaryProtocol.TBinaryProtocol if protocol == "binary" else TCompactProtocol.TCompactProtocol

    def decode(b):
        back = cls()
        back.read(make(TTransport.TMemoryBuffer(b)))
        return back

    if job.get("reencode"):
        obj = decode(base64.b64decode(job["ours"]))
    else:
        obj = thrift_value(TType.STRUCT, (cls, cls.thrift_spec), doc)
    buf = TTransport.TMemoryBuffer()
    obj.write(make(buf))

    return {"bytes": buf.getvalue(), "decode": decode}


# --- dispatch -----------------------------------------------------------------------------------

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
