"""The calendar parts of a date column (``lathe.ml.date_parts``) from its seconds since
1970, in the graph.

ONNX has no calendar, so the civil date comes from the day number by the proleptic
Gregorian arithmetic of 400-year eras (H. Hinnant's ``civil_from_days``), in doubles: every
value is a whole number far below 2**53, where division is correctly rounded and ``Floor``
is exact. A missing date (NaN) makes every part NaN.
"""

from __future__ import annotations

from collections.abc import Iterable

from onnx import TensorProto

from lathe.ml.onnx_export.graph_builder import GraphBuilder

SECONDS_PER_DAY = 86_400
DAYS_PER_ERA = 146_097
DAYS_BEFORE_EPOCH = 719_468  # from 0000-03-01, the first day of the eras, to 1970-01-01


class _Arithmetic:
    def __init__(self, graph: GraphBuilder, hint: str) -> None:
        self.graph, self.hint = graph, hint

    def _op(self, op_type: str, *inputs: str) -> str:
        return self.graph.op(op_type, list(inputs), self.hint)

    def const(self, value: float) -> str:
        return self.graph.double(value)

    def add(self, *terms: str) -> str:
        total = terms[0]
        for term in terms[1:]:
            total = self._op("Add", total, term)
        return total

    def sub(self, left: str, right: str) -> str:
        return self._op("Sub", left, right)

    def times(self, value: str, factor: float) -> str:
        return self._op("Mul", value, self.const(factor))

    def floor_div(self, value: str, divisor: float) -> str:
        return self._op("Floor", self._op("Div", value, self.const(divisor)))

    def modulo(self, value: str, divisor: float) -> str:
        return self.sub(value, self.times(self.floor_div(value, divisor), divisor))

    def is_less(self, value: str, bound: float) -> str:
        flags = self._op("Less", value, self.const(bound))
        return self.graph.op("Cast", [flags], self.hint, to=TensorProto.DOUBLE)

    def where_less(self, value: str, bound: float, then: str, otherwise: str) -> str:
        flags = self._op("Less", value, self.const(bound))
        return self._op("Where", flags, then, otherwise)


def _days_before_year(calc: _Arithmetic, year: str) -> str:
    """Days from 1970-01-01 to 1 January of `year` (``days_from_civil(year, 1, 1)``)."""
    shifted = calc.sub(year, calc.const(1))  # January belongs to the previous March year
    era = calc.floor_div(shifted, 400)
    year_of_era = calc.sub(shifted, calc.times(era, 400))
    day_of_era = calc.add(
        calc.times(year_of_era, 365),
        calc.floor_div(year_of_era, 4),
        calc.times(calc.floor_div(year_of_era, 100), -1),
        calc.const(306),  # March to January
    )
    return calc.add(calc.times(era, DAYS_PER_ERA), day_of_era, calc.const(-DAYS_BEFORE_EPOCH))


def date_part_tensors(
    graph: GraphBuilder, seconds: str, parts: Iterable[str], hint: str
) -> dict[str, str]:
    """The double tensor of each of `parts` of the dates whose seconds are `seconds`."""
    calc = _Arithmetic(graph, hint)
    days = calc.floor_div(seconds, SECONDS_PER_DAY)
    shifted = calc.add(days, calc.const(DAYS_BEFORE_EPOCH))
    era = calc.floor_div(shifted, DAYS_PER_ERA)
    day_of_era = calc.sub(shifted, calc.times(era, DAYS_PER_ERA))
    year_of_era = calc.floor_div(
        calc.add(
            day_of_era,
            calc.times(calc.floor_div(day_of_era, 1460), -1),
            calc.floor_div(day_of_era, 36524),
            calc.times(calc.floor_div(day_of_era, DAYS_PER_ERA - 1), -1),
        ),
        365,
    )
    day_of_march_year = calc.sub(
        day_of_era,
        calc.add(
            calc.times(year_of_era, 365),
            calc.floor_div(year_of_era, 4),
            calc.times(calc.floor_div(year_of_era, 100), -1),
        ),
    )
    month_from_march = calc.floor_div(
        calc.add(calc.times(day_of_march_year, 5), calc.const(2)), 153
    )
    day = calc.add(
        calc.sub(
            day_of_march_year,
            calc.floor_div(calc.add(calc.times(month_from_march, 153), calc.const(2)), 5),
        ),
        calc.const(1),
    )
    month = calc.where_less(
        month_from_march,
        10,
        calc.add(month_from_march, calc.const(3)),
        calc.add(month_from_march, calc.const(-9)),
    )
    year = calc.add(year_of_era, calc.times(era, 400), calc.is_less(month, 3))
    second_of_day = calc.sub(seconds, calc.times(days, SECONDS_PER_DAY))
    hour = calc.floor_div(second_of_day, 3600)
    values = {
        "year": lambda: year,
        "month": lambda: month,
        "day": lambda: day,
        "day_of_week": lambda: calc.modulo(
            calc.add(days, calc.const(3)), 7
        ),  # 1970-01-01 was a Thursday
        "day_of_year": lambda: calc.add(
            calc.sub(days, _days_before_year(calc, year)), calc.const(1)
        ),
        "hour": lambda: hour,
        "minute": lambda: calc.floor_div(calc.sub(second_of_day, calc.times(hour, 3600)), 60),
    }
    return {part: values[part]() for part in parts}
