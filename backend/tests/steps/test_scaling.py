import math

import numpy as np
import pandas as pd
import pytest
from sklearn.preprocessing import MinMaxScaler, RobustScaler, StandardScaler

from lathe.steps import scaling
from lathe.steps.errors import StepConfigError
from lathe.steps.scaling import (
    FeatureScaler,
    scale_features,
    scaling_candidates,
    scaling_steps,
)

NAN = math.nan


def frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "a": [1.0, 2.0, 3.0, 4.0, 100.0],
            "b": [2, 4, 6, 10, 10],
            "text": ["1", "2", " 3 ", "4", "x"],
            "words": ["1", "2", "3", "y", "x"],
            "flag": [True, False, True, False, True],
            "target": [0.5, 1.5, 2.5, 3.5, 4.5],
        }
    )


def scaled(column: str, method: str) -> list[float]:
    return scale_features(frame(), {column: method})[column].tolist()


def test_standard_uses_mean_and_population_deviation():
    # mean 22, deviation sqrt(mean of squared deviations) = sqrt(1522) ~ 39.01
    std = math.sqrt(((21**2) + (20**2) + (19**2) + (18**2) + (78**2)) / 5)
    expected = [(x - 22.0) / std for x in [1.0, 2.0, 3.0, 4.0, 100.0]]
    assert scaled("a", "standard") == pytest.approx(expected)


def test_minmax_maps_onto_zero_one():
    assert scaled("b", "minmax") == pytest.approx([0.0, 0.25, 0.5, 1.0, 1.0])


def test_robust_uses_median_and_interquartile_range():
    # median 3, Q1 2, Q3 4
    assert scaled("a", "robust") == pytest.approx([-1.0, -0.5, 0.0, 0.5, 48.5])


@pytest.mark.parametrize(
    ("method", "reference"),
    [("standard", StandardScaler), ("minmax", MinMaxScaler), ("robust", RobustScaler)],
)
def test_matches_sklearn(method, reference):
    rng = np.random.default_rng(1)
    values = pd.DataFrame({"x": rng.lognormal(size=200)})
    expected = reference().fit_transform(values[["x"]])[:, 0]
    assert scale_features(values, {"x": method})["x"].to_numpy() == pytest.approx(expected)


def test_missing_values_stay_missing_and_constant_columns_become_zero():
    values = pd.DataFrame({"x": [1.0, NAN, 3.0], "c": [5.0, 5.0, 5.0]})
    result = scale_features(values, {"x": "standard", "c": "standard"})
    assert result["x"].tolist()[0] == pytest.approx(-1.0)
    assert math.isnan(result["x"][1])
    assert result["c"].tolist() == [0.0, 0.0, 0.0]


def test_numeric_text_is_converted():
    # 4 of 5 values read as numbers: 1, 2, 3, 4 (mean 2.5, minimum 1, range 3)
    result = scale_features(frame(), {"text": "minmax"})["text"]
    assert result.tolist()[:4] == pytest.approx([0.0, 1 / 3, 2 / 3, 1.0])
    assert math.isnan(result[4])
    assert result.dtype == np.float64


def test_candidates():
    # words: 3 of 5 values (60 %) read as numbers; flag is boolean; target excluded
    assert scaling_candidates(frame(), "target") == ["a", "b", "text"]
    assert scaling_candidates(frame()) == ["a", "b", "text", "target"]


def test_empty_text_does_not_count_against_the_share():
    values = pd.DataFrame({"t": ["1", "", "  ", None, "2", "3", "4", "x"]})
    assert scaling_candidates(values) == ["t"]  # 4 of 5 non-empty values


@pytest.mark.parametrize("numbers", [0, 30, 39, 40, 41, 50])
@pytest.mark.parametrize("words_first", [True, False])
def test_text_counted_in_chunks_is_decided_as_its_whole_share(monkeypatch, numbers, words_first):
    monkeypatch.setattr(scaling, "TEXT_CHUNK_ROWS", 7)
    words = ["word"] * (50 - numbers) + ["", None] * 5
    values = words + [str(n) for n in range(numbers)]
    column = pd.Series(values if words_first else values[::-1], dtype="str")
    # 40 of 50 non-empty values is the 80 % share exactly
    assert scaling_candidates(pd.DataFrame({"t": column})) == (["t"] if numbers >= 40 else [])


def test_global_settings_scale_every_candidate_but_the_target():
    assert scaling_steps(frame(), method="robust", target_column="target") == [
        {"step": "scale", "params": {"methods": {"a": "robust", "b": "robust", "text": "robust"}}}
    ]


def test_column_settings_keep_their_methods():
    steps = scaling_steps(frame(), column_settings={"a": "minmax", "b": "standard"})
    assert steps[0]["params"]["methods"] == {"a": "minmax", "b": "standard"}


def test_refusals():
    with pytest.raises(StepConfigError) as refused:
        scaling_steps(frame(), column_settings={"words": "standard"})
    assert refused.value.code == "column_not_numeric"
    with pytest.raises(StepConfigError) as refused:
        scaling_steps(frame(), column_settings={"target": "standard"}, target_column="target")
    assert refused.value.code == "target_column_not_scaled"
    with pytest.raises(StepConfigError) as refused:
        scaling_steps(frame(), column_settings={"a": "log"})
    assert refused.value.code == "invalid_method"
    with pytest.raises(StepConfigError) as refused:
        scaling_steps(frame()[["words", "flag"]])
    assert refused.value.code == "no_numeric_columns"


def test_statistics_are_learned_at_fit():
    scaler = FeatureScaler(methods={"b": "minmax"}).fit(frame())
    later = frame().assign(b=[2, 6, 10, 18, 0])
    assert scaler.transform(later)["b"].tolist() == pytest.approx([0.0, 0.5, 1.0, 2.0, -0.25])


@pytest.mark.parametrize("method", ["standard", "minmax", "robust"])
def test_pure_function_equals_the_transformer(method):
    methods = {"a": method, "text": method}
    expected = scale_features(frame(), methods)
    pd.testing.assert_frame_equal(FeatureScaler(methods=methods).fit_transform(frame()), expected)
