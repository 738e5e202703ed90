"""Bytes per field path of Protobuf messages, by Python protobuf (protoc's descriptors, upb).

An independent check of Wirebench's Protobuf byte walker: every field of every message is
serialized alone (a copy of its message holding that field only; ByteSize()), and an embedded
message's own contents are subtracted from its field, so what is left is the field's tags, lengths
and values. google.protobuf messages count whole under the field holding them, as the walker does.

stdin: {"proto": "<.proto path>", "root": "<full message name>", "messages": ["<base64>", ...]}
stdout: {"<path>": bytes, ..., "": total}
"""

import base64
import json
import os
import subprocess
import sys
import tempfile

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory


def message_class(proto, root):
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "descriptor.pb")
        subprocess.run(
            ["protoc", f"--proto_path={os.path.dirname(os.path.abspath(proto))}", "--include_imports",
             f"--descriptor_set_out={out}", os.path.basename(proto)],
            check=True, capture_output=True, text=True,
        )
        fds = descriptor_pb2.FileDescriptorSet()
        with open(out, "rb") as f:
            fds.ParseFromString(f.read())
    pool = descriptor_pool.DescriptorPool()
    for fd in fds.file:
        pool.Add(fd)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(root))


def alone(msg, field):
    """ByteSize of a copy of `msg` that holds only `field`."""
    copy = type(msg)()
    copy.CopyFrom(msg)
    for other, _ in msg.ListFields():
        if other.name != field.name:
            copy.ClearField(other.name)
    return copy.ByteSize()


def tally(msg, path, out):
    for field, value in msg.ListFields():
        child = f"{path}.{field.name}" if path else field.name
        size = alone(msg, field)
        sub = field.message_type
        if sub is not None and not sub.full_name.startswith("google.protobuf.") and not sub.GetOptions().map_entry:
            items = value if field.is_repeated else [value]
            size -= sum(item.ByteSize() for item in items)
            for item in items:
                tally(item, child, out)
        out[child] = out.get(child, 0) + size


def main():
    job = json.load(sys.stdin)
    cls = message_class(job["proto"], job["root"])
    out = {"": 0}
    for b64 in job["messages"]:
        msg = cls()
        msg.ParseFromString(base64.b64decode(b64))
        out[""] += msg.ByteSize()
        tally(msg, "", out)
    json.dump(out, sys.stdout)


main()
