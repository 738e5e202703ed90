"""Lossless JSON (docs/polyglot.md): integers of any size, floats as written, bytes as {"$bytes": b64}.

Python's json already reads integer literals as exact ints and floats as floats, so only bytes
need a hook; writing turns bytes back into {"$bytes": …} and tuples into lists.
"""

import base64
import json


def _bytes_hook(obj):
    if len(obj) == 1 and "$bytes" in obj and isinstance(obj["$bytes"], str):
        return base64.b64decode(obj["$bytes"], validate=True)
    return obj


def load_file(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f, object_hook=_bytes_hook)


def to_lossless(value):
    """A value in the data model (dicts, lists, str, int, float, bool, None, bytes) as plain JSON."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return {"$bytes": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, dict):
        return {str(k): to_lossless(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_lossless(v) for v in value]
    return value


def b64(data):
    return base64.b64encode(data).decode("ascii")
