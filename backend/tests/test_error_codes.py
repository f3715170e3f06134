"""Every code an error answer carries is a member of the catalogue, `ErrorCode`: a code
written as text where a refusal is raised, or built from a name the catalogue lacks,
fails here (the interface's test then checks each member's translations)."""

import ast
import importlib
import inspect
import pkgutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import lathe
from lathe.errors import ErrorCode, LatheError

SOURCE = Path(lathe.__file__).parent
SOURCES = [SOURCE, SOURCE.parent.parent / "bench"]

for module in pkgutil.walk_packages(lathe.__path__, "lathe."):
    importlib.import_module(module.name)


def _subclasses(cls: type[LatheError]) -> Iterator[type[LatheError]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _code_position(function: Callable[..., object]) -> int | None:
    """Where `function` (a class: its constructor) takes a `code`, if it does."""
    names = list(inspect.signature(function).parameters)
    return names.index("code") if "code" in names else None


def code_takers() -> dict[str, int]:
    """The name of every refusal class and function of Lathe that takes a code, with the
    position of its `code` argument."""
    classes: list[type[LatheError]] = [LatheError, *_subclasses(LatheError)]
    takers = {cls.__name__: _code_position(cls) for cls in classes}
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("lathe."):
            for name, function in vars(module).items():
                if inspect.isfunction(function) and function.__module__ == module.__name__:
                    takers[name] = _code_position(function)
    return {name: at for name, at in takers.items() if at is not None}


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _nodes(roots: list[Path]) -> Iterator[tuple[str, ast.AST]]:
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            if any(part.startswith(".") for part in path.relative_to(root).parts):
                continue  # a venv a bench target made
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                yield f"{path.name}:{getattr(node, 'lineno', 0)}", node


def _calls(roots: list[Path]) -> Iterator[tuple[str, ast.Call]]:
    for where, node in _nodes(roots):
        if isinstance(node, ast.Call):
            yield where, node


def written_codes(roots: list[Path], takers: dict[str, int]) -> list[str]:
    """Every code passed as text (a literal or an f-string) to a refusal, where it stands.
    A refusal class's own ``super().__init__`` passes its code like ``LatheError``."""
    found = []
    for where, call in _calls(roots):
        name = _callee(call)
        at = 1 if name == "__init__" else takers.get(name or "")
        if at is None:
            continue
        given = call.args[at] if len(call.args) > at else None
        given = next((kw.value for kw in call.keywords if kw.arg == "code"), given)
        if isinstance(given, ast.Constant | ast.JoinedStr):
            found.append(f"{where} {ast.unparse(given)}")
    return found


def _literal_arguments(callee: str, position: int) -> set[str]:
    found = set()
    for _, call in _calls(SOURCES):
        given = call.args[position] if len(call.args) > position else None
        if _callee(call) == callee and isinstance(given, ast.Constant):
            found.add(str(given.value))
    return found


BUILT_CODES = {
    "invalid_{setting}": {
        f"invalid_{setting}" for setting in _literal_arguments("check_choice", 2)
    },
    "data_changed_during_{self.task}": {
        f"data_changed_during_{task}" for task in _literal_arguments("JobKind", 0)
    },
}
"""Codes made from a name at run time: each pattern, and the codes it makes from the names
the source gives it (check_choice's settings, the job kinds' tasks)."""


def test_every_refusal_names_its_code_from_the_catalogue() -> None:
    assert {"LatheError", "UnreadableFileError", "check_range", "refused_rows"} <= set(
        code_takers()
    )
    assert written_codes(SOURCES, code_takers()) == []


def test_a_code_written_as_text_is_found(tmp_path: Path) -> None:
    (tmp_path / "refusal.py").write_text(
        'raise LatheError("Nope.", "new_code")\n'
        'check_range(1, 0, 0, "Size", code=f"{kind}_out_of_range")\n'
        'raise LatheError("Fine.", ErrorCode.NO_DATASET)\n'
    )
    assert written_codes([tmp_path], code_takers()) == [
        "refusal.py:1 'new_code'",
        "refusal.py:2 f'{kind}_out_of_range'",
    ]


def test_codes_are_built_only_by_the_known_patterns() -> None:
    built = {
        ast.unparse(call.args[0])[2:-1]
        for _, call in _calls(SOURCES)
        if _callee(call) == "ErrorCode" and not isinstance(call.args[0], ast.Constant)
    }
    assert built == set(BUILT_CODES)


@pytest.mark.parametrize("code", sorted(set().union(*BUILT_CODES.values())))
def test_every_built_code_is_in_the_catalogue(code: str) -> None:
    assert code in set(ErrorCode)


def test_every_code_of_the_catalogue_is_raised() -> None:
    named = {
        node.attr
        for _, node in _nodes(SOURCES)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "ErrorCode"
    }
    built = set().union(*BUILT_CODES.values())
    assert sorted(code for code in ErrorCode if code.name not in named and code not in built) == []
