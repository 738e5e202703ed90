"""Warm-up of every format, then the parent's plan timed in interleaved rounds (docs/polyglot.md)."""

from .prepare import error_text
from .protocol_io import ProtocolError, read_line, send
from .timing import compile_loop, warm_up_and_calibrate

OPS = ("encode", "decode")


def samples_in_round(samples, rounds, round_):
    # The same split as the Node harness's samplesInRound: earlier rounds take the remainder.
    return samples // rounds + (1 if round_ < samples % rounds else 0)


def warm_up(live, settings):
    """Calibrates every operation of every format; returns the formats that did not fail."""
    standing = []
    for lv in live:
        try:
            for op in OPS:
                c = lv.codec
                loop = compile_loop(c.encode_expr if op == "encode" else c.decode_expr, c.namespace)
                args = c.inputs if op == "encode" else lv.encoded
                iterations, stable, ns = warm_up_and_calibrate(loop, args, settings, lv.prior.get(op))
                lv.ops[op] = (loop, args, iterations)
                send(
                    {"type": "calibrated", "id": lv.id, "op": op, "iterations": iterations, "nsPerOp": ns, "stable": stable}
                )
            standing.append(lv)
        except Exception as err:
            send({"type": "failed", "id": lv.id, "error": f"warming up failed: {error_text(err)}"})
    return standing


def read_plan():
    plan = read_line("plan")
    if plan.get("type") != "plan" or not isinstance(plan.get("plans"), list):
        raise ProtocolError('expected {"type": "plan", "plans": [...]} after ready')
    samples = {}
    for p in plan["plans"]:
        n = p.get("samples")
        if not isinstance(n, int) or n < 0:
            raise ProtocolError(f"plan entry {p!r} has no sample count")
        samples[(p.get("id"), p.get("op"))] = n
    return samples


def measure(standing, settings, samples):
    rounds = settings["rounds"]
    failed = set()
    for round_ in range(rounds):
        # Rotate the starting format each round so none always runs first.
        for k in range(len(standing)):
            lv = standing[(k + round_) % len(standing)]
            if lv.id in failed:
                continue
            try:
                for op in OPS:
                    loop, args, iterations = lv.ops[op]
                    count = samples_in_round(samples.get((lv.id, op), 0), rounds, round_)
                    if count == 0:
                        continue
                    # One untimed batch first: other formats ran since this one last did.
                    loop(args, iterations)
                    ns = [max(loop(args, iterations), 1) / iterations for _ in range(count)]
                    send(
                        {"type": "samples", "id": lv.id, "op": op, "round": round_, "nsPerOp": ns, "iterations": iterations}
                    )
            except Exception as err:
                failed.add(lv.id)
                send({"type": "failed", "id": lv.id, "error": f"measuring failed: {error_text(err)}"})
