"""The package's implementation; :mod:`sgfaudit` exports its public names (see there)."""

from __future__ import annotations

import errno
import io
import json
import os
import sys
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    Iterator,
    List,
    Literal,
    Optional,
    Sequence,
    Tuple,
    TypedDict,
    Union,
)

from . import _native

if TYPE_CHECKING:
    from types import TracebackType

    from typing_extensions import Unpack

#: A rule set (``--rules``): ``auto`` reads ``RU[]`` and falls back to ``chinese``.
Rules = Literal["auto", "chinese", "chinese-positional", "tromp-taylor", "aga", "nz",
                "japanese", "korean", "territory"]
#: The repetition rule (``--superko``), overriding the rule set's.
Superko = Literal["situational", "positional", "simple"]
#: Where dead stones come from (``--dead``).
DeadFrom = Literal["auto", "markup", "estimate", "none"]
Severity = Literal["info", "warning", "error"]
Status = Literal["ok", "illegal", "mismatch", "error"]
Verdict = Literal["agrees", "disagrees", "unverifiable", "not-counted"]
Backend = Literal["pandas", "polars", "arrow"]
#: What a path that does not exist does: ``raise`` a :class:`FileNotFoundError` before
#: anything is audited, or ``report`` it as the command line does (an ``error`` record in
#: :attr:`Report.errors`, a row with status ``error`` in a frame).
Errors = Literal["raise", "report"]

PathLike = Union[str, "os.PathLike[str]"]
Paths = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]


class Options(TypedDict, total=False):
    """The options of :func:`audit` and the others, by name: those of ``sgfaudit audit``,
    with ``_`` for ``-``."""

    rules: Rules
    superko: Superko
    komi: float
    dead: DeadFrom
    strict: bool
    main_line: bool
    judge: str
    judge_timeout: float
    select: Sequence[str]
    ignore: Sequence[str]
    min_severity: Severity
    max_findings_per_game: int
    fail_on: Sequence[str]
    exit_zero: bool
    duplicates: bool
    config: Union[str, "os.PathLike[str]", bool]
    no_config: bool
    jobs: int
    shard: str
    follow: bool
    exclude: Sequence[str]


class Finding(TypedDict):
    """A finding of a game (``game["findings"]``)."""

    code: str
    severity: Severity
    move: Optional[int]
    color: Optional[str]
    point: Optional[str]
    vertex: Optional[str]
    line: int
    column: int
    article: Optional[int]
    message: str
    first_seen: Optional[int]
    cycle_length: Optional[int]
    variation: Optional[str]
    fixable: bool
    after_void: Optional[int]


class DeadStones(TypedDict):
    black: List[str]
    white: List[str]
    uncertain: List[str]
    seki: List[str]


class Territory(TypedDict):
    black_territory: int
    white_territory: int
    black_prisoners: int
    white_prisoners: int
    seki_points: int
    komi: float
    margin: float
    result: str


class Score(TypedDict):
    """The count of the final position (``game["score"]``)."""

    dead_from: str
    dead: DeadStones
    black: float
    white: float
    komi: float
    handicap_bonus: float
    margin: float
    result: str
    stones: str
    counting: str
    territory: Optional[Territory]


class Check(TypedDict):
    """``RE[]`` against the count (``game["check"]``)."""

    recorded: Optional[str]
    computed: Optional[str]
    verdict: Verdict
    reason: Optional[str]
    #: The reason's stable name (``"open-board"``, ``"disagrees"``…); None exactly when
    #: ``reason`` is.
    reason_code: Optional[str]
    difference: Optional[float]
    confidence: Optional[float]
    assumed: Optional[str]


class Game(TypedDict):
    """One game: the ``data`` of a ``game`` record of ``sgfaudit audit --json``."""

    path: str
    game: int
    line: int
    column: int
    status: Status
    size: Optional[List[int]]
    rules: str
    rules_from: str
    rules_raw: Optional[str]
    komi: float
    komi_raw: Optional[str]
    handicap: int
    black: Optional[str]
    white: Optional[str]
    result: Optional[str]
    encoding: str
    moves: int
    ended_by: str
    findings: List[Finding]
    findings_omitted: int
    score: Optional[Score]
    check: Check
    date: Optional[str]
    event: Optional[str]
    place: Optional[str]
    black_rank: Optional[str]
    white_rank: Optional[str]
    application: Optional[str]


class Unreadable(TypedDict):
    """An input that could not be read (:attr:`Report.errors`)."""

    path: str
    message: str


class Summary(TypedDict):
    """The counts of a run (:attr:`Report.summary`)."""

    files: int
    games: int
    moves: int
    by_status: Dict[str, int]
    by_code: Dict[str, int]
    by_severity: Dict[str, int]
    failing: int
    unreadable: int
    fixable: int
    fixable_on_request: int
    fixed: int
    files_fixed: int
    elapsed_ms: int
    games_per_second: float


#: The options :func:`audit` and the others take by name: those of ``sgfaudit audit``,
#: with ``_`` for ``-`` (``max_findings_per_game`` is ``--max-findings-per-game``).
OPTIONS: List[str] = list(_native.option_names())

#: The columns of ``--format csv`` (:func:`games_frame`) and their types (``int``,
#: ``float``, ``str``); an ``int`` column holds no value on the row of an input that could
#: not be read.
GAME_COLUMNS: Dict[str, type] = {
    "path": str, "game": int, "line": int, "column": int, "status": str,
    "width": int, "height": int, "rules": str, "rules_from": str, "komi": float,
    "handicap": int, "black": str, "white": str, "result": str, "encoding": str,
    "moves": int, "ended_by": str, "counting": str, "computed": str, "margin": float,
    "difference": float, "verdict": str, "reason": str, "confidence": float,
    "assumed": str, "errors": int, "warnings": int, "infos": int, "codes": str,
    "message": str, "date": str, "event": str, "place": str, "black_rank": str,
    "white_rank": str, "application": str, "reason_code": str,
}  # fmt: skip

#: The columns of ``--format findings-csv`` (:func:`findings_frame`) and their types.
FINDING_COLUMNS: Dict[str, type] = {
    "path": str, "game": int, "status": str, "code": str, "severity": str,
    "move": int, "color": str, "point": str, "vertex": str, "line": int,
    "column": int, "article": int, "first_seen": int, "cycle_length": int,
    "message": str, "variation": str, "fixable": str, "after_void": int,
}  # fmt: skip

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
- ``config``: a ``sgfaudit.toml`` to read, or True for the nearest one of the current
  folder, as the command line reads it (by default none is read: a script's results do
  not depend on the folder it runs in; a config file's ``quiet``, a matter of the command
  line's display, does not apply: every game is returned).

``errors``: ``"raise"`` (the default) raises ``FileNotFoundError`` for a path that does
not exist, before anything is audited; ``"report"`` reports it as the command line does.

An unknown name raises ``TypeError``; a bad value ``ValueError`` naming the option and,
for a choice, the values it takes (``rules must be one of 'auto', 'chinese', ...``).
"""


def _paths(paths: Paths, errors: Optional[str] = None) -> List[str]:
    """The paths as the native part takes them; none, or an empty one, is a ValueError
    (the command line reads the current folder when given none: Python names it, ".").
    With ``errors="raise"``, a path that does not exist is a FileNotFoundError."""
    if errors not in (None, "raise", "report"):
        raise ValueError(f"errors must be one of 'raise', 'report', not {errors!r}")
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
        if errors == "raise" and not os.path.exists(path):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
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


_NativeOption = Tuple[str, Optional[bool], Optional[str], Optional[List[str]]]


def _options(options: Dict[str, Any]) -> List[_NativeOption]:
    """Options by name as the native part takes them: (name, switch, text, list). No
    config file is read unless ``config`` names one (True: the nearest, as the command
    line finds it)."""
    options = dict(options)
    config = options.pop("config", None)
    if config is None or config is False:
        options.setdefault("no_config", True)
    elif config is not True:
        options["config"] = config
    out: List[_NativeOption] = []
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
    """The games of a run, one ``dict`` each (:class:`Game`) as they are audited.

    Iterate it once; :attr:`errors` holds the inputs that could not be read (``path``,
    ``message``) and :attr:`summary` the run's counts. Memory stays flat whatever the
    size of the input: games are handed over as they are audited. A ``with`` block stops
    the run when it is left, whether or not every game was read.
    """

    def __init__(self, run: _native.Run, paths: List[str]) -> None:
        self._run = run
        self._paths = paths
        self._state = "not started"
        self._handed = 0
        self._summary: Optional[Summary] = None
        self._iterator: Optional[Iterator[Game]] = None
        #: The inputs that could not be read, as the command line's ``error`` records.
        self.errors: List[Unreadable] = []

    def __iter__(self) -> Iterator[Game]:
        if self._state != "not started":
            raise RuntimeError(f"a Report is iterated once ({self._state}); "
                               "call audit() again")
        self._state = "running"
        self._iterator = self._games()
        return self._iterator

    def _games(self) -> Iterator[Game]:
        run = self._run
        try:
            while True:
                chunk = run.next_chunk()
                if chunk is None:
                    self._state = "done"
                    return
                if isinstance(chunk, list):
                    self._handed += len(chunk)
                    yield from chunk
                    continue
                for line in chunk.splitlines():
                    if line.startswith(_ERROR):
                        self.errors.append(json.loads(line[len(_ERROR) : -1]))
                    elif line.startswith(_SUMMARY):
                        self._summary = json.loads(line[len(_SUMMARY) : -1])
        finally:
            if self._state == "running":
                self._state = "stopped"
            run.close()

    @property
    def summary(self) -> Summary:
        """The run's counts (the command line's ``summary`` record): games per status,
        findings per code and severity, games failing ``fail_on``, inputs not read. Asked
        before the games were all read, it finishes the run first: the games not read yet
        are audited and counted, not handed over (the report cannot be iterated after)."""
        if self._summary is None:
            if self._state == "stopped":
                raise RuntimeError("the run was stopped before its end: it has no summary")
            games = self._iterator if self._iterator is not None else iter(self)
            for _ in games:
                pass
        if self._summary is None:
            raise RuntimeError("the run ended without its summary")
        return self._summary

    def close(self) -> None:
        """Stops the run: the games not read yet are not audited."""
        if self._state in ("not started", "running"):
            self._state = "stopped"
        self._run.close()

    def __enter__(self) -> Report:
        return self

    def __exit__(
        self,
        kind: Optional[type],
        value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        paths = self._paths[0] if len(self._paths) == 1 else self._paths
        if self._summary is not None:
            s = self._summary
            statuses = ", ".join(f"{n} {k}" for k, n in s["by_status"].items() if n)
            state = (f"done: {s['games']} games ({statuses or 'none'}), "
                     f"{s['unreadable']} inputs unreadable")
        elif self._state == "running":
            state = f"running: {self._handed} games handed over so far"
        else:
            state = self._state
        return f"<sgfaudit.Report of {paths!r}, {state}>"


def audit(paths: Paths, *, errors: Errors = "raise", **options: Unpack[Options]) -> Report:
    """Audits files, folders and archives; iterate the :class:`Report` for the games.

    Each game is a ``dict`` (:class:`Game`), exactly the ``data`` of the ``game`` record
    that ``sgfaudit audit --json`` prints for the same input and options, in the same
    order. ``paths`` is one path or a list of them; none, or an empty one, raises
    ``ValueError``.
    """
    names = _paths(paths, errors)
    return Report(_native.start(names, _options(dict(options)), "games"), names)


def _games_of_text(name: Any, data: bytes, options: Dict[str, Any]) -> List[Game]:
    name = _name(name)
    run = _native.start([name], _options(options), "games", text=(name, data))
    return list(Report(run, [name]))


def audit_text(
    text: Union[str, bytes], name: str = "<text>", **options: Unpack[Options]
) -> List[Game]:
    """The game dicts of one SGF text (a collection of any number of games).

    ``name`` is the ``path`` the games report. Bytes are audited as :func:`audit_bytes`
    does (decoded by ``CA[]``).
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        return _games_of_text(name, bytes(text), dict(options))
    if not isinstance(text, str):
        raise TypeError(f"text must be a str (SGF text) or bytes (an SGF file's bytes), "
                        f"not {type(text).__name__}")
    return _games_of_text(name, text.encode("utf-8"), dict(options))


def audit_bytes(
    data: Union[bytes, bytearray, memoryview], name: str = "<bytes>",
    **options: Unpack[Options],
) -> List[Game]:
    """The game dicts of one SGF file's bytes, decoded by ``CA[]`` as the command line
    decodes a file (GB18030, Shift_JIS, EUC-KR, ... or detected when ``CA[]`` is wrong).
    """
    if isinstance(data, str):
        raise TypeError("data must be bytes (an SGF file's bytes), not str: "
                        "use audit_text() for text")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes (an SGF file's bytes), "
                        f"not {type(data).__name__}")
    return _games_of_text(name, bytes(data), dict(options))


def _read_all(run: _native.Run) -> bytes:
    out = io.BytesIO()
    try:
        while True:
            chunk = run.next_chunk()
            if chunk is None:
                return out.getvalue()
            assert isinstance(chunk, bytes)
            out.write(chunk)
    finally:
        run.close()


def _needs(module: str, extra: str, what: str) -> ImportError:
    return ImportError(f"{what} needs {module}, which is not installed here "
                       f"({sys.executable}): pip install 'sgfaudit[{extra}]'")


def _frame(data: bytes, columns: Dict[str, type], backend: str) -> Any:
    """A CSV report as a frame of ``backend``, each column of its declared type."""
    what = f"backend={backend!r}"
    if backend == "pandas":
        try:
            import pandas as pd
        except ImportError as e:
            raise _needs("pandas", "pandas", what) from e

        kinds = {int: "Int64", float: "float64", str: "object"}
        return pd.read_csv(
            io.BytesIO(data),
            dtype={c: kinds[t] for c, t in columns.items()},
            keep_default_na=False,
            na_values={c: [""] for c, t in columns.items() if t is not str},
        )
    if backend == "polars":
        try:
            import polars as pl
        except ImportError as e:
            raise _needs("polars", "polars", what) from e

        pkinds = {int: pl.Int64, float: pl.Float64, str: pl.Utf8}
        return pl.read_csv(data, schema={c: pkinds[t] for c, t in columns.items()})
    if backend == "arrow":
        try:
            import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]
            import pyarrow.csv as pacsv  # type: ignore[import-untyped,import-not-found,unused-ignore]
        except ImportError as e:
            raise _needs("pyarrow", "arrow", what) from e

        akinds = {int: pa.int64(), float: pa.float64(), str: pa.string()}
        return pacsv.read_csv(
            io.BytesIO(data),
            convert_options=pacsv.ConvertOptions(
                column_types={c: akinds[t] for c, t in columns.items()},
                strings_can_be_null=False,
            ),
        )
    raise ValueError(f"backend must be one of 'pandas', 'polars', 'arrow', not {backend!r}")


def _table(paths: Paths, backend: str, errors: str, options: Dict[str, Any],
           format: str, columns: Dict[str, type]) -> Any:
    if backend not in ("pandas", "polars", "arrow"):
        raise ValueError(f"backend must be one of 'pandas', 'polars', 'arrow', "
                         f"not {backend!r}")
    run = _native.start(_paths(paths, errors), _options(options), format)
    return _frame(_read_all(run), columns, backend)


def games_frame(paths: Paths, backend: Backend = "pandas", *, errors: Errors = "raise",
                **options: Unpack[Options]) -> Any:
    """One row per game, the columns and types of ``sgfaudit audit --format csv``
    (:data:`GAME_COLUMNS`), as a pandas or polars ``DataFrame`` or an arrow ``Table``.

    With ``errors="report"``, a path that does not exist (or any input that could not be
    read) is a row with status ``error`` and the message in ``message``, as in the command
    line's CSV.
    """
    return _table(paths, backend, errors, dict(options), "csv", GAME_COLUMNS)


def findings_frame(paths: Paths, backend: Backend = "pandas", *, errors: Errors = "raise",
                   **options: Unpack[Options]) -> Any:
    """One row per finding, the columns and types of ``sgfaudit audit --format
    findings-csv`` (:data:`FINDING_COLUMNS`), as :func:`games_frame` gives games."""
    return _table(paths, backend, errors, dict(options), "findings-csv", FINDING_COLUMNS)


for _function in (audit, audit_text, audit_bytes, games_frame, findings_frame):
    _function.__doc__ = (_function.__doc__ or "") + _OPTIONS_DOC
