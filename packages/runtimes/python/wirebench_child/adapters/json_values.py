"""What a JSON application holds where the data model has bytes: their base64 text."""

import base64


def bytes_as_base64(value):
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, dict):
        return {k: bytes_as_base64(v) for k, v in value.items()}
    if isinstance(value, list):
        return [bytes_as_base64(v) for v in value]
    return value
