"""A collection audited on a Dask cluster, partitioned by bytes.

The client cuts the inputs into partitions of about ``partition_bytes`` bytes at game
boundaries (the splitter's cheap pass over the files a cut falls in: no parsing, no
replay); the audits run in the partitions, on the workers. Small files are grouped into
one partition, a big file is spread over several, an archive (``.zip``, ``.tar.*``) is
cut between members (its members are listed first: declared sizes, nothing read), a
``.sgf.gz`` file is one partition. Every game appears once, with the ``path`` and ``game`` index
of a whole run, and the partitions in order are the rows of ``sgfaudit audit --format
csv`` in order (the rows of inputs that could not be read at the end of the last).

``partition_bytes`` is in bytes (``64 << 20`` is 64 MB); a size that would make more
than 10,000 partitions of the inputs given raises ``ValueError`` before any file is read
(each partition is a task and a read of its file: ``64`` meant as 64 MB would make one
per game).

The workers need the package (``pip install 'sgfaudit[dask]'``) and the files at the same paths.
Each partition audits on one thread unless ``jobs`` is given: Dask runs the partitions
in parallel.
"""

from __future__ import annotations

from typing import Any, Dict, List

try:
    import dask.dataframe as dd
    import pandas as pd
except ImportError as _missing:
    raise ImportError(
        f"sgfaudit.dask needs dask[dataframe] and pandas ({_missing.name} is "
        f"not installed): pip install 'sgfaudit[dask]'"
    ) from _missing

from . import FINDING_COLUMNS, GAME_COLUMNS, Paths, _frame, _native, _options, _paths, _read_all

__all__ = ["audit", "findings", "partitions"]

_KINDS = {int: "Int64", float: "float64", str: "object"}


def _meta(columns: Dict[str, type]) -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype=_KINDS[t]) for c, t in columns.items()})


def partitions(paths: Paths, partition_bytes: int = 64 << 20) -> List[list]:
    """The partitions :func:`audit` would make: lists of pieces (a whole file or archive,
    the games of a file that start in a byte range, or a run of an archive's members),
    for a look at the plan."""
    parts, _ = _native.plan(_paths(paths), int(partition_bytes))
    return parts


def _audit_partition(task: tuple, options: list, report_format: str, column_types: Dict[str, type]):
    pieces, errors = task
    run = _native.start([], options, report_format, pieces=pieces, errors=errors)
    return _frame(_read_all(run), column_types, "pandas")


def _dataframe(paths, partition_bytes, options, format, columns):
    if int(partition_bytes) < 1:
        raise ValueError("partition_bytes must be at least 1")
    options = dict(options)
    options.setdefault("jobs", 1)
    native_options = _options(options)
    _native.check_options(native_options)
    parts, errors = _native.plan(_paths(paths), int(partition_bytes))
    tasks = [(part, []) for part in parts] or [([], [])]
    # The inputs that gave nothing are reported at the end, as the command line does.
    tasks[-1] = (tasks[-1][0], list(errors))
    return dd.from_map(
        _audit_partition,
        tasks,
        options=native_options,
        report_format=format,
        column_types=columns,
        meta=_meta(columns),
        enforce_metadata=False,
        label=f"sgfaudit-{format}",
    )


def audit(paths: Paths, partition_bytes: int = 64 << 20, **options: Any) -> dd.DataFrame:
    """One row per game, the columns and types of ``sgfaudit audit --format csv``
    (:data:`sgfaudit.GAME_COLUMNS`), as a lazy Dask DataFrame: partitions of about
    ``partition_bytes`` bytes of SGF. Options as for :func:`sgfaudit.audit`.
    """
    return _dataframe(paths, partition_bytes, options, "csv", GAME_COLUMNS)


def findings(paths: Paths, partition_bytes: int = 64 << 20, **options: Any) -> dd.DataFrame:
    """One row per finding, the columns and types of ``sgfaudit audit --format
    findings-csv`` (:data:`sgfaudit.FINDING_COLUMNS`), partitioned as :func:`audit`."""
    return _dataframe(paths, partition_bytes, options, "findings-csv", FINDING_COLUMNS)
