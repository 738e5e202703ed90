"""Apache Avro reference: the Python avro library's DatumWriter."""

import base64
import json


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
