import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from lathe.steps import missing
from lathe.steps.errors import StepConfigError
from lathe.steps.missing import (
    MissingColumnDropper,
    MissingRowDropper,
    MissingValueImputer,
    drop_missing_columns,
    drop_missing_rows,
    impute_missing,
    missing_value_steps,
    mode_value,
)
from lathe.steps.recipe import apply_step
from lathe.steps.recipe_step import recipe_step

NAN = math.nan


def frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "num": [NAN, 2.0, NAN, 4.0, 10.0, NAN],
            "cat": [None, "b", "a", None, "b", "a"],
            "whole": [1, 2, 3, 4, 5, 6],
        }
    )


def filled(strategy: str, column: str = "num", **fill_values) -> list:
    result = impute_missing(frame(), {column: strategy}, fill_values or None)
    return result[column].tolist()


@pytest.mark.parametrize(
    ("strategy", "expected"),
    [
        ("mean", [16 / 3, 2.0, 16 / 3, 4.0, 10.0, 16 / 3]),
        ("median", [4.0, 2.0, 4.0, 4.0, 10.0, 4.0]),
        ("zero", [0.0, 2.0, 0.0, 4.0, 10.0, 0.0]),
        # the leading gap has nothing to copy forward: it takes the median (4)
        ("ffill", [4.0, 2.0, 2.0, 4.0, 10.0, 10.0]),
        # the trailing gap has nothing to copy backward: it takes the median (4)
        ("bfill", [2.0, 2.0, 4.0, 4.0, 10.0, 4.0]),
    ],
)
def test_numeric_strategies(strategy, expected):
    assert filled(strategy) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("strategy", "expected"),
    [
        # "a" and "b" are both seen twice: the tie goes to the smallest, "a"
        ("mode", ["a", "b", "a", "a", "b", "a"]),
        ("constant", ["unknown", "b", "a", "unknown", "b", "a"]),
        # leading gap: the mode "a"
        ("ffill", ["a", "b", "a", "a", "b", "a"]),
        ("bfill", ["b", "b", "a", "b", "b", "a"]),
    ],
)
def test_categorical_strategies(strategy, expected):
    assert filled(strategy, "cat") == expected


def test_constant_uses_the_given_fill_value():
    assert filled("constant", "cat", cat="missing") == ["missing", "b", "a", "missing", "b", "a"]


def test_mode_tie_takes_the_first_value_in_sorted_order():
    column = pd.DataFrame({"c": ["z", "y", "y", "z", None]})
    assert impute_missing(column, {"c": "mode"})["c"].tolist() == ["z", "y", "y", "z", "y"]


def test_trailing_gap_under_ffill_and_leading_gap_under_bfill_copy_neighbours():
    values = pd.DataFrame({"x": [1.0, NAN, 3.0, NAN]})
    assert impute_missing(values, {"x": "ffill"})["x"].tolist() == [1.0, 1.0, 3.0, 3.0]
    values = pd.DataFrame({"x": [NAN, 1.0, NAN, 3.0]})
    assert impute_missing(values, {"x": "bfill"})["x"].tolist() == [1.0, 1.0, 3.0, 3.0]


def test_complete_columns_and_unconfigured_columns_are_untouched():
    result = impute_missing(frame(), {"whole": "mean", "num": "zero"})
    assert result["whole"].dtype == np.int64
    assert result["whole"].tolist() == [1, 2, 3, 4, 5, 6]
    assert result["cat"].isna().sum() == 2
    assert list(result.columns) == ["num", "cat", "whole"]


def test_input_frame_is_not_modified():
    original = frame()
    impute_missing(original, {"num": "mean", "cat": "mode"})
    pd.testing.assert_frame_equal(original, frame())


def test_nullable_integers_become_floats_when_filled():
    values = pd.DataFrame({"n": pd.array([1, None, 4], dtype="Int64")})
    result = impute_missing(values, {"n": "mean"})
    assert result["n"].dtype == np.float64
    assert result["n"].tolist() == [1.0, 2.5, 4.0]


def test_constant_on_a_boolean_column_makes_it_text():
    values = pd.DataFrame({"flag": pd.array([True, None, False], dtype="boolean")})
    result = impute_missing(values, {"flag": "constant"})
    assert result["flag"].tolist() == ["True", "unknown", "False"]


def test_constant_makes_a_column_text_even_when_the_fit_rows_miss_nothing():
    fitted = MissingValueImputer(strategies={"flag": "constant"}).fit(
        pd.DataFrame({"flag": pd.array([True, False], dtype="boolean")})
    )
    new = pd.DataFrame({"flag": pd.array([None, True], dtype="boolean")})
    assert fitted.transform(new)["flag"].tolist() == ["unknown", "True"]
    full = pd.DataFrame({"flag": pd.array([True, False], dtype="boolean")})
    assert fitted.transform(full)["flag"].dtype == "str"


def test_mode_keeps_boolean_and_datetime_types():
    values = pd.DataFrame(
        {
            "flag": pd.array([True, None, True, False], dtype="boolean"),
            "when": pd.to_datetime(pd.Series(["2024-01-02", None, "2024-01-01", "2024-01-01"])),
        }
    )
    result = impute_missing(values, {"flag": "mode", "when": "mode"})
    assert result["flag"].dtype == "boolean"
    assert result["flag"].tolist() == [True, True, True, False]
    assert result["when"][1] == pd.Timestamp("2024-01-01")


@pytest.mark.parametrize("zone", [None, "Europe/Istanbul"])
@pytest.mark.parametrize("unit", ["s", "us", "ns"])
def test_a_date_columns_mode_is_pandas_mode(zone, unit):
    rng = np.random.default_rng(7)
    for distinct in (5, 40, 2_000):
        seconds = rng.integers(0, distinct, 3_000) * 86_400 + 1_700_000_000
        dates = pd.Series(pd.to_datetime(seconds, unit="s").as_unit(unit))
        dates = dates.dt.tz_localize(zone) if zone else dates
        dates = dates.mask(rng.random(len(dates)) < 0.1)
        expected = dates.mode(dropna=True).iloc[0]
        learned = mode_value(dates)
        assert learned == expected and str(learned.tz) == str(expected.tz)
    tied = pd.Series(pd.to_datetime(["2024-03-02", "2024-03-01", "2024-03-02", "2024-03-01"]))
    assert mode_value(tied) == pd.Timestamp("2024-03-01")
    assert mode_value(pd.Series([pd.NaT, pd.NaT], dtype="datetime64[ns]")) is None


@pytest.mark.parametrize("probe_rows", [4, 65_536])
@pytest.mark.parametrize("zone", [None, "UTC", "America/New_York"])
def test_dates_with_times_or_wide_spans_take_pandas_mode(monkeypatch, zone, probe_rows):
    monkeypatch.setattr(missing, "DAY_PROBE_ROWS", probe_rows)
    rng = np.random.default_rng(3)
    seconds = rng.integers(0, 500, 3_000) * 3_600 + rng.integers(0, 3, 3_000) + 1_600_000_000
    wide = rng.choice([0, 40_000, 80_000], 3_000) * 86_400 + 86_400
    # mostly distinct instants before and after 1970, a few repeated
    distinct = np.concatenate([rng.permutation(3_000) * 7 - 10_000, [-3, 4, 4, -3, 5]])
    for values in (seconds, wide, distinct):
        dates = pd.Series(pd.to_datetime(values, unit="s"))
        dates = dates.dt.tz_localize(zone) if zone else dates
        dates = dates.mask(rng.random(len(dates)) < 0.2)
        expected = dates.mode(dropna=True).iloc[0]
        learned = mode_value(dates)
        assert learned == expected and str(learned.tz) == str(expected.tz)
    one = pd.Series(pd.to_datetime(["2024-02-29 10:00", "NaT", "2024-02-29 10:00"]))
    assert mode_value(one) == pd.Timestamp("2024-02-29 10:00")
    # whole days among the probed dates, a time of day after them
    later = pd.Series(
        pd.to_datetime(
            ["2024-01-02", "2024-01-01"] * 2 + ["2024-01-03 06:00"] * 3, format="ISO8601"
        )
    )
    assert mode_value(later) == pd.Timestamp("2024-01-03 06:00")


def test_a_column_of_objects_is_filled_as_fillna_fills_it():
    objects = pd.Series([True, None, False, NAN, True, "x"], dtype=object, index=[9, 7, 5, 3, 1, 0])
    result = impute_missing(objects.to_frame("o"), {"o": "mode"})["o"]
    pd.testing.assert_series_equal(result, objects.fillna(True), check_names=False)
    assert result.dtype == object
    complete = pd.DataFrame({"o": pd.Series([True, False], dtype=object)})
    assert impute_missing(complete, {"o": "mode"})["o"] is not None
    pd.testing.assert_frame_equal(impute_missing(complete, {"o": "mode"}), complete)


def test_a_large_frame_learns_and_fills_its_columns_side_by_side_as_one_by_one(monkeypatch):
    from lathe.ml import threads

    rng = np.random.default_rng(5)
    rows = threads.SIDE_BY_SIDE_ROWS + 10
    values = pd.DataFrame(
        {
            "num": np.where(rng.random(rows) < 0.1, NAN, rng.normal(size=rows)),
            "text": pd.Series(rng.choice(np.array(["a", "b", None], object), rows), dtype="str"),
            "flag": pd.Series(rng.random(rows) < 0.5, dtype="boolean").mask(rng.random(rows) < 0.1),
            "when": pd.Series(pd.to_datetime(rng.integers(0, 50, rows), unit="D")).mask(
                rng.random(rows) < 0.1
            ),
        }
    )
    strategies = {"num": "median", "text": "mode", "flag": "mode", "when": "mode"}
    side_by_side = impute_missing(values, strategies)
    monkeypatch.setattr(threads, "SIDE_BY_SIDE_ROWS", rows)
    pd.testing.assert_frame_equal(side_by_side, impute_missing(values, strategies))
    for column in strategies:
        missing = values[column].isna()
        fill = values[column].median() if column == "num" else values[column].mode().iloc[0]
        assert (side_by_side.loc[missing, column] == fill).all()


def test_columns_without_any_value_get_zero_or_unknown():
    values = pd.DataFrame({"n": [NAN, NAN], "t": pd.Series([None, None], dtype="str")})
    result = impute_missing(values, {"n": "mean", "t": "mode"})
    assert result["n"].tolist() == [0.0, 0.0]
    assert result["t"].tolist() == ["unknown", "unknown"]


def test_fill_values_are_learned_from_fit_rows_only():
    imputer = MissingValueImputer(strategies={"num": "mean", "cat": "ffill"}).fit(frame())
    later = pd.DataFrame({"num": [NAN, 100.0], "cat": [None, "z"], "whole": [0, 0]})
    result = imputer.transform(later)
    assert result["num"].tolist() == pytest.approx([16 / 3, 100.0])
    # a leading gap in the transformed rows takes the fit rows' mode
    assert result["cat"].tolist() == ["a", "z"]


@pytest.mark.parametrize(("column", "strategy"), [("cat", "mean"), ("num", "mode")])
def test_strategy_must_suit_the_column_type(column, strategy):
    with pytest.raises(StepConfigError) as refused:
        impute_missing(frame(), {column: strategy})
    assert refused.value.code == "strategy_not_for_column"
    assert column in refused.value.message
    assert isinstance(refused.value, ValueError)


def test_column_settings_are_checked_against_the_column_type():
    with pytest.raises(StepConfigError, match='does not apply to numeric column "num"'):
        missing_value_steps(frame(), column_settings=[{"column": "num", "strategy": "constant"}])


def test_unknown_columns_are_named():
    with pytest.raises(StepConfigError, match="Unknown columns: nope") as refused:
        missing_value_steps(frame(), column_settings=[{"column": "nope", "strategy": "mode"}])
    assert refused.value.code == "unknown_columns"


def test_global_strategy_names_are_checked():
    with pytest.raises(StepConfigError) as refused:
        missing_value_steps(frame(), strategy="mode")
    assert refused.value.code == "invalid_strategy"
    with pytest.raises(StepConfigError) as refused:
        missing_value_steps(frame(), drop_strategy="cells")
    assert refused.value.code == "invalid_drop_strategy"


@pytest.mark.parametrize("threshold", [-0.1, 1.5])
def test_drop_threshold_is_a_fraction(threshold):
    with pytest.raises(StepConfigError) as refused:
        missing_value_steps(frame(), drop_strategy="rows", drop_threshold=threshold)
    assert refused.value.code == "fraction_out_of_range"


def test_drop_rows_with_any_missing_value_by_default():
    result = drop_missing_rows(frame())
    assert result.index.tolist() == [1, 4]


def test_drop_rows_above_a_threshold():
    # row 0 misses 2 of 3 cells (0.67), rows 2 and 3 miss 1 of 3 (0.33)
    assert drop_missing_rows(frame(), 0.5).index.tolist() == [1, 2, 3, 4, 5]
    assert drop_missing_rows(frame(), 0.34).index.tolist() == [1, 2, 3, 4, 5]
    assert drop_missing_rows(frame(), 0.33).index.tolist() == [1, 4]


def test_row_sampler_counts_y_as_one_more_cell_and_keeps_y_aligned():
    values = pd.DataFrame({"a": [1.0, NAN, 3.0, 4.0]})
    y = pd.Series([0, 1, NAN, 1])
    kept, kept_y = MissingRowDropper().fit_resample(values, y)
    assert kept["a"].tolist() == [1.0, 4.0]
    assert kept_y.tolist() == [0, 1]
    # at 0.5, one missing cell of two (the value or y) is not above the threshold
    kept, kept_y = MissingRowDropper(threshold=0.5).fit_resample(values, np.asarray(y))
    assert len(kept) == 4
    assert len(kept_y) == 4


def test_dropping_every_row_is_refused():
    with pytest.raises(StepConfigError) as refused:
        drop_missing_rows(pd.DataFrame({"a": [NAN, NAN]}))
    assert refused.value.code == "no_rows_left"


def test_drop_columns_with_missing_values():
    assert list(drop_missing_columns(frame()).columns) == ["whole"]
    # num misses 3 of 6 (0.5), cat 2 of 6 (0.33)
    assert list(drop_missing_columns(frame(), 0.4).columns) == ["cat", "whole"]
    assert list(drop_missing_columns(frame(), 0.5).columns) == ["num", "cat", "whole"]


def test_dropping_every_column_is_refused():
    with pytest.raises(StepConfigError) as refused:
        drop_missing_columns(pd.DataFrame({"a": [NAN, 1.0], "b": [None, "x"]}))
    assert refused.value.code == "no_columns_left"


def test_column_dropper_learns_its_columns_at_fit():
    dropper = MissingColumnDropper().fit(frame())
    assert dropper.dropped_columns_ == ["num", "cat"]
    complete = pd.DataFrame({"num": [1.0], "cat": ["a"], "whole": [1]})
    assert list(dropper.transform(complete).columns) == ["whole"]
    assert dropper.get_feature_names_out().tolist() == ["whole"]


def test_global_settings_impute_every_column_by_its_type():
    steps = missing_value_steps(frame(), strategy="median", cat_strategy="constant")
    assert steps == [
        {
            "step": "impute_missing",
            "params": {
                "strategies": {"num": "median", "cat": "constant", "whole": "median"},
                "fill_values": {"cat": "unknown"},
            },
        }
    ]


def test_drop_comes_before_imputation_and_dropped_columns_are_not_imputed():
    steps = missing_value_steps(frame(), drop_strategy="columns", drop_threshold=0.4)
    assert steps == [
        {"step": "drop_missing_columns", "params": {"threshold": 0.4, "dropped": ["num"]}},
        {
            "step": "impute_missing",
            "params": {"strategies": {"cat": "mode", "whole": "mean"}, "fill_values": {}},
        },
    ]
    steps = missing_value_steps(frame(), drop_strategy="rows")
    assert steps[0] == {"step": "drop_missing_rows", "params": {"threshold": 0.0}}


def test_column_settings_impute_only_their_columns():
    steps = missing_value_steps(
        frame(),
        column_settings=[
            {"column": "cat", "strategy": "constant", "fillValue": "none"},
            {"column": "num", "strategy": "bfill"},
        ],
    )
    assert steps == [
        {
            "step": "impute_missing",
            "params": {
                "strategies": {"cat": "constant", "num": "bfill"},
                "fill_values": {"cat": "none"},
            },
        }
    ]


@pytest.mark.parametrize(
    ("strategies", "fill_values"),
    [
        ({"num": "mean", "cat": "mode"}, None),
        ({"num": "ffill", "cat": "bfill"}, None),
        ({"num": "median", "cat": "constant"}, {"cat": "?"}),
    ],
)
def test_pure_function_equals_the_transformer(strategies, fill_values):
    expected = impute_missing(frame(), strategies, fill_values)
    imputer = MissingValueImputer(strategies=strategies, fill_values=fill_values)
    pd.testing.assert_frame_equal(imputer.fit_transform(frame()), expected)


def gapped_and_whole() -> pd.DataFrame:
    """Columns of each kind, with and without gaps."""
    return pd.DataFrame(
        {
            "num": [NAN, 2.0, 5.0, 4.0],
            "whole_num": [1.0, 7.0, 7.0, 3.0],
            "cat": [None, "b", "a", "a"],
            "whole_cat": ["x", "y", "y", "z"],
            "when": pd.to_datetime(pd.Series(["2024-01-02", None, "2024-01-01", "2024-01-01"])),
            "whole_when": pd.to_datetime(["2024-03-01", "2024-03-02", "2024-03-02", "2024-03-04"]),
            "whole_flag": [True, False, True, True],
        }
    )


@pytest.mark.parametrize(
    ("strategies", "fill_values"),
    [
        (
            {
                "num": "median",
                "whole_num": "mean",
                "cat": "mode",
                "whole_cat": "mode",
                "when": "mode",
                "whole_when": "mode",
                "whole_flag": "mode",
            },
            None,
        ),
        ({"num": "bfill", "whole_num": "ffill", "cat": "ffill", "whole_cat": "bfill"}, None),
        ({"cat": "constant", "whole_cat": "constant", "whole_flag": "constant"}, {"cat": "?"}),
    ],
)
def test_a_step_applied_once_learns_only_what_its_own_rows_use(strategies, fill_values):
    """A step screen's frame (``apply_step``) is the recipe fit's, though only the
    columns with gaps and the constant fills have their value learned."""
    expected = MissingValueImputer(strategies, fill_values).fit_transform(gapped_and_whole())
    step = recipe_step("impute_missing", strategies=strategies, fill_values=fill_values or {})
    pd.testing.assert_frame_equal(apply_step(gapped_and_whole(), step), expected)
    once = MissingValueImputer(strategies, fill_values)
    once.transformed_once(gapped_and_whole())
    unlearned = {column for column, value in once.fill_values_.items() if value is None}
    assert unlearned == {
        column
        for column, strategy in strategies.items()
        if column.startswith("whole") and strategy != "constant"
    }


def test_a_step_applied_once_names_the_columns_its_frame_lacks():
    step = recipe_step("impute_missing", strategies={"num": "mean", "gone": "mode"})
    with pytest.raises(StepConfigError, match="Unknown columns: gone"):
        apply_step(gapped_and_whole(), step)


def test_a_recipe_fit_learns_the_values_its_later_rows_need():
    imputer = MissingValueImputer({"whole_num": "mean", "whole_cat": "mode"})
    imputer.fit(gapped_and_whole())
    later = gapped_and_whole().iloc[:1]
    later.loc[0, ["whole_num", "whole_cat"]] = [NAN, None]
    filled = imputer.transform(later).iloc[0]
    assert [filled["whole_num"], filled["whole_cat"]] == [4.5, "y"]


def test_pure_droppers_equal_their_estimators():
    pd.testing.assert_frame_equal(
        MissingColumnDropper(threshold=0.4).fit_transform(frame()),
        drop_missing_columns(frame(), 0.4),
    )
    kept, _ = MissingRowDropper(threshold=0.4).fit_resample(frame())
    pd.testing.assert_frame_equal(kept, drop_missing_rows(frame(), 0.4))


def test_text_filled_by_arrow_equals_pandas_fillna():
    chunks = [pa.array(["a", None, "b"]), pa.array([None, "c"]), pa.array([None], pa.string())]
    text = pd.Series(pd.array(pa.chunked_array(chunks), dtype="str"), index=[5, 4, 3, 2, 1, 0])
    for strategy, value in (("mode", "a"), ("constant", "unknown")):
        filled = impute_missing(text.to_frame("t"), {"t": strategy})["t"]
        assert filled.dtype == "str"
        pd.testing.assert_series_equal(filled, text.fillna(value), check_names=False)


@pytest.mark.parametrize(
    "values",
    [
        ["z", "y", "y", "z", None, None, None],
        ["b", None, "a", "c", "é", "é", "A"],
        [None, None],
        ["only"],
    ],
)
@pytest.mark.parametrize("dtype", ["str", "string[pyarrow]"])
def test_the_mode_of_text_arrow_holds_is_pandas_mode(values, dtype):
    column = pd.Series(values, dtype=dtype)
    modes = column.mode(dropna=True)
    assert mode_value(column) == (None if modes.empty else modes.iloc[0])
