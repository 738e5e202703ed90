"""Reference encoders of the schemaless formats: msgpack, cbor2, pymongo's bson, Python json."""

import json
import re

from read_document import load_document


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
