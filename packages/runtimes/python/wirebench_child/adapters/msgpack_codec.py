"""msgpack (msgpack-python, C extension): packb / unpackb with their defaults (bin type for bytes,
str for raw strings), on the data model as lossless JSON read it."""

from ..lossless_json import to_lossless
from . import Codec


def build(fmt, load_input):
    import msgpack

    return Codec(
        inputs=load_input(),
        encode_expr="msgpack.packb(a)",
        decode_expr="msgpack.unpackb(a)",
        namespace={"msgpack": msgpack},
        to_output=to_lossless,
        notes=["msgpack.packb / msgpack.unpackb, defaults"],
    )
