"""FlatBuffers (PyPI `flatbuffers`) on code from `flatc --python --gen-object-api`, as the Rust, Java
and Go children use flatc's object API.

The input (the `flatbuffers` shape, docs/polyglot.md) is one base64 line per message: the bytes
Node's adapter encodes, unpacked once (outside timing) into the generated `<Root>T` objects. Encode
packs one into a new Builder (`Builder.Clear` is not in the pinned runtime) and copies the finished
bytes out (`Output()`); decode is `<Root>T.InitFromObj(<Root>.GetRootAs(bytes, 0))`. A decoded message
goes back to the parent packed again, as base64.
"""

import base64
import importlib

from . import Codec, generated_schema, read_base64_lines


def root_module(schema):
    """flatc's Python module of the root table: `<namespace>.<Table>` (the .fbs's namespace when the
    root type names none)."""
    root = schema["rootType"]
    if "." in root:
        return root
    with open(schema["file"], encoding="utf-8") as f:
        for line in f:
            words = line.split("//", 1)[0].strip().rstrip(";").split()
            if len(words) == 2 and words[0] == "namespace":
                return f"{words[1]}.{root}"
    return root


def build(fmt, load_input):
    import flatbuffers

    schema = generated_schema(fmt, "flatc --python")
    name = root_module(schema)
    module = importlib.import_module(name)
    short = name.rsplit(".", 1)[-1]
    table, native = getattr(module, short), getattr(module, short + "T")

    inputs = []
    for i, data in enumerate(read_base64_lines(fmt["inputFile"])):
        try:
            inputs.append(native.InitFromObj(table.GetRootAs(data, 0)))
        except Exception as err:
            raise ValueError(f"message {i} is not a FlatBuffer of {name}: {err}") from None

    def pack(obj):
        builder = flatbuffers.Builder(1024)
        builder.Finish(obj.Pack(builder))
        return bytes(builder.Output())

    return Codec(
        inputs=inputs,
        encode_expr="pack(a)",
        decode_expr="Native.InitFromObj(Table.GetRootAs(a, 0))",
        namespace={"pack": pack, "Native": native, "Table": table},
        to_output=lambda obj: base64.b64encode(pack(obj)).decode("ascii"),
        notes=[
            f"flatc --python --gen-object-api: {short}T.Pack into a new flatbuffers.Builder, Finish, bytes(Output()) / {short}T.InitFromObj({short}.GetRootAs(bytes, 0))"
        ],
    )
