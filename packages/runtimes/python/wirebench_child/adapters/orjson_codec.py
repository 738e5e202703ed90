"""orjson: dumps (bytes out) / loads. JSON has no bytes, so bytes in the data become base64 strings
before timing, as an application would hold them (the Node JSON entry does the same)."""

from ..lossless_json import to_lossless
from . import Codec
from .json_values import bytes_as_base64


def build(fmt, load_input):
    import orjson

    return Codec(
        inputs=[bytes_as_base64(m) for m in load_input()],
        encode_expr="orjson.dumps(a)",
        decode_expr="orjson.loads(a)",
        namespace={"orjson": orjson},
        to_output=to_lossless,
        notes=["orjson.dumps / orjson.loads, no options; bytes are base64 strings"],
    )
