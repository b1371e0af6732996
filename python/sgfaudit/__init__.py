"""Audit Go (weiqi, baduk) game records from Python.

Every game is replayed under the Chinese Weiqi Rules (2002): illegal moves and repeated
positions are reported with file, line and column, the final position is counted and
``RE[]`` is checked. The work is done by the same Rust library as the ``sgfaudit``
command line, on its thread pool, without holding the GIL; the results are the command
line's, record for record:

- :func:`audit` streams one ``dict`` per game (:class:`Game`), the ``data`` of the
  ``game`` records of ``sgfaudit audit --json``, built in Rust from the library's reports;
- :func:`audit_text` and :func:`audit_bytes` audit one SGF text held in memory;
- :func:`games_frame` gives one row per game and :func:`findings_frame` one row per
  finding (pandas, polars or arrow), the columns and types of ``sgfaudit audit --format
  csv`` and ``--format findings-csv``;
- :mod:`sgfaudit.dask` spreads a collection over a Dask cluster, by byte ranges.

A game dict and a row of :func:`games_frame` say the same in two shapes: the dict's
``size`` is ``[width, height]`` (the row's ``width``, ``height``), its ``findings`` a
list of dicts (the row counts them in ``errors``, ``warnings``, ``infos`` and lists their
codes in ``codes``, space-separated; :func:`findings_frame` has them one per row), its
``score`` and ``check`` objects (the row has ``counting``, ``margin`` from ``score``, and
``computed``, ``verdict``, ``reason``, ``difference``, ``confidence``, ``assumed`` and,
last, ``reason_code`` from ``check``). ``reason_code`` names the reason by a stable
kebab-case code (``sgfaudit schema`` lists them): match it, not the English of ``reason``.

No ``sgfaudit.toml`` is read unless ``config`` names one; a path that does not exist
raises ``FileNotFoundError`` unless ``errors="report"``.
"""

from . import _native
from ._core import (
    FINDING_COLUMNS,
    GAME_COLUMNS,
    OPTIONS,
    Backend,
    Check,
    DeadFrom,
    DeadStones,
    Errors,
    Finding,
    Game,
    Options,
    Paths,
    Report,
    Rules,
    Score,
    Severity,
    Status,
    Summary,
    Superko,
    Territory,
    Unreadable,
    Verdict,
    _frame,
    _options,
    _paths,
    _read_all,
    audit,
    audit_bytes,
    audit_text,
    findings_frame,
    games_frame,
)

__all__ = [
    "Report",
    "audit",
    "audit_text",
    "audit_bytes",
    "games_frame",
    "findings_frame",
    "OPTIONS",
    "GAME_COLUMNS",
    "FINDING_COLUMNS",
    "Game",
    "Finding",
    "Score",
    "DeadStones",
    "Territory",
    "Check",
    "Summary",
    "Unreadable",
    "Options",
    "Paths",
    "Rules",
    "Superko",
    "DeadFrom",
    "Severity",
    "Status",
    "Verdict",
    "Backend",
    "Errors",
]

__version__: str = _native.VERSION
