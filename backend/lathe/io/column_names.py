"""Column names that are never blank and never repeated."""

from collections.abc import Iterable


def normalize_headers(raw: Iterable[object]) -> list[str]:
    """Blank names become col_<position> (1-based); a repeated name gets _2, _3, ... ."""
    names = [cell_text(value) or generated_name(position) for position, value in enumerate(raw, 1)]
    taken: set[str] = set()
    unique: list[str] = []
    for name in names:
        candidate, suffix = name, 2
        while candidate in taken:
            candidate, suffix = f"{name}_{suffix}", suffix + 1
        taken.add(candidate)
        unique.append(candidate)
    return unique


def generated_name(position: int) -> str:
    """The name of the column at `position` (1-based) that has none."""
    return f"col_{position}"


def generated_names(count: int) -> list[str]:
    return [generated_name(position) for position in range(1, count + 1)]


def cell_text(value: object) -> str:
    """A header cell as text: trimmed, blank when missing, a whole float without ".0"."""
    if value is None or (isinstance(value, float) and value != value):
        return ""
    text = str(value).strip()
    if isinstance(value, float) and value.is_integer():
        text = str(int(value))
    return text
