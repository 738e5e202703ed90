"""cbor2 (C extension `_cbor2`): dumps / loads with their defaults, on the data model."""

from ..lossless_json import to_lossless
from . import Codec


def build(fmt, load_input):
    import cbor2

    return Codec(
        inputs=load_input(),
        encode_expr="cbor2.dumps(a)",
        decode_expr="cbor2.loads(a)",
        namespace={"cbor2": cbor2},
        to_output=to_lossless,
        notes=["cbor2.dumps / cbor2.loads, defaults"],
    )
