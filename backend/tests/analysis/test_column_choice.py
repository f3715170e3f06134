import numpy as np
import pandas as pd

from lathe.analysis.column_choice import PAIRWISE_COLUMNS, spread, strongest
from lathe.analysis.profile import analyze_frame


def test_strongest_keeps_the_highest_scores_in_the_order_given():
    names = ["a", "b", "c", "d", "e"]
    scores = {"a": 0.1, "b": 0.9, "c": 0.5, "e": 0.5}
    assert strongest(names, scores, limit=3) == ["b", "c", "e"]
    assert strongest(names, scores, limit=2) == ["b", "c"]
    assert strongest(names, {}, limit=2) == ["a", "b"]
    assert strongest(names, {}, limit=9) == names


def test_spread_is_the_share_off_the_most_frequent_value():
    frame = pd.DataFrame(
        {
            "constant": [1, 1, 1, 1],
            "half": ["x", "y", "x", "y"],
            "quarter": [0, 0, 0, 1],
            "empty": [None] * 4,
        }
    )
    assert spread(frame, list(frame.columns)) == {
        "constant": 0.0,
        "half": 0.5,
        "quarter": 0.25,
        "empty": 0.0,
    }


def test_pairwise_statistics_of_a_wide_frame_take_the_most_varied_columns():
    rng = np.random.default_rng(0)
    rows, extra = 400, 10
    count = PAIRWISE_COLUMNS + extra
    shares = np.linspace(0.01, 0.5, count)  # later columns vary more
    frame = pd.DataFrame(
        {
            **{
                f"flag{i}": np.where(rng.random(rows) < share, "yes", "no")
                for i, share in enumerate(shares)
            },
            **{f"x{i}": rng.normal(size=rows) * (i + 1) for i in range(count)},
        }
    )
    for i, share in enumerate(shares):
        frame.loc[rng.random(rows) < share, f"x{i}"] = np.nan

    result = analyze_frame(frame)

    assert result["pairwise_left_out"] == {
        "vif": extra,
        "cat_assoc_pairs": extra,
        "pairwise_missing_corr": extra,
    }
    paired = {name for pair in result["cat_assoc_pairs"] for name in (pair["col1"], pair["col2"])}
    assert paired <= {f"flag{i}" for i in range(extra, count)}
    assert set(result["missing_patterns"]["pairwise_missing_corr"]) <= {
        f"x{i}" for i in range(extra, count)
    }
