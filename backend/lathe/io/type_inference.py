"""Give text and mixed columns the type their values share: boolean, datetime or number.

Dates that could be read either way (03/04/2024) are read day first, the order of the
languages Lathe speaks; a column is converted only when every value parses. Dates may
also name their month in English, short or long and in any case (Jun 12 1998, 12-JUN-1998,
Sept 3, 2001). A year and month alone (1949-01, 1949/01) is the first of the month. One
format is found on a sample and the whole column is parsed with it.

Amounts written as text become numbers when every value is one: a currency sign before or
after ($1,250.00, 1.250,00 €), a percent sign (12.5%, read as 12.5), thousands separators
(with a decimal comma, a point or a space: 1 250,00) and accounting negatives in
parentheses ((1,250.00) is -1250). In a file whose decimal separator is the point, some
value must carry a currency or percent sign, a thousands separator or parentheses: a text
column of bare digits (codes typed as text in a workbook, 00123) stays text; beside number
cells, numbers typed as text (12.50) are numbers. So do measures written with their unit
when every value has the same one (12 kg, 1,248 CC, 23.4 km/h): only the unit's name,
the same in every row, is lost.
"""

import re
from datetime import date, datetime

import numpy as np
import pandas as pd

BOOLEAN_WORDS = {"true": True, "false": False, "yes": True, "no": False}
DATETIME_FORMATS = (
    "ISO8601",
    "%d/%m/%Y",
    "%m/%d/%Y",
    "%d.%m.%Y",
    "%d-%m-%Y",
    "%Y/%m/%d",
    "%d/%m/%Y %H:%M",
    "%m/%d/%Y %H:%M",
    "%d.%m.%Y %H:%M",
    "%d/%m/%Y %H:%M:%S",
    "%m/%d/%Y %H:%M:%S",
    "%d.%m.%Y %H:%M:%S",
)
_MONTH_NAME_DATES = ("%b %d %Y", "%b %d, %Y", "%d %b %Y", "%d-%b-%Y", "%Y-%b-%d")
MONTH_NAME_FORMATS = (
    *(day + time for day in _MONTH_NAME_DATES for time in ("", " %H:%M", " %H:%M:%S")),
    "%b %Y",
)
CURRENCY_SIGNS = "$€£¥₹₺₽"
_LOOKS_LIKE_DATE = re.compile(r"^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|^\d{4}[-/]\d{1,2}$")
_LOOKS_LIKE_MONTH_NAME_DATE = re.compile(
    r"(?i)^(\d{1,4}[- ])?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[- ,]+\d"
)
# nine groups at most: a replacement refers to \1 to \9 only
_LONG_MONTH = (
    r"(?i)\b(?:(jan)uary|(feb)ruary|(mar)ch|(apr)il|(jun)e|(jul)y|(aug)ust|(sep)t(?:ember)?"
    r"|(oct|nov|dec)(?:ober|ember))\b"
)
_SAMPLE = 500
_UNIT = r"[^\W\d_]{1,12}(?:/[^\W\d_]{1,6})?"
_DATE_KINDS = {datetime, date, pd.Timestamp}
_NUMBER_KINDS = {int, float, np.int64, np.float64}


def infer_types(frame: pd.DataFrame, decimal_comma: bool = False) -> pd.DataFrame:
    """A frame whose text, mixed and empty columns carry their inferred types."""
    converted = {}
    for name in frame.columns:
        column = frame[name]
        if column.dtype == object or pd.api.types.is_string_dtype(column.dtype):
            converted[name] = _infer_column(column, decimal_comma)
    for name, column in converted.items():
        frame[name] = column
    return frame


def _infer_column(column: pd.Series, decimal_comma: bool) -> pd.Series:
    present = column.notna().to_numpy()
    if not present.any():
        return column.astype("float64")
    if column.dtype == object:
        native = _from_native_values(column, column[present])
        if native is not None:
            return native
        column = column.astype("str").where(present)
    # the first values that are present, without copying every one of them
    sample = column.iloc[np.flatnonzero(present)[:_SAMPLE]].astype(str).str.strip()
    for infer in (_as_boolean, _as_datetime):
        result = infer(column, sample)
        if result is not None:
            return result
    for as_numbers in (_as_amount, _as_measure):
        numbers = as_numbers(column, sample, decimal_comma)
        if numbers is not None:
            return numbers
    return column.astype("str")


def _from_native_values(column: pd.Series, values: pd.Series) -> pd.Series | None:
    """Spreadsheet cells arrive as Python numbers, booleans and datetimes mixed with text."""
    kinds = {type(value) for value in values}
    if kinds <= {bool, np.bool_}:
        return column.astype("boolean")
    if kinds <= {*_NUMBER_KINDS, str} and kinds & _NUMBER_KINDS:
        numbers = _numbers_beside_number_text(column)
        if numbers is None:
            return None
        if numbers.notna().all() and (numbers % 1 == 0).all():
            return numbers.astype("int64")
        return numbers.astype("float64")
    if kinds <= _DATE_KINDS:
        return pd.to_datetime(column)
    if kinds <= {*_DATE_KINDS, str} and kinds & _DATE_KINDS:
        return _dates_beside_date_text(column)
    return None


def _numbers_beside_number_text(column: pd.Series) -> pd.Series | None:
    """Number cells, maybe mixed with numbers typed as text (a spreadsheet's "number stored
    as text"), which must all read as plain numbers."""
    text = column.map(lambda value: value.strip() if isinstance(value, str) else value)
    numbers = pd.to_numeric(text, errors="coerce")
    return numbers if numbers.isna().sum() == column.isna().sum() else None


def _dates_beside_date_text(column: pd.Series) -> pd.Series | None:
    """Date cells mixed with dates typed as text, which must all read with one format."""
    is_text = column.map(lambda value: isinstance(value, str)).astype(bool)
    text = column[is_text].astype("str")
    parsed = _as_datetime(text, text.iloc[:_SAMPLE].str.strip())
    if parsed is None or isinstance(parsed.dtype, pd.DatetimeTZDtype):
        return None
    return pd.to_datetime(column.where(~is_text)).fillna(parsed)


def _as_boolean(column: pd.Series, sample: pd.Series) -> pd.Series | None:
    if not set(sample.str.lower().unique()) <= BOOLEAN_WORDS.keys():
        return None
    words = column.astype("str").str.strip().str.lower()
    mapped = words.map(BOOLEAN_WORDS)
    if mapped.isna().sum() != column.isna().sum():
        return None
    return mapped.astype("boolean")


def looks_like_date(text: str) -> bool:
    """Whether one value reads as a date, as a column of such values would."""
    value = pd.Series([text.strip()])
    return _as_datetime(value, value) is not None


def _parsed_dates(values: pd.Series, fmt: str) -> pd.Series:
    """`values` read with `fmt`; times with different UTC offsets (a summer-time change)
    are all converted to UTC."""
    try:
        return pd.to_datetime(values, format=fmt, errors="coerce")
    except ValueError:
        return pd.to_datetime(values, format=fmt, errors="coerce", utc=True)


def _as_datetime(column: pd.Series, sample: pd.Series) -> pd.Series | None:
    if sample.str.match(_LOOKS_LIKE_DATE).all():
        return _as_numeric_datetime(column, sample)
    if sample.str.match(_LOOKS_LIKE_MONTH_NAME_DATE).all():
        return _as_month_name_datetime(column, sample)
    return None


def _as_numeric_datetime(column: pd.Series, sample: pd.Series) -> pd.Series | None:
    for fmt in DATETIME_FORMATS:
        if _parsed_dates(sample, fmt).notna().all():
            parsed = _parsed_dates(column, fmt)
            if parsed.isna().sum() == column.isna().sum():
                return parsed
    return None


def _as_month_name_datetime(column: pd.Series, sample: pd.Series) -> pd.Series | None:
    sample = _abbreviated_months(sample)
    formats = (fmt for fmt in MONTH_NAME_FORMATS if _parsed_dates(sample, fmt).notna().all())
    fmt = next(formats, None)
    if fmt is None:
        return None
    parsed = _parsed_dates(_abbreviated_months(column), fmt)
    return parsed if parsed.isna().sum() == column.isna().sum() else None


def _abbreviated_months(values: pd.Series) -> pd.Series:
    """`values` with English month names cut to the three letters %b reads (Sept, June and
    JUNE become Sep, Jun and JUN), so one format reads a column whatever its spelling."""
    return values.str.replace(_LONG_MONTH, r"\1\2\3\4\5\6\7\8\9", regex=True)


def _separators(decimal_comma: bool) -> tuple[str, str]:
    """The characters that may group thousands (a character class's content) and the
    decimal separator (a pattern): with a decimal comma, a point or a space, the no-break
    spaces French and Russian write included."""
    return (".\u00a0\u202f ", ",") if decimal_comma else (",", r"\.")


def amount_pattern(decimal_comma: bool) -> re.Pattern[str]:
    """A number with thousands separators, a currency or percent sign and a sign or
    accounting parentheses, in a file with a decimal comma or a decimal point."""
    groups, decimal = _separators(decimal_comma)
    number = rf"(?:\d{{1,3}}(?:[{groups}]\d{{3}})+|\d+)(?:{decimal}\d+)?\s?[{CURRENCY_SIGNS}%]?"
    signed = rf"(?:[-+][{CURRENCY_SIGNS}]?|[{CURRENCY_SIGNS}][-+]?)?\s?{number}"
    return re.compile(rf"{signed}|\([{CURRENCY_SIGNS}]?\s?{number}\)")


def _as_amount(column: pd.Series, sample: pd.Series, decimal_comma: bool) -> pd.Series | None:
    pattern = amount_pattern(decimal_comma)
    if not sample.str.fullmatch(pattern).all():
        return None
    text = column.astype("str").str.strip()
    present = column.notna()
    if not text[present].str.fullmatch(pattern).all():
        return None
    groups, _ = _separators(decimal_comma)
    if not decimal_comma and not text[present].str.contains(f"[{CURRENCY_SIGNS}%({groups}]").any():
        return None
    digits = text.str.replace(f"[{CURRENCY_SIGNS}%()\\s{groups}]", "", regex=True)
    if decimal_comma:
        digits = digits.str.replace(",", ".", regex=False)
    numbers = pd.to_numeric(digits.where(present), errors="coerce")
    if numbers.isna().sum() != column.isna().sum():
        return None
    return numbers.where(~text.str.startswith("(", na=False), -numbers)


def written_number(text: str, decimal_comma: bool) -> bool:
    """Whether `text` is an amount or a measure, as a column of such values would read."""
    return any(
        pattern(decimal_comma).fullmatch(text.strip())
        for pattern in (amount_pattern, _measure_pattern)
    )


def _measure_pattern(decimal_comma: bool) -> re.Pattern[str]:
    """A number followed by a unit of letters, maybe per another (12 kg, 1,248 CC,
    23.4 km/h, 850 m²)."""
    groups, decimal = _separators(decimal_comma)
    number = rf"[-+]?(?:\d{{1,3}}(?:[{groups}]\d{{3}})+|\d+)(?:{decimal}\d+)?"
    return re.compile(rf"(?P<number>{number})\s?(?P<unit>{_UNIT})")


def _as_measure(column: pd.Series, sample: pd.Series, decimal_comma: bool) -> pd.Series | None:
    """Numbers when every value is one written with the same unit (kg and kgs, CC and cc
    are one unit), so nothing but the unit's name is lost."""
    pattern = _measure_pattern(decimal_comma)
    if not sample.str.fullmatch(pattern).all():
        return None
    present = column.notna()
    parts = column[present].astype("str").str.strip().str.extract(f"^{pattern.pattern}$")
    if parts["unit"].isna().any():
        return None
    if parts["unit"].str.lower().str.removesuffix("s").nunique() != 1:
        return None
    groups, _ = _separators(decimal_comma)
    digits = parts["number"].str.replace(f"[\\s{groups}]", "", regex=True)
    if decimal_comma:
        digits = digits.str.replace(",", ".", regex=False)
    numbers = pd.Series(np.nan, index=column.index)
    numbers[present] = pd.to_numeric(digits, errors="coerce")
    return numbers if numbers.isna().sum() == column.isna().sum() else None
