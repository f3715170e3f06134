"""Every metric Lathe reports, declared once: its problem type, which direction is better,
how SPEC §9 colours it, and the order screens list it in. The interface reads this table
from `GET /api/metric-catalog/` instead of keeping lists of its own."""

from dataclasses import dataclass
from typing import Literal

from lathe.ml.problem import ProblemType

Direction = Literal["higher", "lower", "none"]


@dataclass(frozen=True)
class Metric:
    name: str
    problem_type: ProblemType
    direction: Direction
    # SPEC §9's colours: (green from, yellow from) for higher-is-better metrics on a 0–1
    # scale, (green below, yellow below) for the others; None leaves the value uncoloured
    tone_bounds: tuple[float, float] | None
    # a count (clusters, rows in a cluster): a whole value is shown without decimals
    whole_number: bool = False
    # may be chosen as the primary metric, the one that names the best model
    rankable: bool = False
    # in the data's units: coloured by the model's value over the baseline's, which is
    # what tone_bounds then bound
    baseline_relative: bool = False


SHARE = (0.8, 0.6)
ERROR = (0.1, 0.3)

# SPEC §3's order
METRICS: tuple[Metric, ...] = (
    Metric("accuracy", "classification", "higher", SHARE, rankable=True),
    Metric("balanced_accuracy", "classification", "higher", SHARE, rankable=True),
    Metric("precision", "classification", "higher", SHARE),
    Metric("recall", "classification", "higher", SHARE),
    Metric("f1", "classification", "higher", SHARE),
    Metric("f1_macro", "classification", "higher", SHARE, rankable=True),
    Metric("roc_auc", "classification", "higher", SHARE, rankable=True),
    Metric("pr_auc", "classification", "higher", SHARE),
    Metric("log_loss", "classification", "lower", ERROR, rankable=True),
    Metric("mcc", "classification", "higher", SHARE, rankable=True),
    Metric("r2", "regression", "higher", SHARE, rankable=True),
    Metric("rmse", "regression", "lower", ERROR, rankable=True, baseline_relative=True),
    Metric("mae", "regression", "lower", ERROR, rankable=True, baseline_relative=True),
    Metric("mse", "regression", "lower", ERROR, baseline_relative=True),
    Metric("mape", "regression", "lower", ERROR, rankable=True),
    Metric("explained_variance", "regression", "higher", SHARE),
    Metric("silhouette_score", "clustering", "higher", SHARE, rankable=True),
    # unbounded: no colour says what a good value is
    Metric("calinski_harabasz", "clustering", "higher", None, rankable=True),
    Metric("davies_bouldin", "clustering", "lower", (0.8, 1.5), rankable=True),
    Metric("inertia", "clustering", "lower", ERROR, baseline_relative=True),
    Metric("n_clusters", "clustering", "none", None, whole_number=True),
    Metric("min_cluster_size", "clustering", "none", None, whole_number=True),
    Metric("max_cluster_size", "clustering", "none", None, whole_number=True),
    Metric("avg_cluster_size", "clustering", "none", None, whole_number=True),
    Metric("noise_ratio", "clustering", "lower", (0.05, 0.15)),
)
BY_NAME = {metric.name: metric for metric in METRICS}

# SPEC §9: the metric each problem type ranks its models by unless the person chooses
# another rankable one
PRIMARY_METRIC: dict[ProblemType, str] = {
    "classification": "accuracy",
    "regression": "r2",
    "clustering": "silhouette_score",
}
