"""fastavro: schemaless_writer / schemaless_reader on the parsed .avsc (Avro's binary encoding
without a container file, as protobuf-style RPC payloads use it).

Input is Avro's JSON encoding, read by fastavro.json_reader (one record per line is what its JSON
decoder reads, so the array is re-lined first); decoded records go back through fastavro.json_writer.
"""

import io
import json

from . import Codec


def build(fmt, load_input):
    import fastavro

    schema = fmt.get("schema")
    if not schema:
        raise ValueError("fastavro needs `schema` (the emitted .avsc)")
    parsed = fastavro.schema.load_schema(schema["file"])
    lines = "\n".join(json.dumps(m) for m in load_input())
    inputs = list(fastavro.json_reader(io.StringIO(lines), parsed))

    writer = fastavro.schemaless_writer
    reader = fastavro.schemaless_reader
    BytesIO = io.BytesIO

    # What an application writes: a buffer, the writer, its bytes. Defaults bound as locals so the
    # wrapper costs one Python frame and nothing else.
    def encode(record, _w=writer, _s=parsed, _b=BytesIO):
        buf = _b()
        _w(buf, _s, record)
        return buf.getvalue()

    def decode(data, _r=reader, _s=parsed, _b=BytesIO):
        return _r(_b(data), _s)

    def to_output(record):
        out = io.StringIO()
        fastavro.json_writer(out, parsed, [record])
        return json.loads(out.getvalue())

    return Codec(
        inputs=inputs,
        encode_expr="encode(a)",
        decode_expr="decode(a)",
        namespace={"encode": encode, "decode": decode},
        to_output=to_output,
        notes=["fastavro schemaless_writer into a BytesIO / schemaless_reader, binary encoding, no container"],
    )
