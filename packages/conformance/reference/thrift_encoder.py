"""Apache Thrift reference: code from `thrift --gen py` and the Python thrift library."""

import base64
import importlib
import os
import re
import subprocess
import sys

_thrift_modules = {}


def thrift_module(schema, work):
    if schema not in _thrift_modules:
        with open(schema, encoding="utf-8") as f:
            ids = [int(m) for m in re.findall(r"^\s*(-?\d+)\s*:", f.read(), re.MULTILINE)]
        # Thrift field ids are i16; the Python code thrift generates would hold a tuple as long as the
        # largest id (for a field numbered 456214797 neither it nor the compiler finishes).
        if any(i > 32767 or i < -32768 for i in ids):
            raise ValueError(f"field id {max(ids, key=abs)} is outside Thrift's 16-bit range")
        out = os.path.join(work, "gen-py")
        os.makedirs(out, exist_ok=True)
        subprocess.run(
            ["thrift", "-r", "--gen", "py", "-out", out, schema], check=True, capture_output=True, text=True
        )
        name = os.path.splitext(os.path.basename(schema))[0]
        # The schema's own module: its `namespace py`, else its file name (includes get modules too).
        with open(schema, encoding="utf-8") as f:
            namespace = next(
                (line.split()[2] for line in f if line.strip().startswith("namespace py ")), name
            )
        if not os.path.exists(os.path.join(out, *namespace.split("."), "ttypes.py")):
            raise RuntimeError(f"thrift --gen py wrote no {namespace}/ttypes.py")
        # Two schemas may share a namespace (every schema Wirebench emits is `wirebench`): forget the
        # modules of the one before, so this import reads this schema's code.
        for loaded in [m for m in sys.modules if m.split(".")[0] in os.listdir(out)]:
            del sys.modules[loaded]
        sys.path.insert(0, out)
        try:
            _thrift_modules[schema] = importlib.import_module(f"{namespace}.ttypes")
        finally:
            sys.path.remove(out)
    return _thrift_modules[schema]


def thrift_value(ttype, args, value):
    from thrift.Thrift import TType

    if ttype == TType.STRUCT:
        cls = args[0]
        obj = cls()
        for spec in cls.thrift_spec:
            if spec is None:
                continue
            _fid, ftype, fname, fargs, _default = spec
            if fname in value and value[fname] is not None:
                setattr(obj, fname, thrift_value(ftype, fargs, value[fname]))
        return obj
    if ttype == TType.LIST or ttype == TType.SET:
        etype, eargs = args[0], args[1]
        items = [thrift_value(etype, eargs, v) for v in value]
        return set(items) if ttype == TType.SET else items
    if ttype == TType.MAP:
        ktype, kargs, vtype, vargs = args[0], args[1], args[2], args[3]
        return {thrift_value(ktype, kargs, k): thrift_value(vtype, vargs, v) for k, v in value.items()}
    if ttype == TType.STRING:
        # Thrift `binary` and `string` share a wire type; the spec's args say which one.
        if args == "BINARY":
            return base64.b64decode(value)
        return value
    if ttype == TType.DOUBLE:
        return float(value)
    if ttype in (TType.I08, TType.I16, TType.I32, TType.I64):
        if isinstance(value, str) and args is not None:
            return args._NAMES_TO_VALUES[value]  # an enum given by name
        return int(value)
    return value


def encode_thrift(doc, job, protocol):
    from thrift.protocol import TBinaryProtocol, TCompactProtocol
    from thrift.Thrift import TType
    from thrift.transport import TTransport

    ttypes = thrift_module(job["schema"], job["work"])
    cls = getattr(ttypes, job["root"])
    make = TBinaryProtocol.TBinaryProtocol if protocol == "binary" else TCompactProtocol.TCompactProtocol

    def decode(b):
        back = cls()
        back.read(make(TTransport.TMemoryBuffer(b)))
        return back

    if job.get("reencode"):
        obj = decode(base64.b64decode(job["ours"]))
    else:
        obj = thrift_value(TType.STRUCT, (cls, cls.thrift_spec), doc)
    buf = TTransport.TMemoryBuffer()
    obj.write(make(buf))

    return {"bytes": buf.getvalue(), "decode": decode}
