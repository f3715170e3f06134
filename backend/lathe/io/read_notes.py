"""What a reader says of how it read a file: a code and its values, which the interface
words in the person's language, and the same in English for the API."""

from dataclasses import dataclass, field

NoteValue = str | int


@dataclass(frozen=True)
class ReadNote:
    code: str
    text: str
    params: dict[str, NoteValue] = field(default_factory=dict)


def lines_above_table(lines: list[str]) -> list[ReadNote]:
    """The non-blank `lines` passed over above the header row, if any."""
    above = [line.strip() for line in lines if line.strip()]
    if not above:
        return []
    first = above[0][:80]
    text = (
        f'1 line above the header row was not part of the table and was skipped: "{first}".'
        if len(above) == 1
        else f"{len(above)} lines above the header row were not part of the table and were "
        f'skipped (the first: "{first}").'
    )
    return [ReadNote("lines_above_table", text, {"count": len(above), "first": first})]


def no_header_row(columns: int) -> ReadNote:
    return ReadNote(
        "no_header_row",
        "The first row holds values rather than column names, so it was read as a row and "
        f"the columns were named col_1 to col_{columns}.",
        {"count": columns},
    )


def repeated_header_rows(count: int) -> ReadNote:
    text = (
        "1 row repeated the header row and was skipped."
        if count == 1
        else f"{count} rows repeated the header row and were skipped."
    )
    return ReadNote("repeated_header_rows", text, {"count": count})


def ragged_rows(rows: list[str]) -> ReadNote:
    example = rows[0][:80]
    text = (
        "1 row had a different number of fields than the header and was skipped"
        if len(rows) == 1
        else f"{len(rows)} rows had a different number of fields than the header and were skipped"
    )
    return ReadNote(
        "ragged_rows",
        f'{text} (for example "{example}").',
        {"count": len(rows), "example": example},
    )


def sheet_read(sheet: str) -> ReadNote:
    return ReadNote(
        "sheet_read",
        f'The sheet "{sheet}" was read: the sheets before it hold no table.',
        {"sheet": sheet},
    )


NO_DATA_ROWS = ReadNote("no_data_rows", "The file has a header but no data rows.")
