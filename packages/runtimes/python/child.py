"""Entry point of the Python measurement child (docs/polyglot.md).

Started as `python -I -B child.py` by the Node parent: isolated mode keeps PYTHONPATH and user
site-packages out, so the measured libraries are exactly the venv's pinned ones; it also leaves this
folder off sys.path, hence the insert below.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from wirebench_child.main import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
