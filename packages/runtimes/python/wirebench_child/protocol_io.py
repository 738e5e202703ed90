"""Protocol transport: one JSON object per line, the request and the plan on stdin, messages on stdout.

stdout carries nothing but protocol lines (libraries that print would corrupt it, so `main` points
sys.stdout at stderr and keeps the real stream here); stderr is for humans.
"""

import json
import sys

_out = sys.stdout


def take_stdout():
    """Keeps the real stdout for protocol lines and sends stray prints to stderr."""
    global _out
    _out = sys.stdout
    sys.stdout = sys.stderr


def send(message):
    _out.write(json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False))
    _out.write("\n")
    _out.flush()


def read_line(what):
    """One JSON object from stdin; a clear error when the parent closed it or wrote something else."""
    line = sys.stdin.readline()
    if not line:
        raise ProtocolError(f"stdin closed before the {what} line")
    try:
        value = json.loads(line)
    except ValueError as err:
        raise ProtocolError(f"the {what} line is not JSON: {err}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"the {what} line is not a JSON object")
    return value


class ProtocolError(Exception):
    pass
