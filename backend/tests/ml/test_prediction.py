import warnings

import numpy as np
import pandas as pd
import pytest
from threadpoolctl import threadpool_info

from lathe.errors import LatheError
from lathe.io.table_download import csv_batches
from lathe.ml.catalog import ENTRIES
from lathe.ml.pipeline import training_pipeline
from lathe.ml.prediction import (
    predict_file,
    prediction_frame,
    with_training_types,
    write_predictions,
)
from lathe.steps.recipe_step import RecipeStep


def test_columns_read_as_text_take_their_training_kind():
    frame = pd.DataFrame(
        {
            "amount": pd.Series(["1.5", "2", None], dtype="str"),
            "member": pd.Series(["Yes", "false", None], dtype="str"),
            "day": pd.Series(["03/04/2024", "2024-05-01", None], dtype="str"),
            "code": pd.Series([1, 2, 3]),
        }
    )
    dtypes = {
        "amount": np.dtype("float64"),
        "member": pd.BooleanDtype(),
        "day": np.dtype("datetime64[ns]"),
        "code": pd.StringDtype(na_value=np.nan),
    }
    converted = with_training_types(frame, dtypes)
    assert converted["amount"].tolist()[:2] == [1.5, 2.0]
    assert converted["member"].tolist()[:2] == [True, False]
    assert converted["day"].iloc[0] == pd.Timestamp("2024-04-03")
    assert converted["code"].tolist() == ["1", "2", "3"]
    assert converted.isna().sum().tolist() == [1, 1, 1, 0]


def test_a_value_that_cannot_take_the_training_kind_is_refused():
    frame = pd.DataFrame({"member": pd.Series(["yes", "perhaps"], dtype="str")})
    with pytest.raises(LatheError) as refused:
        with_training_types(frame, {"member": pd.BooleanDtype()})
    assert refused.value.code == "column_type_changed"
    assert refused.value.params == {"column": "member", "kind": "boolean", "value": "perhaps"}


def fitted_regressor(target="y"):
    frame = pd.DataFrame({"x": np.arange(20.0), target: np.arange(20.0) * 2})
    pipeline = training_pipeline([], ENTRIES["LinearRegression"], target)
    return pipeline.fit(frame[["x"]], frame[target])


def test_a_regressor_adds_the_prediction_only():
    result = prediction_frame(fitted_regressor(), pd.DataFrame({"x": [30.0, 31.0]}))
    assert list(result.columns) == ["x", "prediction"]
    np.testing.assert_allclose(result["prediction"], [60.0, 62.0])


def test_rows_are_predicted_in_chunks_the_progress_reported_before_each():
    frame = pd.DataFrame({"x": np.arange(25.0)})
    reports = []
    chunked = prediction_frame(
        fitted_regressor(), frame, progress=lambda *report: reports.append(report), chunk_rows=10
    )
    pd.testing.assert_frame_equal(chunked, prediction_frame(fitted_regressor(), frame))
    assert reports == [
        (0, 25, "Predicting rows"),
        (10, 25, "Predicting rows"),
        (20, 25, "Predicting rows"),
    ]


def test_a_column_named_prediction_is_kept():
    result = prediction_frame(
        fitted_regressor("prediction"), pd.DataFrame({"x": [1.0], "prediction": [9.0]})
    )
    assert list(result.columns) == ["x", "prediction", "prediction_"]


def test_a_file_without_rows_gives_an_empty_prediction_column():
    result = prediction_frame(fitted_regressor(), pd.DataFrame({"x": pd.Series(dtype=float)}))
    assert list(result.columns) == ["x", "prediction"]
    assert result.empty


def test_infinities_in_new_rows_are_predicted_as_missing_values():
    new = pd.DataFrame({"x": [1.0, np.inf, -np.inf, np.nan]})
    predicted = prediction_frame(fitted_regressor(), new)["prediction"]
    np.testing.assert_allclose(predicted, [2.0, 19.0, 19.0, 19.0])


def test_rows_the_model_cannot_take_are_refused_with_the_reason():
    frame = pd.DataFrame({"x": np.arange(20.0), "y": np.arange(20.0) * 2})
    tree = training_pipeline([], ENTRIES["DecisionTreeRegressor"], "y")
    tree.fit(frame[["x"]], frame["y"])
    with pytest.raises(LatheError) as refused:
        prediction_frame(tree, pd.DataFrame({"x": [1.0, 1e300]}))
    assert refused.value.code == "prediction_failed"
    assert "too large for dtype('float32')" in refused.value.message


def test_a_constant_filled_flag_takes_new_missing_values():
    frame = pd.DataFrame({"x": np.arange(20.0), "member": [True, False] * 10})
    frame["y"] = frame["x"] * 2 + frame["member"]
    steps: list[RecipeStep] = [
        {"step": "impute_missing", "params": {"strategies": {"member": "constant"}}}
    ]
    pipeline = training_pipeline(steps, ENTRIES["LinearRegression"], "y")
    pipeline.fit(frame[["x", "member"]], frame["y"])
    new = pd.DataFrame({"x": [1.0, 2.0], "member": pd.Series([None, True], dtype="boolean")})
    assert len(prediction_frame(pipeline, new)) == 2


def test_text_dates_in_another_spelling_take_the_training_kind():
    frame = pd.DataFrame(
        {"day": pd.Series(["2024-05-01", "12 Jun 1998", "03/04/2024", "Sept 3, 2001", None])}
    )
    converted = with_training_types(frame, {"day": np.dtype("datetime64[us]")})
    assert converted["day"].tolist()[:4] == [
        pd.Timestamp("2024-05-01"),
        pd.Timestamp("1998-06-12"),
        pd.Timestamp("2024-04-03"),
        pd.Timestamp("2001-09-03"),
    ]
    assert pd.isna(converted["day"].iloc[4])


def fitted_on_dates():
    frame = pd.DataFrame(
        {"day": pd.date_range("1998-01-01", periods=20, freq="7D"), "x": np.arange(20.0)}
    )
    target = frame["x"] * 2 + (frame["day"] - pd.Timestamp("1998-01-01")).dt.days
    return training_pipeline([], ENTRIES["LinearRegression"], "y").fit(frame, target)


@pytest.mark.parametrize(
    "days",
    [
        ["Jan 1 1998", "Jan 8 1998", "FEB 5 1998"],
        ["January 1, 1998", "January 8, 1998", "February 5, 1998"],
        ["01-Jan-1998", "08-jan-1998", "05-Feb-1998"],
        ["1 Jan 1998 00:00", "8 Jan 1998 00:00", "5 Feb 1998 00:00"],
        ["1 January 1998", "1998-01-08", "05/02/1998"],
    ],
)
def test_a_file_with_month_name_dates_is_predicted(tmp_path, days):
    path = tmp_path / "new.csv"
    rows = "".join(f'"{day}",{x}\n' for day, x in zip(days, [0.0, 1.0, 5.0], strict=True))
    path.write_text("day,x\n" + rows)
    result = predict_file(fitted_on_dates(), path)
    np.testing.assert_allclose(result["prediction"], [0.0, 9.0, 45.0], atol=1e-6)


def test_a_classifier_on_a_wide_frame_adds_its_columns_without_fragmenting_it():
    # A column a block, as a file is read.
    columns = [pd.Series(np.arange(60.0) % (at + 3), name=f"x{at}") for at in range(120)]
    frame = pd.concat([*columns, pd.Series(0.0, index=range(60), name="probability_b")], axis=1)
    assert frame._mgr.nblocks > 100
    labels = np.array(list("abcdef") * 10)
    pipeline = training_pipeline([], ENTRIES["GaussianNB"], "y").fit(frame, labels)
    with warnings.catch_warnings():
        warnings.simplefilter("error", pd.errors.PerformanceWarning)
        result = prediction_frame(pipeline, frame)
    added = list(result.columns[len(frame.columns) :])
    assert added == [
        "prediction",
        "probability_a",
        "probability_b_",
        "probability_c",
        "probability_d",
        "probability_e",
        "probability_f",
    ]
    assert (result["probability_b"] == 0.0).all()
    np.testing.assert_allclose(result[added[1:]].sum(axis=1), 1.0)


def test_predictions_written_while_the_next_chunk_is_predicted_are_the_whole_frames_csv(
    tmp_path,
):
    rows = 14
    frame = pd.DataFrame(
        {
            "x": np.arange(rows, dtype=float),
            "colour": pd.Series(["=red", "blue", None, "green"] * 3 + ["red", "blue"]),
            "seen": pd.date_range("2024-02-27", periods=rows, freq="D"),
            "member": pd.Series([True, False, None, True] * 3 + [False, True], dtype="boolean"),
            "prediction": np.arange(rows) * 0.5,
            "probability_a": ["kept", "also"] * (rows // 2),
        }
    )
    target = pd.Series(["a", "b"] * (rows // 2))
    pipeline = training_pipeline([], ENTRIES["LogisticRegression"], "label")
    pipeline.fit(frame, target)
    reports = []
    written = tmp_path / "predictions.csv"
    write_predictions(
        pipeline, frame, written, progress=lambda *report: reports.append(report), chunk_rows=4
    )
    whole = b"".join(csv_batches(prediction_frame(pipeline, frame)))
    assert written.read_bytes() == whole
    assert whole.splitlines()[0] == (
        b"x,colour,seen,member,prediction,probability_a,prediction_,probability_a_,probability_b"
    )
    assert b"'=red" in whole
    assert reports == [
        (0, rows, "Predicting rows"),
        (4, rows, "Predicting rows"),
        (8, rows, "Predicting rows"),
        (12, rows, "Predicting rows"),
        (rows, rows, "Writing the predictions"),
    ]


def _library_threads() -> set[int]:
    return {pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"}


def test_the_models_libraries_predict_on_one_thread_beside_the_writer(tmp_path):
    """The writer takes the other core: on two threads BLAS spent twice the processor
    time for no faster a prediction."""
    if max(_library_threads(), default=1) < 2:
        pytest.skip("BLAS runs on one thread here anyway")
    frame = pd.DataFrame({"x": np.arange(40.0), "z": np.arange(40.0) % 7})
    pipeline = training_pipeline([], ENTRIES["LogisticRegression"], "label")
    pipeline.fit(frame, pd.Series(["a", "b"] * 20))
    while_predicting: list[set[int]] = []
    write_predictions(
        pipeline,
        frame,
        tmp_path / "predictions.csv",
        progress=lambda *_: while_predicting.append(_library_threads()),
        chunk_rows=10,
    )
    assert while_predicting and all(threads == {1} for threads in while_predicting)
    assert max(_library_threads()) >= 2
