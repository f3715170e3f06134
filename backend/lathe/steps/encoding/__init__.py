"""Step 5, encoding: categorical columns turned into numbers.

Only categorical columns are encoded (text, ``category``, ``object``: not numeric,
boolean or datetime), and never the target column. Values are compared as text, and a
column's levels are its distinct values in sorted (code point) order. A missing value is a
level of its own, after the others and named ``nan``, when the fit rows have one.

Strategies, each replacing the column in place by its outputs:

- ``label`` and ``ordinal``: the level's position (0, 1, ...; ``int64``). An unknown
  category (not seen at fit) is -1, or missing (``float64`` column) for a column whose
  ``ordinal`` flag was switched off in the column settings.
- ``onehot``: one ``uint8`` column ``<col>_<level>`` per level; an unknown category is all
  zeros.
- ``binary``: levels numbered 1, 2, ... written in ``ceil(log2(levels + 1))`` bits,
  ``<col>_bin0`` (most significant) to ``<col>_bin<k>`` (``uint8``); an unknown category
  is all zeros (number 0 is kept for it).
- ``target``: sklearn's ``TargetEncoder`` arithmetic (smoothing ``auto``; ``MeanEncoder``
  computes the same numbers faster), fitted on the target. The
  target type is ``continuous`` for a numeric target with more than two values,
  ``binary`` for two values, ``multiclass`` otherwise; a multiclass target gives one column
  ``<col> (target=<class>)`` per class (not ``<col>_<class>``, which reads as a one-hot
  dummy), the others one column named like the input. A class target
  is encoded as sklearn encodes it, one-vs-rest: each output column is the encoding of
  one class's indicator (the second class for a binary target), so a class absent from the
  fit rows still has its column (all zeros). ``fit_transform`` cross-fits (5 shuffled
  folds, seed 0, stratified by class for a class target, fewer when rows are few): each
  row is encoded by a model that did not see that row's target. ``transform`` uses the
  encoding learned from all fit rows; an unknown category gets the target's mean. The
  target comes from ``target_column`` when the frame has it, else from ``y``; rows
  without a target value are left out of the fit and encoded like new rows.

The output schema is fixed when the step is recorded (``encoding_steps``): the levels of
each encoded column (``levels``) and the classes of a class target (``target_classes``)
are learned on the whole frame then and kept in the step's params. Refitted on any subset
of rows, the step gives the same columns; a recorded level absent from the subset is
encoded as an unseen category (``Levels.absent``). Statistics (target means) are learned on
the fit rows only.

``auto`` (resolved per column when the settings are applied, from the levels of the
current frame, missing not counted): at most 2 levels: ``label``; at most
``max_categories``: ``onehot``; more: ``target`` when a target column is chosen, else
``ordinal``. A column with more than ``max_categories`` levels and a distinct value in
at least 98 % of the rows (SPEC §5's id-like rule) identifies rows rather than
describing them: global ``auto`` drops it (a ``drop_columns`` step before the encoding)
instead of encoding it. One-hot encoding of a column with more than 200 levels is refused (a
million-row frame would grow by a column per level).
"""

# Kept models and exported files pickle the step as ``lathe.steps.encoding.CategoricalEncoder``,
# with its ``Encoding``, ``Levels`` and ``TargetEncoding``: those names stay here so files
# written before the package split still load.
from lathe.steps.encoding.encoder import (
    CategoricalEncoder,
    Encoding,
    encode_categorical,
    unique_output_names,
)
from lathe.steps.encoding.levels import Levels, binary_width, learn_levels, level_codes
from lathe.steps.encoding.screen_settings import (
    DEFAULT_MAX_CATEGORIES,
    MIN_MAX_CATEGORIES,
    ColumnEncodingSetting,
    encoded_by_auto,
    encoding_steps,
)
from lathe.steps.encoding.target_encoding import TargetEncoding

__all__ = [
    "DEFAULT_MAX_CATEGORIES",
    "MIN_MAX_CATEGORIES",
    "CategoricalEncoder",
    "ColumnEncodingSetting",
    "Encoding",
    "Levels",
    "TargetEncoding",
    "binary_width",
    "encode_categorical",
    "encoded_by_auto",
    "encoding_steps",
    "learn_levels",
    "level_codes",
    "unique_output_names",
]
