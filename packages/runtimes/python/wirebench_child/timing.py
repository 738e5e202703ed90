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


def timed_loop(fn, args, n):
    """Calls fn n times over args (cyclically); nanoseconds for the whole batch.

    islice(cycle(args), n) hands the arguments out from C, so the loop costs one FOR_ITER and one
    call per iteration, like timeit's `for _ in itertools.repeat(None, n)`. CPython never removes a
    call whose result is unused, so folding the last result into the checksum is enough to make the
    work observable; every batch's result count is folded too.
    """
    last = None
    it = islice(cycle(args), n)
    t0 = perf_counter_ns()
    for a in it:
        last = fn(a)
    t1 = perf_counter_ns()
    _state["sink"] = (_state["sink"] + n + (len(last) if hasattr(last, "__len__") else 1)) & 0xFFFFFFFF
    return t1 - t0


def warm_up_and_calibrate(fn, args, s, prior_ns_per_op=None):
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
        ns = timed_loop(fn, args, n)
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
