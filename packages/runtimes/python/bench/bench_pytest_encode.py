"""pytest-benchmark on the same calls Wirebench times, for bench/accuracy/python.ts.

Run as `python -m pytest bench_pytest_encode.py --benchmark-json=OUT` with WIREBENCH_GEN (the
protoc --python_out folder), WIREBENCH_PB2, WIREBENCH_CLASS, WIREBENCH_PROTOJSON and WIREBENCH_DATA
(the first message of each file is timed) in the environment. pytest-benchmark's defaults: rounds of
a calibrated number of calls for up to 1 s, GC left on, statistics per call; its median is compared.
Not named test_*.py so no test run of the repository ever collects it.
"""

import importlib
import json
import os
import sys

import orjson
from google.protobuf import json_format

sys.path.insert(0, os.environ["WIREBENCH_GEN"])
pb2 = importlib.import_module(os.environ["WIREBENCH_PB2"])

with open(os.environ["WIREBENCH_PROTOJSON"], encoding="utf-8") as f:
    msg = json_format.ParseDict(json.load(f)[0], getattr(pb2, os.environ["WIREBENCH_CLASS"])())
with open(os.environ["WIREBENCH_DATA"], encoding="utf-8") as f:
    obj = json.load(f)[0]


def test_protobuf(benchmark):
    assert benchmark(msg.SerializeToString)


def test_orjson(benchmark):
    assert benchmark(orjson.dumps, obj)


def _nothing():
    return b"x"


def test_nothing(benchmark):
    # The cost of a round itself (two timer reads, the loop, the call): in rounds of one call it is
    # part of every figure pytest-benchmark reports for a sub-microsecond function.
    assert benchmark(_nothing)
