"""The standard library's json, called as web frameworks call it (Starlette's JSONResponse):
compact separators, UTF-8 as is, no NaN, then encoded to UTF-8 bytes; loads reads the bytes."""

import json

from ..lossless_json import to_lossless
from . import Codec
from .json_values import bytes_as_base64


def build(fmt, load_input):
    return Codec(
        inputs=[bytes_as_base64(m) for m in load_input()],
        encode_expr='json.dumps(a, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")',
        decode_expr="json.loads(a)",
        namespace={"json": json},
        to_output=to_lossless,
        notes=[
            'json.dumps(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode() / json.loads;'
            " bytes are base64 strings"
        ],
    )
