import math
import pickle

import numpy as np
import pandas as pd
import pytest
from sklearn.preprocessing import TargetEncoder

from lathe.steps.encoding import (
    CategoricalEncoder,
    Levels,
    binary_width,
    encode_categorical,
    encoded_by_auto,
    encoding_steps,
    learn_levels,
    unique_output_names,
)
from lathe.steps.errors import StepConfigError
from lathe.steps.recipe import replay

NAN = math.nan


def frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "id": [1, 2, 3, 4, 5],
            "color": ["red", "green", "blue", "green", None],
            "size": ["S", "M", "S", "M", "S"],
            "price": [1.0, 2.0, 3.0, 4.0, 5.0],
        }
    )


def encoded(strategy: str, **kwargs) -> pd.DataFrame:
    return encode_categorical(frame(), {"color": strategy}, **kwargs)


@pytest.mark.parametrize("strategy", ["label", "ordinal"])
def test_label_and_ordinal_number_the_sorted_levels_with_missing_last(strategy):
    result = encoded(strategy)
    # blue 0, green 1, red 2, missing 3
    assert result["color"].tolist() == [2, 1, 0, 1, 3]
    assert result["color"].dtype == np.int64
    assert list(result.columns) == ["id", "color", "size", "price"]


def test_onehot_replaces_the_column_in_place():
    result = encoded("onehot")
    assert list(result.columns) == [
        "id",
        "color_blue",
        "color_green",
        "color_red",
        "color_nan",
        "size",
        "price",
    ]
    assert result["color_blue"].tolist() == [0, 0, 1, 0, 0]
    assert result["color_green"].tolist() == [0, 1, 0, 1, 0]
    assert result["color_red"].tolist() == [1, 0, 0, 0, 0]
    assert result["color_nan"].tolist() == [0, 0, 0, 0, 1]
    assert result["color_red"].dtype == np.uint8


def test_binary_writes_level_numbers_in_bits():
    result = encoded("binary")
    # 4 levels numbered 1 to 4 (0 is for unknown): ceil(log2(5)) = 3 bits
    assert list(result.columns) == ["id", "color_bin0", "color_bin1", "color_bin2", "size", "price"]
    bits = result[["color_bin0", "color_bin1", "color_bin2"]].to_numpy().tolist()
    # red 3 = 011, green 2 = 010, blue 1 = 001, missing 4 = 100
    assert bits == [[0, 1, 1], [0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]


@pytest.mark.parametrize(
    ("levels", "width"), [(1, 1), (2, 2), (3, 2), (4, 3), (7, 3), (8, 4), (15, 4), (16, 5)]
)
def test_binary_width(levels, width):
    assert binary_width(levels) == width
    values = pd.DataFrame({"c": [f"v{i:02d}" for i in range(levels)]})
    assert encode_categorical(values, {"c": "binary"}).shape[1] == width


def unknown_frame() -> pd.DataFrame:
    return pd.DataFrame(
        {"id": [9, 9], "color": ["purple", "red"], "size": ["XL", "S"], "price": [0.0, 0.0]}
    )


def test_unknown_categories_at_transform():
    strategies = {"color": "label", "size": "onehot"}
    result = CategoricalEncoder(strategies=strategies).fit(frame()).transform(unknown_frame())
    assert result["color"].tolist() == [-1, 2]
    assert result["size_M"].tolist() == [0, 0]
    assert result["size_S"].tolist() == [0, 1]
    binary = CategoricalEncoder(strategies={"color": "binary"}).fit(frame())
    bits = binary.transform(unknown_frame())[["color_bin0", "color_bin1", "color_bin2"]]
    assert bits.to_numpy().tolist() == [[0, 0, 0], [0, 1, 1]]


def test_unknown_categories_can_become_missing_instead_of_minus_one():
    encoder = CategoricalEncoder(strategies={"color": "ordinal"}, unknown_as_missing=["color"])
    result = encoder.fit(frame()).transform(unknown_frame())["color"]
    assert result.dtype == np.float64
    assert result.isna().tolist() == [True, False]
    assert result[1] == 2.0


def test_missing_value_unseen_at_fit_is_an_unknown_category():
    encoder = CategoricalEncoder(strategies={"size": "label"}).fit(frame())
    later = frame().assign(size=pd.Series(["S", None, "M", "M", "M"], dtype="str"))
    assert encoder.transform(later)["size"].tolist() == [1, -1, 0, 0, 0]


def target_frame(n: int = 40, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "city": rng.choice(["a", "b", "c", "d"], size=n),
            "y": rng.normal(size=n),
        }
    )


def test_target_encoding_of_a_row_does_not_use_its_own_target():
    values = target_frame()
    encoded_rows = encode_categorical(values, {"city": "target"}, target_column="y")["city"]
    for row in (0, 7, 21):
        shifted = values["y"].to_numpy().copy()
        shifted[row] += 1000.0
        changed = values.assign(y=shifted)
        again = encode_categorical(changed, {"city": "target"}, target_column="y")["city"]
        assert again[row] == encoded_rows[row]
        assert not np.allclose(again.drop(index=row), encoded_rows.drop(index=row))


def test_target_encoding_transform_uses_all_fit_rows_and_the_mean_for_unknowns():
    values = target_frame()
    encoder = CategoricalEncoder(strategies={"city": "target"}, target_column="y").fit(values)
    codes = values["city"].map({"a": 0, "b": 1, "c": 2, "d": 3}).to_numpy().reshape(-1, 1)
    reference = TargetEncoder(target_type="continuous").fit(codes, values["y"])
    later = pd.DataFrame({"city": ["a", "zzz"], "y": [0.0, 0.0]})
    result = encoder.transform(later)["city"].tolist()
    assert result[0] == pytest.approx(reference.encodings_[0][0])
    assert result[1] == pytest.approx(values["y"].mean())
    # the cross-fitted rows differ from the encoding learned on all rows
    crossed = encoder.fit_transform(values)["city"]
    full = encoder.transform(values)["city"]
    assert not np.allclose(crossed, full)


def test_target_taken_from_y_when_the_frame_lacks_it():
    values = target_frame()
    from_column = encode_categorical(values, {"city": "target"}, target_column="y")
    encoder = CategoricalEncoder(strategies={"city": "target"}, target_column="y")
    from_y = encoder.fit_transform(values[["city"]], values["y"])
    assert from_y["city"].tolist() == from_column["city"].tolist()


def test_multiclass_target_gives_a_column_per_class():
    values = pd.DataFrame({"c": list("abab" * 5), "y": list("xyzx" * 5)})
    steps = encoding_steps(values, default_strategy="target", target_column="y")
    assert steps[0]["params"]["target_type"] == "multiclass"
    result = encode_categorical(values, **steps[0]["params"])
    # not c_x, c_y, c_z: those read as one-hot dummies of levels x, y, z
    per_class = ["c (target=x)", "c (target=y)", "c (target=z)"]
    assert list(result.columns) == [*per_class, "y"]
    probabilities = result[per_class].to_numpy()
    assert ((probabilities >= 0) & (probabilities <= 1)).all()
    assert result["y"].tolist() == values["y"].tolist()


def test_binary_target_type():
    values = pd.DataFrame({"c": list("abcab" * 4), "y": ["no", "yes"] * 10})
    steps = encoding_steps(values, default_strategy="target", target_column="y")
    assert steps[0]["params"]["target_type"] == "binary"
    result = encode_categorical(values, **steps[0]["params"])
    assert list(result.columns) == ["c", "y"]
    assert result["c"].between(0, 1).all()


def test_target_strategy_needs_a_target_column():
    with pytest.raises(StepConfigError) as refused:
        encoding_steps(frame(), default_strategy="target")
    assert refused.value.message == "Please select a target column for Target strategy."
    assert refused.value.code == "target_column_required"
    with pytest.raises(StepConfigError, match=r"^Please select a target column for Target"):
        CategoricalEncoder(strategies={"color": "target"}).fit(frame())


def test_column_target_strategy_needs_a_target_column():
    with pytest.raises(StepConfigError) as refused:
        encoding_steps(frame(), column_settings=[{"column": "color", "strategy": "target"}])
    assert refused.value.message == (
        "Target strategy selected for a column. Please set a Target Column above."
    )


def test_rows_without_a_target_are_left_out_of_the_fit_and_encoded_like_new_rows():
    values = target_frame()
    values.loc[[3, 7, 9], "y"] = [NAN, NAN, math.inf]
    encoded = encode_categorical(values, {"city": "target"}, target_column="y")["city"]
    known = values.drop(index=[3, 7, 9])
    assert encoded.drop(index=[3, 7, 9]).tolist() == pytest.approx(
        encode_categorical(known, {"city": "target"}, target_column="y")["city"].tolist()
    )
    fitted = CategoricalEncoder(strategies={"city": "target"}, target_column="y").fit(known)
    assert encoded.loc[[3, 7, 9]].tolist() == pytest.approx(
        fitted.transform(values.loc[[3, 7, 9]])["city"].tolist()
    )


def test_target_column_is_never_encoded():
    values = frame().assign(label=["x", "y", "x", "y", "x"])
    steps = encoding_steps(values, default_strategy="label", target_column="label")
    assert steps[0]["params"]["strategies"] == {"color": "label", "size": "label"}
    with pytest.raises(StepConfigError) as refused:
        encoding_steps(
            values,
            target_column="label",
            column_settings=[{"column": "label", "strategy": "onehot"}],
        )
    assert refused.value.code == "target_column_not_encoded"


def test_only_categorical_columns_are_encoded():
    values = frame().assign(
        flag=[True, False, True, False, True],
        when=pd.to_datetime(["2024-01-01"] * 5),
    )
    steps = encoding_steps(values, default_strategy="onehot")
    assert list(steps[0]["params"]["strategies"]) == ["color", "size"]
    with pytest.raises(StepConfigError) as refused:
        encoding_steps(values, column_settings=[{"column": "price", "strategy": "label"}])
    assert refused.value.code == "column_not_categorical"


def test_auto_drops_id_like_columns_before_encoding():
    values = pd.DataFrame(
        {
            "ticket": [f"T-{i:03d}" for i in range(50)],
            "name": [f"n{i}" for i in range(49)] + ["n0"],
            "port": ["S", "C", "Q", "S", "X"] * 10,
            "code": [f"c{i % 20}" for i in range(50)],
        }
    )
    steps = encoding_steps(values, max_categories=10)
    assert steps[0] == {"step": "drop_columns", "params": {"columns": ["ticket", "name"]}}
    assert steps[1]["params"]["strategies"] == {"port": "onehot", "code": "ordinal"}
    encoded = replay(values, steps)
    assert "ticket" not in encoded.columns and "name" not in encoded.columns
    chosen = encoding_steps(values, column_settings=[{"column": "ticket", "strategy": "ordinal"}])
    assert [step["step"] for step in chosen] == ["encode"]


def test_nothing_to_encode_gives_no_step():
    assert encoding_steps(frame()[["id", "price"]]) == []


def test_auto_picks_by_level_count():
    values = pd.DataFrame(
        {
            "two": ["a", "b"] * 6,
            "three": ["a", "b", "c"] * 4,
            "many": [f"v{i % 6}" for i in range(12)],
            "y": [float(i) for i in range(12)],
        }
    )
    without_target = encoding_steps(values, max_categories=3)[0]["params"]["strategies"]
    assert without_target == {"two": "label", "three": "onehot", "many": "ordinal"}
    with_target = encoding_steps(values, max_categories=3, target_column="y")[0]["params"]
    assert with_target["strategies"] == {"two": "label", "three": "onehot", "many": "target"}
    assert with_target["target_type"] == "continuous"
    fewer = encoding_steps(values, max_categories=2)[0]["params"]["strategies"]
    assert fewer["three"] == "ordinal"


@pytest.mark.parametrize("strategy", ["auto", "onehot"])
def test_max_categories_must_be_at_least_two(strategy):
    with pytest.raises(StepConfigError) as refused:
        encoding_steps(frame(), default_strategy=strategy, max_categories=1)
    assert refused.value.code == "max_categories_too_small"


def test_ordinal_flag_off_makes_unknowns_missing():
    steps = encoding_steps(
        frame(),
        column_settings=[
            {"column": "color", "strategy": "ordinal", "ordinal": False},
            {"column": "size", "strategy": "label", "ordinal": True},
        ],
    )
    assert steps == [
        {
            "step": "encode",
            "params": {
                "strategies": {"color": "ordinal", "size": "label"},
                "target_column": None,
                "target_type": "auto",
                "unknown_as_missing": ["color"],
                "levels": {
                    "color": {"values": ["blue", "green", "red"], "has_missing": True},
                    "size": {"values": ["M", "S"], "has_missing": False},
                },
            },
        }
    ]


def test_levels_are_compared_as_text():
    values = pd.Series(pd.array([True, False, None], dtype="boolean"), dtype=object)
    assert learn_levels(values) == (("False", "True"), True, ())


def test_feature_names_out_match_the_output_and_pandas_output_works():
    strategies = {"color": "onehot", "size": "binary"}
    encoder = CategoricalEncoder(strategies=strategies).set_output(transform="pandas")
    result = encoder.fit_transform(frame())
    assert list(result.columns) == encoder.get_feature_names_out().tolist()
    assert list(encoder.transform(frame()).columns) == list(result.columns)


@pytest.mark.parametrize("strategy", ["label", "onehot", "ordinal", "binary", "target"])
def test_pure_function_equals_the_transformer(strategy):
    values = target_frame()
    expected = encode_categorical(values, {"city": strategy}, target_column="y")
    encoder = CategoricalEncoder(strategies={"city": strategy}, target_column="y")
    pd.testing.assert_frame_equal(encoder.fit_transform(values), expected)


def test_onehot_of_too_many_categories_is_refused_for_the_column_and_auto_encoded_globally():
    values = pd.DataFrame({"id": [f"row{i}" for i in range(201)], "kind": ["a", "b", "c"] * 67})
    with pytest.raises(StepConfigError) as refused:
        encoding_steps(values, column_settings=[{"column": "id", "strategy": "onehot"}])
    assert refused.value.code == "too_many_categories_for_onehot"
    steps = encoding_steps(values, default_strategy="onehot")
    assert steps[0]["params"]["strategies"] == {"id": "ordinal", "kind": "onehot"}
    assert steps[0]["encoded_by_auto"] == {"id": "ordinal"}
    assert encoded_by_auto(steps) == {"id": "ordinal"}
    assert encoded_by_auto(encoding_steps(values, max_categories=300)) == {}
    assert encoding_steps(values.iloc[:200], default_strategy="onehot")[0]["params"][
        "strategies"
    ] == {"id": "onehot", "kind": "onehot"}


def test_global_strategies_never_take_date_columns():
    values = pd.DataFrame(
        {
            "day": pd.date_range("1998-06-12", periods=400, freq="D"),
            "kind": ["a", "b", "c", "d"] * 100,
        }
    )
    for strategy in ("onehot", "label", "binary", "auto"):
        (step,) = encoding_steps(values, default_strategy=strategy)
        assert list(step["params"]["strategies"]) == ["kind"]


def test_outputs_never_take_another_columns_name():
    levels = {"a": Levels(("b", "c"), False), "a_b": Levels(("x", "y"), False)}
    levels["x"] = Levels(("p", "q", "r"), False)
    outputs = unique_output_names(
        ["a", "a_b", "a_c", "x", "x_bin0"],
        {"a": "onehot", "a_b": "label", "x": "binary"},
        levels,
        (),
    )
    # a_b keeps its name as it is label-encoded; a_c is a column of the file
    assert outputs == {
        "a": ("a_b_2", "a_c_2"),
        "a_b": ("a_b",),
        "x": ("x_bin0_2", "x_bin1"),
    }


def test_an_encoder_pickled_before_the_package_split_still_loads():
    values = target_frame()
    encoder = CategoricalEncoder(strategies={"city": "target"}, target_column="y").fit(values)
    stream = pickle.dumps(encoder, protocol=0)
    for module in (b"encoder", b"levels", b"target_encoding"):
        stream = stream.replace(
            b"clathe.steps.encoding." + module + b"\n", b"clathe.steps.encoding\n"
        )
    assert b"clathe.steps.encoding\nCategoricalEncoder\n" in stream
    old = pickle.loads(stream)
    assert old.transform(values).equals(encoder.transform(values))
