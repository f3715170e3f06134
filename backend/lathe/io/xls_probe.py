"""The cells each sheet of an .xls spans, measured by calamine in a child process.

calamine reads every sheet of an .xls as it opens the file, each as the rectangle up to
its last cell, and the format's cell records can name column 65,535 though a sheet has
256: a 6 KB file made it ask for 128 GiB and abort the process. The child opens the file
under an address-space limit; when it fails or dies the file is refused, and the server
never opens it.
"""

import json
import resource
import subprocess
import sys
from pathlib import Path

from lathe.errors import ErrorCode, UnreadableFileError

MEMORY_LIMIT_BYTES = 2 * 1024**3
"""Far above what a sheet of the format's 65,536 × 256 cells takes in calamine."""
_TIMEOUT_SECONDS = 300


def xls_sheet_cells(path: Path) -> list[int]:
    """Rows × columns of each sheet, in calamine's order; an .xls calamine cannot open
    within `MEMORY_LIMIT_BYTES` is refused."""
    try:
        probe = subprocess.run(
            [sys.executable, "-m", __name__, str(path)],
            capture_output=True,
            timeout=_TIMEOUT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise _refused() from error
    if probe.returncode != 0:
        raise _refused()
    return [int(cells) for cells in json.loads(probe.stdout)]


def _refused() -> UnreadableFileError:
    return UnreadableFileError(
        "The spreadsheet could not be read; it may be damaged or password-protected.",
        ErrorCode.FILE_UNREADABLE,
    )


def _measure(path: str) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES))
    from python_calamine import CalamineWorkbook  # loaded under the limit

    workbook = CalamineWorkbook.from_path(path)
    sheets = (workbook.get_sheet_by_index(index) for index in range(len(workbook.sheet_names)))
    print(json.dumps([int(sheet.height) * int(sheet.width) for sheet in sheets]))


if __name__ == "__main__":
    _measure(sys.argv[1])
