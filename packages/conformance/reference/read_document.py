"""JSON documents read as Wirebench's data model reads them."""

import json

# Numbers read the way Wirebench's data model reads them (JavaScript has one number type): an integer
# literal is an integer; a fraction literal whose value is a whole number below 2^53 is that integer
# too, because JS holds 1.0 and 1 as the same value and every JS encoder writes it as an integer.
SAFE = 2**53


def parse_float(text):
    f = float(text)
    if f.is_integer() and abs(f) < SAFE:
        return int(f)
    return f


def load_document(text):
    return json.loads(text, parse_float=parse_float)
