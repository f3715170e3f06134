"""Starting Lathe imports what jobs need and leaves the libraries only an export or an
explanation uses to its first use: the web process and every worker start sooner, and
the first job after a start waits less for the workers' imports."""

import subprocess
import sys

IMPORTED_AT_START = """
import sys
import lathe.main
print(" ".join(name for name in ("onnx", "skl2onnx", "shap", "matplotlib") if name in sys.modules))
"""


def test_starting_the_app_imports_neither_onnx_nor_shap() -> None:
    printed = subprocess.run(
        [sys.executable, "-c", IMPORTED_AT_START], capture_output=True, text=True, check=True
    ).stdout
    assert printed.split() == []
