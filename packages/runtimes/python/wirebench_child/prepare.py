"""Builds each format's codec, encodes every message once (the decode inputs) and, when asked,
verifies: every message's bytes and its decoded value go to the parent. A format that fails here
gets a `failed` line and is left out; the others go on."""

import importlib
from time import perf_counter_ns

from . import lossless_json
from .adapters import builders
from .protocol_io import send


class Live:
    """One format that prepared: its codec, encoded messages and what one call cost so far."""

    def __init__(self, fid, codec, encoded, prior):
        self.id = fid
        self.codec = codec
        self.encoded = encoded
        self.prior = prior  # op → ns of the slowest single call seen while preparing
        self.ops = {}  # op → (timed loop, args, iterations per timed batch)


def error_text(err):
    return f"{type(err).__name__}: {err}" if str(err) else type(err).__name__


def _build(fmt, cache):
    table = builders()
    impl = fmt["impl"]
    if impl not in table:
        raise ValueError(f"the Python runtime has no implementation named {impl!r} (has {', '.join(table)})")
    module_name, fn = table[impl]
    module = importlib.import_module(f".adapters.{module_name}", __package__)
    path = fmt["inputFile"]

    def load_input():
        # Read once per file: the schemaless formats share one. No codec mutates what it is given.
        if path not in cache:
            cache[path] = lossless_json.load_file(path)
        return cache[path]

    return getattr(module, fn)(fmt, load_input)


def prepare(request):
    live = []
    cache = {}
    for fmt in request["formats"]:
        fid = fmt["id"]
        try:
            codec = _build(fmt, cache)
            encoded, decoded = [], []
            worst = {"encode": 0, "decode": 0}
            for i, obj in enumerate(codec.inputs):
                t0 = perf_counter_ns()
                data = codec.encode(obj)
                t1 = perf_counter_ns()
                if not isinstance(data, (bytes, bytearray)):
                    raise TypeError(f"encode gave {type(data).__name__}, not bytes")
                back = codec.decode(data)
                t2 = perf_counter_ns()
                worst["encode"] = max(worst["encode"], t1 - t0)
                worst["decode"] = max(worst["decode"], t2 - t1)
                encoded.append(bytes(data))
                if request["verify"]:
                    decoded.append(codec.to_output(back))
            if not encoded:
                raise ValueError("the input file holds no messages")
            if request["verify"]:
                message = {
                    "type": "verified",
                    "id": fid,
                    "encoded": [lossless_json.b64(b) for b in encoded],
                    "decoded": decoded,
                }
                if codec.notes:
                    message["notes"] = codec.notes
                send(message)
            live.append(Live(fid, codec, encoded, worst))
        except Exception as err:  # one format failing never stops the others
            send({"type": "failed", "id": fid, "error": f"preparing failed: {error_text(err)}"})
    return live
