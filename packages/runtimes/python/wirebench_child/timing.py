"""The timed loop and the warm-up/calibration pass, with the Node harness's rules (docs/polyglot.md).

Garbage collection stays on while timing. `timeit` turns it off to make repeated timings more
comparable, but pytest-benchmark and pyperf leave it on by default, and so does the Node harness for
V8: decoding into dicts and lists allocates container objects whose collection is part of what a
decode costs an application. Encoders that return bytes allocate nothing the collector tracks, so for
them the choice changes nothing (bench/accuracy/python.ts compares with timeit on such a call).
"""

from itertools import cycle, islice
from time import perf_counter_ns

_state = {"sink": 0}


def checksum():
    return _state["sink"]


_TEMPLATE = """
def timed_loop(args, n):
    it = _islice(_cycle(args), n)
    last = None
    t0 = _clock()
    for a in it:
        last = {expr}
    t1 = _clock()
    _fold(n, last)
    return t1 - t0
"""


def _fold(n, last):
    _state["sink"] = (_state["sink"] + n + (len(last) if hasattr(last, "__len__") else 1)) & 0xFFFFFFFF


def compile_loop(expr, namespace):
    """A timed loop of its own whose body is the application's own call, `expr` on the argument `a`
    (`a.SerializeToString()`, `orjson.dumps(a)`), compiled from source as timeit compiles its
    statement: no wrapper function between the loop and the library, and the attribute lookups an
    application's call makes are timed with it. Returns `loop(args, n)`: ns for n calls over args
    (cyclically, handed out from C by islice(cycle(...)), like timeit's itertools.repeat).

    CPython never removes a call whose result is unused, so folding the last result and the call
    count into the checksum is enough to make the work observable.
    """
    ns = dict(namespace)
    ns.update(_islice=islice, _cycle=cycle, _clock=perf_counter_ns, _fold=_fold)
    exec(compile(_TEMPLATE.format(expr=expr), f"<timed loop: {expr}>", "exec"), ns)
    return ns["timed_loop"]


def compile_call(expr, namespace):
    """The same call as a function, for verification (outside timing)."""
    return eval(compile(f"lambda a: {expr}", f"<call: {expr}>", "eval"), dict(namespace))


def warm_up_and_calibrate(loop, args, s, prior_ns_per_op=None):
    """Grows the batch until one lasts targetSampleMs, then runs until the per-call time of the last
    three batches agrees within warmupTolerance (after warmupMinMs and warmupMinIterations calls, or
    warmupEnoughMs), stopping at warmupMaxMs. Returns (iterations, stable, ns_per_op).

    `prior_ns_per_op`, one call's cost seen while verifying, skips the pass when it alone exceeds
    warmupMaxMs: warm-up would stop after its first call anyway.
    """
    if prior_ns_per_op is not None and prior_ns_per_op >= s["warmupMaxMs"] * 1e6:
        return 1, False, max(prior_ns_per_op, 1.0)
    target_ns = s["targetSampleMs"] * 1e6
    start = perf_counter_ns()
    n = 1
    calls = 0
    recent = []
    while True:
        ns = loop(args, n)
        calls += n
        if ns < target_ns * 0.8:
            # Too short to time reliably: scale towards the target (at most ×10 a step), restart the window.
            n = max(n + 1, min(n * 10, -(-n * target_ns // max(ns, 1))))
            n = int(n)
            recent.clear()
        else:
            recent.append(ns / n)
            if len(recent) > 3:
                recent.pop(0)
        t = (perf_counter_ns() - start) / 1e6
        enough_calls = calls >= s["warmupMinIterations"] or t >= s["warmupEnoughMs"]
        if len(recent) == 3 and t >= s["warmupMinMs"] and enough_calls:
            lo, hi = min(recent), max(recent)
            if (hi - lo) / lo <= s["warmupTolerance"]:
                return n, True, max(lo, 1e-3)
        if t >= s["warmupMaxMs"]:
            # The fastest recent batch: one the scheduler preempted can look far dearer than the call is.
            cost = min(recent) if recent else ns / n
            return n, False, max(cost, 1e-3)
