"""Turn an uploaded file into a typed frame, whatever its format."""

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from lathe.io.delimited_reader import read_delimited
from lathe.io.excel_reader import read_workbook
from lathe.io.file_kind import FileKind, check_suffix, detect_kind
from lathe.io.text_format import text_start
from lathe.io.type_inference import infer_types


@dataclass
class ReadTable:
    frame: pd.DataFrame
    warnings: list[str] = field(default_factory=list)


def read_table(path: Path, filename: str) -> ReadTable:
    check_suffix(filename)
    start = text_start(path)
    with path.open("rb") as handle:
        handle.seek(start)
        kind = detect_kind(handle.read(4096))
    warnings: list[str] = []
    if kind is FileKind.TEXT:
        text = read_delimited(path, start)
        frame = infer_types(text.frame, decimal_comma=text.delimiter != ",")
        warnings.extend(text.warnings)
    else:
        frame = infer_types(read_workbook(path, kind is FileKind.XLSX))
    if len(frame) == 0:
        warnings.append("The file has a header but no data rows.")
    return ReadTable(frame, warnings)
