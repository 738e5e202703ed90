"""Protocol Buffers reference: a descriptor set from protoc, read by Python protobuf."""

import base64
import json
import os
import subprocess

_proto_pools = {}


def proto_pool(schema, work):
    from google.protobuf import descriptor_pb2, descriptor_pool

    if schema not in _proto_pools:
        out = os.path.join(work, "descriptor.pb")
        subprocess.run(
            [
                "protoc",
                f"--proto_path={os.path.dirname(os.path.abspath(schema))}",
                "--include_imports",
                f"--descriptor_set_out={out}",
                os.path.basename(schema),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        fds = descriptor_pb2.FileDescriptorSet()
        with open(out, "rb") as f:
            fds.ParseFromString(f.read())
        pool = descriptor_pool.DescriptorPool()
        for fd in fds.file:
            pool.Add(fd)
        _proto_pools[schema] = (pool, fds.file[-1])
    return _proto_pools[schema]


def proto_message_class(schema, root, work):
    from google.protobuf import message_factory

    pool, main = proto_pool(schema, work)
    prefix = f"{main.package}." if main.package else ""
    if not root:
        # Like Wirebench without --root: the one top-level message no other message of the file uses.
        def fields(messages):
            for m in messages:
                yield from m.field
                yield from fields(m.nested_type)

        used = {f.type_name.lstrip(".") for f in fields(main.message_type) if f.type_name}
        roots = [m.name for m in main.message_type if f"{prefix}{m.name}" not in used]
        if len(roots) != 1:
            raise ValueError(f"cannot tell the root message among {', '.join(roots)}")
        root = roots[0]
    name = root if root.startswith(prefix) and prefix else f"{prefix}{root}"
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(name))


def has_map(descriptor, seen=None):
    seen = seen if seen is not None else set()
    if descriptor.full_name in seen:
        return False
    seen.add(descriptor.full_name)
    for field in descriptor.fields:
        if field.message_type is None:
            continue
        if field.message_type.GetOptions().map_entry:
            return True
        if has_map(field.message_type, seen):
            return True
    return False


def encode_protobuf(text, job):
    from google.protobuf import json_format

    cls = proto_message_class(job["schema"], job.get("root"), job["work"])
    if job.get("reencode"):
        msg = cls.FromString(base64.b64decode(job["ours"]))
    else:
        msg = json_format.Parse(text, cls())
    return {
        "bytes": msg.SerializeToString(),
        # Map entries come out in hash order unless deterministic (then sorted): the spec leaves it open.
        "orderFree": has_map(cls.DESCRIPTOR),
        "decode": cls.FromString,
    }


def encode_protobuf_json(text, job):
    from google.protobuf import json_format

    cls = proto_message_class(job["schema"], job.get("root"), job["work"])
    msg = json_format.Parse(text, cls())
    out = json.dumps(json_format.MessageToDict(msg), separators=(",", ":"), ensure_ascii=False)
    return {
        "bytes": out.encode("utf-8"),
        "decode": lambda b: json_format.Parse(b.decode("utf-8"), cls()),
    }
