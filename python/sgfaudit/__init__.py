"""Audit Go (weiqi, baduk) game records from Python.

Every game is replayed under the Chinese Weiqi Rules (2002): illegal moves and repeated
positions are reported with file, line and column, the final position is counted and
``RE[]`` is checked. The work is done by the same Rust library as the ``sgfaudit``
command line, on its thread pool, without holding the GIL; the results are the command
line's, record for record:

- :func:`audit` streams one ``dict`` per game, the ``data`` of the ``game`` records of
  ``sgfaudit audit --json``;
- :func:`audit_text` and :func:`audit_bytes` audit one SGF text held in memory;
- :func:`games_frame` gives one row per game (pandas, polars or arrow), the columns and
  types of ``sgfaudit audit --format csv``;
- :mod:`sgfaudit.dask` spreads a collection over a Dask cluster, by byte ranges.
"""

from __future__ import annotations

import io
import json
import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from . import _native

__all__ = [
    "Report",
    "audit",
    "audit_text",
    "audit_bytes",
    "games_frame",
    "OPTIONS",
    "GAME_COLUMNS",
    "FINDING_COLUMNS",
]

__version__ = _native.VERSION

#: The options :func:`audit` and the others take by name: those of ``sgfaudit audit``,
#: with ``_`` for ``-`` (``max_findings_per_game`` is ``--max-findings-per-game``).
OPTIONS: List[str] = list(_native.option_names())

#: The columns of ``--format csv`` and their types (``int``, ``float``, ``str``); an
#: ``int`` column holds no value on the row of an input that could not be read.
GAME_COLUMNS: Dict[str, type] = {
    "path": str, "game": int, "line": int, "column": int, "status": str,
    "width": int, "height": int, "rules": str, "rules_from": str, "komi": float,
    "handicap": int, "black": str, "white": str, "result": str, "encoding": str,
    "moves": int, "ended_by": str, "counting": str, "computed": str, "margin": float,
    "difference": float, "verdict": str, "reason": str, "confidence": float,
    "assumed": str, "errors": int, "warnings": int, "infos": int, "codes": str,
    "message": str, "date": str, "event": str, "place": str, "black_rank": str,
    "white_rank": str, "application": str,
}  # fmt: skip

#: The columns of ``--format findings-csv`` and their types.
FINDING_COLUMNS: Dict[str, type] = {
    "path": str, "game": int, "status": str, "code": str, "severity": str,
    "move": int, "color": str, "point": str, "vertex": str, "line": int,
    "column": int, "article": int, "first_seen": int, "cycle_length": int,
    "message": str, "variation": str, "fixable": str,
}  # fmt: skip

Paths = Union[str, os.PathLike, Sequence[Union[str, os.PathLike]]]

_GAME = b'{"type":"game","data":'
_ERROR = b'{"type":"error","data":'
_SUMMARY = b'{"type":"summary","data":'

_OPTIONS_DOC = """
Options (those of ``sgfaudit audit``, by name; see ``sgfaudit audit --help``):

- ``rules``: ``auto`` (RU[], else chinese), ``chinese``, ``chinese-positional``,
  ``tromp-taylor``, ``aga``, ``nz``, ``japanese``, ``korean``, ``territory``;
- ``superko``: ``situational``, ``positional``, ``simple``;
- ``komi``: a number, overrides KM[];
- ``dead``: ``auto``, ``markup``, ``estimate``, ``none``;
- ``strict``: True to stop replaying a game at its first illegal move;
- ``main_line``: True to replay only the main line (side variations are then only
  format-checked); each finding's ``variation`` names the side variation it is in
  (``"1.0"``), ``None`` on the main line;
- ``judge``: a Go engine's command line (GTP), e.g. ``"gnugo --mode gtp
  --chinese-rules"``, asked for the dead stones when the estimate leaves a counted
  result without ``agrees``; ``judge_timeout``: the most seconds it is waited for on
  one position (default 60); a ``KeyboardInterrupt`` kills the engines answering;
- ``select``, ``ignore``: lists of finding codes;
- ``min_severity``: ``info``, ``warning``, ``error``;
- ``max_findings_per_game``: an int;
- ``fail_on``: list of statuses, severities or codes (counted in the summary's
  ``failing``);
- ``jobs``: worker threads (default: all cores);
- ``shard``: ``"K/N"``, only the games of shard K of N (any N: a shard past the
  games is empty);
- ``config``: a ``sgfaudit.toml`` to read; ``no_config``: True to read none (by
  default the nearest ``sgfaudit.toml``, as the command line does; its ``quiet``, a
  matter of the command line's display, does not apply: every game is returned).

An unknown name raises ``TypeError``; a bad value ``ValueError`` with the command
line's message.
"""


def _paths(paths: Paths) -> List[str]:
    """The paths as the native part takes them; none, or an empty one, is a ValueError
    (the command line reads the current folder when given none: Python names it, ".")."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    out = [os.fsdecode(os.fspath(p)) for p in paths]
    if not out:
        raise ValueError("no paths given: name the files, folders or archives to audit "
                         "('.' for the current folder)")
    for number, path in enumerate(out):
        if not path:
            where = "" if len(out) == 1 else f" (paths[{number}])"
            raise ValueError(f"an empty path ''{where} names no file or folder")
    return out


def _name(name: Any) -> str:
    """The ``name`` of :func:`audit_text` and :func:`audit_bytes`, checked."""
    if isinstance(name, os.PathLike):
        name = os.fspath(name)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if not isinstance(name, str):
        raise TypeError(f"name must be a str (the path the games report), "
                        f"not {type(name).__name__}")
    if not name:
        raise ValueError("name must not be empty: it is the path the games report")
    return name


def _options(options: Dict[str, Any]) -> list:
    """Options by name as the native part takes them: (name, switch, text, list)."""
    out = []
    for name, value in options.items():
        if value is None:
            continue
        if isinstance(value, bool):
            out.append((name, value, None, None))
        elif isinstance(value, (list, tuple, set, frozenset)):
            out.append((name, None, None, [str(v) for v in value]))
        elif isinstance(value, os.PathLike):
            out.append((name, None, os.fsdecode(os.fspath(value)), None))
        else:
            out.append((name, None, str(value), None))
    return out


class Report:
    """The games of a run, one ``dict`` each as they are audited.

    Iterate it once; then :attr:`errors` holds the ``data`` of the ``error`` records
    (inputs that could not be read: ``path``, ``message``) and :attr:`summary` the
    ``data`` of the ``summary`` record. Memory stays flat whatever the size of the input:
    games are handed over as they are audited.
    """

    def __init__(self, run: "_native.Run"):
        self._run = run
        self._iterated = False
        self.errors: List[Dict[str, Any]] = []
        self.summary: Optional[Dict[str, Any]] = None

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        if self._iterated:
            raise RuntimeError("a Report is iterated once; call audit() again")
        self._iterated = True
        return self._games()

    def _games(self) -> Iterator[Dict[str, Any]]:
        run = self._run
        try:
            while True:
                lines = run.next_lines()
                if lines is None:
                    return
                for line in lines.splitlines():
                    if line.startswith(_GAME):
                        yield json.loads(line[len(_GAME) : -1])
                    elif line.startswith(_ERROR):
                        self.errors.append(json.loads(line[len(_ERROR) : -1]))
                    elif line.startswith(_SUMMARY):
                        self.summary = json.loads(line[len(_SUMMARY) : -1])
        finally:
            run.close()

    def close(self) -> None:
        """Stops the run: the games not read yet are not audited."""
        self._run.close()


def audit(paths: Paths, **options: Any) -> Report:
    """Audits files, folders and archives; iterate the :class:`Report` for the games.

    Each game is a ``dict``, exactly the ``data`` of the ``game`` record that
    ``sgfaudit audit --json`` prints for the same input and options, in the same order.
    ``paths`` is one path or a list of them; none, or an empty one, raises ``ValueError``.
    """
    return Report(_native.start(_paths(paths), _options(options), "jsonl"))


audit.__doc__ = (audit.__doc__ or "") + _OPTIONS_DOC


def _games_of_text(name: Any, data: bytes, options: Dict[str, Any]) -> List[Dict[str, Any]]:
    name = _name(name)
    run = _native.start([name], _options(options), "jsonl", text=(name, data))
    return list(Report(run))


def audit_text(text: str, name: str = "<text>", **options: Any) -> List[Dict[str, Any]]:
    """The game dicts of one SGF text (a collection of any number of games).

    ``name`` is the ``path`` the games report.
    """
    return _games_of_text(name, text.encode("utf-8"), options)


def audit_bytes(data: bytes, name: str = "<bytes>", **options: Any) -> List[Dict[str, Any]]:
    """The game dicts of one SGF file's bytes, decoded by ``CA[]`` as the command line
    decodes a file (GB18030, Shift_JIS, EUC-KR, ... or detected when ``CA[]`` is wrong).
    """
    return _games_of_text(name, bytes(data), options)


audit_text.__doc__ = (audit_text.__doc__ or "") + _OPTIONS_DOC
audit_bytes.__doc__ = (audit_bytes.__doc__ or "") + _OPTIONS_DOC


def _read_all(run: "_native.Run") -> bytes:
    out = io.BytesIO()
    try:
        while True:
            lines = run.next_lines()
            if lines is None:
                return out.getvalue()
            out.write(lines)
    finally:
        run.close()


def _frame(data: bytes, columns: Dict[str, type], backend: str):
    """A CSV report as a frame of ``backend``, each column of its declared type."""
    if backend == "pandas":
        import pandas as pd

        kinds = {int: "Int64", float: "float64", str: "object"}
        frame = pd.read_csv(
            io.BytesIO(data),
            dtype={c: kinds[t] for c, t in columns.items()},
            keep_default_na=False,
            na_values={c: [""] for c, t in columns.items() if t is not str},
        )
        return frame
    if backend == "polars":
        import polars as pl

        kinds = {int: pl.Int64, float: pl.Float64, str: pl.Utf8}
        return pl.read_csv(
            data, schema={c: kinds[t] for c, t in columns.items()}
        )
    if backend == "arrow":
        import pyarrow as pa
        import pyarrow.csv as pacsv

        kinds = {int: pa.int64(), float: pa.float64(), str: pa.string()}
        return pacsv.read_csv(
            io.BytesIO(data),
            convert_options=pacsv.ConvertOptions(
                column_types={c: kinds[t] for c, t in columns.items()},
                strings_can_be_null=False,
            ),
        )
    raise ValueError(f"backend must be 'pandas', 'polars' or 'arrow', not {backend!r}")


def games_frame(paths: Paths, backend: str = "pandas", **options: Any):
    """One row per game, the columns and types of ``sgfaudit audit --format csv``
    (:data:`GAME_COLUMNS`), as a pandas or polars ``DataFrame`` or an arrow ``Table``.

    An input that could not be read is a row with status ``error`` and the message in
    ``message``, as in the command line's CSV.
    """
    if backend not in ("pandas", "polars", "arrow"):
        raise ValueError(f"backend must be 'pandas', 'polars' or 'arrow', not {backend!r}")
    run = _native.start(_paths(paths), _options(options), "csv")
    return _frame(_read_all(run), GAME_COLUMNS, backend)


games_frame.__doc__ = (games_frame.__doc__ or "") + _OPTIONS_DOC
