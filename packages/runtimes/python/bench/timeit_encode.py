"""`timeit` on the calls Wirebench times, for bench/accuracy/python.ts. timeit turns GC off while
timing, as it always does.

    python timeit_encode.py <generated dir> <pb2 module> <message class> <protojson file> <data file> \
        <repeat> [<protobuf loops> <orjson loops>]

Without loop counts it runs as `python -m timeit` does (Timer.autorange: the loop count that lasts
≥ 0.2 s, then `repeat` timings); with them, as `python -m timeit -n LOOPS -r REPEAT`. Prints one JSON
object: per statement, the ns per call of every repeat.
"""

import importlib
import json
import sys
import timeit

import orjson
from google.protobuf import json_format

gen, module_name, class_name, protojson_file, data_file, repeat = sys.argv[1:7]
loops = [int(n) for n in sys.argv[7:9]]
sys.path.insert(0, gen)
pb2 = importlib.import_module(module_name)

with open(protojson_file, encoding="utf-8") as f:
    msg = json_format.ParseDict(json.load(f)[0], getattr(pb2, class_name)())
with open(data_file, encoding="utf-8") as f:
    obj = json.load(f)[0]

out = {}
for i, (name, stmt) in enumerate((("protobuf", "msg.SerializeToString()"), ("orjson", "orjson.dumps(obj)"))):
    timer = timeit.Timer(stmt, globals={"msg": msg, "obj": obj, "orjson": orjson})
    number = loops[i] if loops else timer.autorange()[0]
    out[name] = [t / number * 1e9 for t in timer.repeat(repeat=int(repeat), number=number)]
print(json.dumps(out))
