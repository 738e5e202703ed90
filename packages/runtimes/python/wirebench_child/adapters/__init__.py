"""One module per library. Each `build(fmt, load_input)` returns a Codec for one request format.

`load_input()` reads the format's inputFile (one JSON array, in the shape its definition names);
everything a codec does before `encode`/`decode` is outside timing.
"""

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List

from ..timing import compile_call


@dataclass
class Codec:
    #: The messages as the library's native objects: what `encode` takes.
    inputs: List[Any]
    #: The application's encode call on the native object `a`, as source (`a.SerializeToString()`):
    #: the timed loop is compiled around it, as timeit compiles its statement.
    encode_expr: str
    #: The application's decode call on the bytes `a` (`orjson.loads(a)`).
    decode_expr: str
    #: The names those expressions use (modules, classes, schemas).
    namespace: Dict[str, Any]
    #: A decoded object → lossless JSON in the inputFile's shape, for the parent's fidelity check.
    to_output: Callable[[Any], Any]
    notes: List[str] = field(default_factory=list)

    def __post_init__(self):
        # The same calls as functions, for verification: one source for what is timed and checked.
        self.encode = compile_call(self.encode_expr, self.namespace)
        self.decode = compile_call(self.decode_expr, self.namespace)


def generated_schema(fmt, needs):
    """The format's schema, with its generated code's folder put on the import path (`needs` says
    which generator wrote it, for the error)."""
    import sys

    schema = fmt.get("schema")
    gen = fmt.get("generatedDir")
    if not schema or not gen:
        raise ValueError(f"{fmt['impl']} needs `schema` and `generatedDir` ({needs} output)")
    if gen not in sys.path:
        sys.path.insert(0, gen)
    return schema


def read_base64_lines(path):
    """An IDL-binary input file (the `flatbuffers`/`capnp` shapes): one message's bytes per line, base64."""
    import base64

    out = []
    with open(path, encoding="ascii") as f:
        for i, line in enumerate(f):
            line = line.strip()
            if line:
                try:
                    out.append(base64.b64decode(line, validate=True))
                except ValueError as err:
                    raise ValueError(f"line {i + 1} of {path} is not base64: {err}") from None
    return out


def dotted(obj, name, what):
    """`obj.A.B` for the name `A.B` (a nested message or struct), or a clear error naming `what`."""
    for part in name.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"{name} is not {what}")
        obj = getattr(obj, part)
    return obj


def builders():
    """impl → build function. Imported lazily so one library failing to import fails its format only."""
    return {
        "protobuf": ("protobuf_codec", "build"),
        "fastavro": ("fastavro_codec", "build"),
        "msgpack": ("msgpack_codec", "build"),
        "cbor2": ("cbor2_codec", "build"),
        "orjson": ("orjson_codec", "build"),
        "json": ("stdlib_json_codec", "build"),
        "flatbuffers": ("flatbuffers_codec", "build"),
        "pycapnp": ("capnp_codec", "build"),
        "thrift-binary": ("thrift_codec", "build"),
        "thrift-compact": ("thrift_codec", "build"),
    }


#: Distribution names as installed from PyPI, for the hello line.
LIBRARIES = ["protobuf", "fastavro", "msgpack", "cbor2", "orjson", "flatbuffers", "pycapnp", "thrift"]
