"""Cap'n Proto with pycapnp (PyPI `pycapnp`, the C++ library's Cython binding), which reads the
.capnp at run time (`capnp.load`): no generated code.

The input (the `capnp` shape, docs/polyglot.md) is one base64 line per message: the unpacked bytes
Node's capnp-es adapter encodes, read once (outside timing) into plain Python values (`to_dict`:
dicts, lists, str, bytes, numbers, enum names; a null pointer left out). Cap'n Proto readers are
views of their bytes, so, as the Rust child and Node's adapter do, the native value is that owned
tree: encode builds a message from it (`<Root>.new_message(**a).to_bytes()`, fields in schema
order) and decode reads every field of a message into a new tree (`from_bytes` + `to_dict`). A
decoded message goes back to the parent encoded again, as base64.
"""

import base64
import os

from . import Codec, dotted, read_base64_lines


def build(fmt, load_input):
    import capnp

    schema = fmt.get("schema")
    if not schema:
        raise ValueError("pycapnp needs `schema` (the emitted .capnp and its root struct)")
    path = schema["file"]
    module = capnp.load(path, imports=[os.path.dirname(path)])
    root = dotted(module, schema["rootType"], f"a struct of {path}")

    def decode(data):
        with root.from_bytes(data) as reader:
            return reader.to_dict()

    inputs = []
    for i, data in enumerate(read_base64_lines(fmt["inputFile"])):
        try:
            inputs.append(decode(data))
        except Exception as err:
            raise ValueError(f"message {i} is not a Cap'n Proto message of {schema['rootType']}: {err}") from None

    return Codec(
        inputs=inputs,
        encode_expr="Root.new_message(**a).to_bytes()",
        decode_expr="decode(a)",
        namespace={"Root": root, "decode": decode},
        to_output=lambda obj: base64.b64encode(root.new_message(**obj).to_bytes()).decode("ascii"),
        notes=[
            "capnp.load(.capnp) at run time; encode <Root>.new_message(**tree).to_bytes() (unpacked) / decode from_bytes + to_dict (every field read into a new tree)"
        ],
    )
