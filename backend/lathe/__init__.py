"""Lathe: a no-code machine-learning workbench for tabular data."""

import os

# OpenMP threads that spin while they wait (libgomp's default) stall the models that use
# them (XGBoost, LightGBM) by minutes when the other core is busy: a small XGBoost fit
# took 85 s instead of 0.2 s beside one busy process on two cores. The policy is read
# when the OpenMP library loads, so it is set before any model library is imported.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Arrow's allocator is jemalloc, set to give freed pages back at once (by default it waits
# a second, and longer on a thread that stops allocating). Arrow's own default, mimalloc,
# returns a thread's pages only from that thread, so the web process kept 300-580 MiB of
# dropped frames beside the session's at ten million rows, even purging at once: removing
# outlier rows peaked at 2.54x the frame (2.28x with jemalloc), the correlation pairs at
# 2.46x (2.22x). Arrow alone reads both settings, when its allocator starts; the cluster's
# workers load Lathe first too.
os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "jemalloc")
os.environ.setdefault("JE_ARROW_MALLOC_CONF", "dirty_decay_ms:0,muzzy_decay_ms:0")
import pyarrow  # noqa: F401
