"""A process running Lathe gives back the memory of a frame it lets go of, Arrow's
allocator included (``lathe/__init__.py``), as an idle web process must while a
training worker beside it needs the machine's memory, and whichever thread frees it."""

import subprocess
import sys

import numpy as np
import pandas as pd

from lathe.store.frame_files import write_frame

READ_AND_FREE = """
import lathe
import sys
from pathlib import Path
from lathe.store.frame_files import read_frame

def resident_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024

frame = read_frame(Path(sys.argv[1]))
held = resident_mib()
del frame
print(held, resident_mib())
"""


def test_a_frame_read_and_let_go_leaves_the_process(tmp_path):
    rows = 2_000_000
    frame = pd.DataFrame({f"x{i}": np.random.default_rng(i).normal(size=rows) for i in range(8)})
    frame["city"] = pd.Series(np.where(np.arange(rows) % 3 == 0, "north", "south"), dtype="str")
    path = tmp_path / "frame.arrow"
    write_frame(frame, path)
    frame_mib = frame.memory_usage(index=False).sum() / 2**20
    printed = subprocess.run(
        [sys.executable, "-c", READ_AND_FREE, str(path)], capture_output=True, text=True, check=True
    ).stdout
    held, freed = map(float, printed.split())
    assert held - freed > 0.8 * frame_mib


FREED_ON_A_THREAD = """
import lathe
import threading
import time
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

def resident_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024

def compute_and_drop():
    numbers = pc.add(pa.array(np.arange(10_000_000)), 1)
    held.append(resident_mib())
    del numbers

held = []
thread = threading.Thread(target=compute_and_drop)
thread.start()
thread.join()
started = time.monotonic()
while time.monotonic() - started < 5 and held[0] - resident_mib() < 70:
    time.sleep(0.05)
print(pa.default_memory_pool().backend_name, held[0] - resident_mib())
"""


def test_arrow_memory_a_thread_drops_goes_back_while_the_process_idles():
    """Frames are made and dropped on the server's pool threads; with Arrow's default
    allocator (mimalloc) what such a thread freed stayed until it allocated again."""
    backend, given_back = subprocess.run(
        [sys.executable, "-c", FREED_ON_A_THREAD], capture_output=True, text=True, check=True
    ).stdout.split()
    assert backend == "jemalloc"
    assert float(given_back) > 0.9 * 10_000_000 * 8 / 2**20
