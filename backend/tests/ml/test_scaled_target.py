"""SVR learns the target standardized, so that its settings (the tube width ``epsilon``
and the penalty ``C``) mean the same whatever the target's units."""

import pickle

import numpy as np
import pandas as pd
from sklearn.compose import TransformedTargetRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVR

from lathe.ml.catalog import ENTRIES
from lathe.ml.model_step import ModelStep
from lathe.ml.pipeline import model_step, training_pipeline


def prices(rows: int, seed: int) -> tuple[pd.DataFrame, pd.Series]:
    """Two features and a price in the thousands that rises with the first."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"size": rng.normal(size=rows), "age": rng.normal(size=rows)})
    price = 2_000.0 + 600.0 * frame["size"] - 150.0 * frame["age"] ** 2
    return frame, price + rng.normal(scale=100.0, size=rows)


def test_only_svr_learns_a_standardized_target():
    scaled = {entry.name for entry in ENTRIES.values() if entry.scaled_target}
    assert scaled == {"SVR"}


def test_svr_predicts_as_sklearns_standardized_target_regressor():
    frame, price = prices(300, seed=0)
    new_rows, _ = prices(100, seed=1)
    pipeline = training_pipeline([], ENTRIES["SVR"], "price").fit(frame, price)
    # the catalogue's SVR standardizes its input too (``scaled_input``)
    inputs = StandardScaler().fit(frame)
    reference = TransformedTargetRegressor(regressor=SVR(), transformer=StandardScaler())
    reference.fit(inputs.transform(frame), price)
    np.testing.assert_allclose(
        pipeline.predict(new_rows), reference.predict(inputs.transform(new_rows)), rtol=1e-9
    )


def test_svr_defaults_mean_the_same_in_any_unit():
    frame, price = prices(300, seed=0)
    new_rows, truth = prices(100, seed=1)
    in_units = training_pipeline([], ENTRIES["SVR"], "price").fit(frame, price)
    in_thousands = training_pipeline([], ENTRIES["SVR"], "price").fit(frame, price / 1_000)
    np.testing.assert_allclose(
        in_thousands.predict(new_rows) * 1_000, in_units.predict(new_rows), rtol=1e-6
    )
    # an SVR on the price as it is barely leaves the median (epsilon 0.1 of a price in
    # the thousands, penalty 1): its error is near the price's own spread
    error = np.sqrt(np.mean((in_units.predict(new_rows) - truth) ** 2))
    assert error < 0.5 * truth.std()


def test_a_constant_target_is_predicted_as_itself():
    frame, _ = prices(50, seed=0)
    pipeline = training_pipeline([], ENTRIES["SVR"], "price").fit(frame, pd.Series(7.0, range(50)))
    assert model_step(pipeline).target_scale_ == 1.0
    np.testing.assert_allclose(pipeline.predict(frame), 7.0)


def test_a_model_stored_before_the_setting_loads_with_it_off():
    frame, price = prices(100, seed=0)
    step = ModelStep(SVR(), "regression").fit(frame, price)
    del step.scaled_target
    loaded = pickle.loads(pickle.dumps(step))
    assert loaded.get_params()["scaled_target"] is False
    assert "SVR()" in repr(loaded)
    np.testing.assert_array_equal(loaded.predict(frame), step.predict(frame))
