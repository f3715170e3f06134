"""Lathe: a no-code machine-learning workbench for tabular data."""

import os

# OpenMP threads that spin while they wait (libgomp's default) stall the models that use
# them (XGBoost, LightGBM) by minutes when the other core is busy: a small XGBoost fit
# took 85 s instead of 0.2 s beside one busy process on two cores. The policy is read
# when the OpenMP library loads, so it is set before any model library is imported.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Arrow's allocator (mimalloc) keeps freed memory until it next allocates, so an idle
# web process held the frames its cache had let go of: 2 GiB more at ten million rows,
# enough for the kernel to end the training worker beside it. Returned at once, the
# memory goes back as numpy's does. Every mimalloc reads the setting as its library
# loads, and CatBoost links one of its own, which purging at once made 2.2 times
# slower; so the setting is there while Arrow loads, and only then.
_PURGE_DELAY = "MIMALLOC_PURGE_DELAY"
_purge_delay_set = _PURGE_DELAY not in os.environ
os.environ.setdefault(_PURGE_DELAY, "0")
import pyarrow  # noqa: E402, F401

if _purge_delay_set:
    del os.environ[_PURGE_DELAY]
