import numpy as np

from lathe.ml.sampling import stratified_sample, uniform_sample


def test_uniform_sample_is_sorted_distinct_and_reproducible():
    rows = uniform_sample(1000, 50)
    assert len(set(rows)) == 50 and list(rows) == sorted(rows)
    assert (rows == uniform_sample(1000, 50)).all()
    assert list(uniform_sample(3, 50)) == [0, 1, 2]


def test_stratified_sample_keeps_shares_and_rare_classes():
    labels = np.array(["a"] * 900 + ["b"] * 99 + ["c"])
    rows = stratified_sample(labels, 100)
    counts = dict(zip(*np.unique(labels[rows], return_counts=True), strict=True))
    assert counts == {"a": 90, "b": 10, "c": 1}
    assert list(rows) == sorted(rows)
