"""Messy data sets walked through the whole HTTP API: a slice of the matrix here, every
walk with ``LATHE_MATRIX=all`` (``make matrix`` prints the table)."""

from typing import get_args

import pytest
from fastapi.testclient import TestClient

from lathe.api.step_schemas import (
    CategoricalMissingStrategy,
    EncodingStrategy,
    NumericMissingStrategy,
    OutlierMethod,
    OutlierStrategy,
    ScalingMethod,
)
from tests.matrix.coverage import frames_of, sent_settings
from tests.matrix.messy_data import DATA_SETS
from tests.matrix.recipes import RECIPES
from tests.matrix.walks import ALL_WALKS, SLICE, VALIDATIONS, Walk, run_walk, selected_walks

pytestmark = pytest.mark.matrix


@pytest.mark.parametrize("walk", selected_walks(), ids=lambda walk: walk.name)
def test_walk_has_no_failure(client: TestClient, walk: Walk) -> None:
    report = run_walk(client, walk)
    if report.failures():
        pytest.fail(report.failure_message(), pytrace=False)


def test_recipes_send_every_strategy_of_every_step() -> None:
    sent = sent_settings(RECIPES, frames_of(DATA_SETS))
    assert sent == {
        "missing.strategy": set(get_args(NumericMissingStrategy)),
        "missing.cat_strategy": set(get_args(CategoricalMissingStrategy)),
        "missing.drop_strategy": {"rows", "columns", "none"},
        "missing.column_specific": {"yes"},
        "outliers.method": set(get_args(OutlierMethod)),
        "outliers.strategy": set(get_args(OutlierStrategy)),
        "outliers.column_specific": {"yes"},
        "encoding.strategy": set(get_args(EncodingStrategy)),
        "encoding.ordinal_off": {"yes"},
        "scaling.method": set(get_args(ScalingMethod)),
        "scaling.column_specific": {"yes"},
    }


def test_the_slice_has_every_data_set_and_both_validations() -> None:
    assert {walk.data_set.name for walk in SLICE} == {data.name for data in DATA_SETS}
    assert {walk.validation for walk in SLICE} == {None, *VALIDATIONS}
    assert {walk.recipe.name for walk in ALL_WALKS} == {recipe.name for recipe in RECIPES}
