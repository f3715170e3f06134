"""Which rows have a target to learn from: the target encoding's fit and training both
leave out the others."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd


def has_target_value(target: pd.Series[Any]) -> pd.Series[Any]:
    """Whether each row has a target to learn: present, and finite when it is a number."""
    present = target.notna()
    if pd.api.types.is_float_dtype(target.dtype):
        present &= ~np.isinf(target.to_numpy(dtype=np.float64, na_value=np.nan))
    return present
