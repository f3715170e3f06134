"""Fit one peer AutoML tool on a data set's 80 % and score it on the 20 % (bench venv).

`python peer_run.py flaml|autogluon SET_DIR BUDGET RESULT_JSON`; the wall seconds cover
the fit and the prediction.
"""

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pandas as pd
from data_sets import BY_NAME, DataSet
from held_out import score, write_result

Peer = Callable[[DataSet, pd.DataFrame, pd.DataFrame, int], pd.Series]


def flaml(data_set: DataSet, train: pd.DataFrame, test: pd.DataFrame, budget: int) -> pd.Series:
    from flaml import AutoML

    regression = data_set.task == "regression"
    automl = AutoML()
    automl.fit(
        train.drop(columns=[data_set.target]),
        train[data_set.target],
        task="regression" if regression else "classification",
        time_budget=budget,
        metric="r2" if regression else "accuracy",
        seed=0,
        verbose=0,
    )
    return pd.Series(automl.predict(test))


def autogluon(data_set: DataSet, train: pd.DataFrame, test: pd.DataFrame, budget: int) -> pd.Series:
    from autogluon.tabular import TabularPredictor

    with tempfile.TemporaryDirectory(prefix="autogluon-") as models:
        predictor = TabularPredictor(
            label=data_set.target,
            problem_type=data_set.task,
            eval_metric="r2" if data_set.task == "regression" else "accuracy",
            path=models,
            verbosity=0,
        )
        predictor.fit(train, time_limit=budget, presets="medium_quality")
        return pd.Series(predictor.predict(test))


PEERS: dict[str, Peer] = {"flaml": flaml, "autogluon": autogluon}


def main() -> None:
    tool, folder, budget, result = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    data_set = BY_NAME[folder.name]
    train = pd.read_csv(folder / "train.csv")
    test = pd.read_csv(folder / "test.csv")
    features = test.drop(columns=[data_set.target])
    started = time.monotonic()
    predicted = PEERS[tool](data_set, train, features, budget)
    seconds = time.monotonic() - started
    metric = score(data_set.task, test[data_set.target], predicted)
    write_result(Path(result), metric, seconds)


if __name__ == "__main__":
    main()
