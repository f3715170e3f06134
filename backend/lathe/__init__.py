"""Lathe: a no-code machine-learning workbench for tabular data."""

import os

# OpenMP threads that spin while they wait (libgomp's default) stall the models that use
# them (XGBoost, LightGBM) by minutes when the other core is busy: a small XGBoost fit
# took 85 s instead of 0.2 s beside one busy process on two cores. The policy is read
# when the OpenMP library loads, so it is set before any model library is imported.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Arrow's allocator is jemalloc, whose background thread gives freed pages back within a
# second whichever thread freed them. Arrow's own default, mimalloc, returns a thread's
# pages only from that thread, so the web process kept 300-580 MiB of dropped frames
# beside the session's at ten million rows, even purging at once: removing outlier rows
# peaked at 2.54x the frame (2.31x with jemalloc), the correlation pairs at 2.46x (2.22x).
# Purging at once instead of after a second made a million-row prediction 20 % slower.
# Arrow alone reads the setting, when its allocator starts; the cluster's workers load
# Lathe first too.
os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "jemalloc")
import pyarrow  # noqa: F401
