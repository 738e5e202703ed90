"""The child's life (docs/polyglot.md): request → hello → verified/failed → calibrated → ready → plan →
samples → done. Exit 0 after `done`; 2 with a message on stderr when the parent broke the protocol."""

import os
import platform
import sys
from importlib import metadata

from .adapters import LIBRARIES
from .protocol_io import ProtocolError, read_line, send, take_stdout
from .timing import checksum

SETTINGS = ("rounds", "targetSampleMs", "warmupMinMs", "warmupMinIterations", "warmupEnoughMs", "warmupMaxMs", "warmupTolerance")


def library_versions():
    found = {}
    for name in LIBRARIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            pass  # its formats fail with the import error when asked for
    return found


def check_request(req):
    if req.get("protocol") != 1:
        raise ProtocolError(f"protocol {req.get('protocol')!r} is not 1, the version this child speaks")
    if not isinstance(req.get("formats"), list):
        raise ProtocolError("the request has no formats list")
    s = req.get("settings")
    missing = [k for k in SETTINGS if not isinstance(s, dict) or not isinstance(s.get(k), (int, float))]
    if missing:
        raise ProtocolError(f"the request's settings lack {', '.join(missing)}")
    for f in req["formats"]:
        if not isinstance(f, dict) or not all(isinstance(f.get(k), str) for k in ("id", "format", "impl", "inputFile")):
            raise ProtocolError(f"format entry {f!r} lacks id, format, impl or inputFile")


def main():
    if os.environ.get("WIREBENCH_COUNT") == "1":  # instruction counts under callgrind
        from .count import count_main

        take_stdout()
        return count_main()
    from .prepare import prepare
    from .rounds import measure, read_plan, warm_up

    take_stdout()
    try:
        req = read_line("request")
        check_request(req)
        send(
            {
                "type": "hello",
                "runtime": "python",
                "runtimeVersion": f"Python {platform.python_version()}",
                "libraries": library_versions(),
            }
        )
        live = prepare(req)
        standing = warm_up(live, req["settings"])
        send({"type": "ready"})
        samples = read_plan()
        measure(standing, req["settings"], samples)
        send({"type": "done", "checksum": checksum()})
        return 0
    except ProtocolError as err:
        print(f"wirebench python child: {err}", file=sys.stderr)
        return 2
