"""Count mode (docs/instructions.md, "Other runtimes"): started with WIREBENCH_COUNT=1 under
`valgrind --tool=callgrind --dump-before=getpriority`, the child runs each operation in segments of
N calls between markers. A marker is `os.getpriority()`, whose libc function callgrind dumps before:
the loop is interpreted bytecode callgrind cannot name, but a C function it reaches can split the
count exactly where a segment starts and ends. Start-up, imports, preparation and warm-up fall in
segments nobody reads. Iteration counts come from the data, never from a clock.

Protocol: the request line (with `count`) → hello, failed…, segments (one label per dump file,
null for the gaps), done.
"""

import gc
import os
import platform
import sys
from itertools import cycle, islice

from .main import check_request, library_versions
from .prepare import error_text, prepare
from .protocol_io import ProtocolError, read_line, send

_sink = [0]

# The timed loop of timing.py without its clock: the application's own call on each argument.
_TEMPLATE = """
def count_loop(args, n):
    last = None
    for a in _islice(_cycle(args), n):
        last = {expr}
    return last
"""


def _loop(expr, namespace):
    ns = dict(namespace)
    ns.update(_islice=islice, _cycle=cycle)
    exec(compile(_TEMPLATE.format(expr=expr), f"<count loop: {expr}>", "exec"), ns)
    return ns["count_loop"]


def _mark(labels, label):
    os.getpriority(os.PRIO_PROCESS, 0)
    labels.append(label)


def segment_iterations(mean_bytes, s):
    n = -(-s["segmentBytes"] // max(1, int(mean_bytes)))
    return min(s["maxIterations"], max(s["minIterations"], n))


def count_main():
    try:
        req = read_line("count request")
        check_request(req)
        s = req.get("count")
        if not isinstance(s, dict) or not all(isinstance(s.get(k), int) for k in ("segmentBytes", "minIterations", "maxIterations", "warmupIterations", "segments")):
            raise ProtocolError("the count request lacks count.segmentBytes, minIterations, maxIterations, warmupIterations or segments")
        send({"type": "hello", "runtime": "python", "runtimeVersion": f"Python {platform.python_version()}", "libraries": library_versions()})
        labels = []
        for lv in prepare({**req, "verify": False}):
            try:
                c = lv.codec
                n = segment_iterations(sum(map(len, lv.encoded)) / len(lv.encoded), s)
                for op in ("encode", "decode"):
                    loop = _loop(c.encode_expr if op == "encode" else c.decode_expr, c.namespace)
                    args = c.inputs if op == "encode" else lv.encoded
                    loop(args, s["warmupIterations"])  # the specialising interpreter adapts in the first calls
                    for _ in range(s["segments"]):
                        # Every segment starts after a full collection, so the collector's
                        # generation counters stand at the same place in every process.
                        gc.collect()
                        _mark(labels, None)
                        last = loop(args, n)
                        _mark(labels, {"id": lv.id, "op": op, "iterations": n})
                        _sink[0] = (_sink[0] + (len(last) if hasattr(last, "__len__") else 1)) & 0xFFFFFFFF
            except Exception as err:  # one format failing never stops the others
                send({"type": "failed", "id": lv.id, "error": f"counting failed: {error_text(err)}"})
        send({"type": "segments", "segments": labels})
        send({"type": "done", "checksum": _sink[0]})
        return 0
    except ProtocolError as err:
        print(f"wirebench python child: {err}", file=sys.stderr)
        return 2
