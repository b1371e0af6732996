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


def dups(paths: Paths, partition_bytes: int = 64 << 20, memory: int = 16 << 20) -> dd.DataFrame:
    """The games recorded more than once, one row per game of a cluster, the columns of
    ``sgfaudit dups --format csv`` (``game``, ``cluster``, ``moves`` and
    ``reference_game`` as ``Int64``, ``winner_differs`` as ``boolean``, the others
    text; the inputs that could not be read as rows with a ``message`` last), as a lazy
    Dask DataFrame of one partition: the same clusters as ``sgfaudit dups`` on the same
    inputs, whatever ``partition_bytes``.

    Each partition of about ``partition_bytes`` bytes of SGF (cut as :func:`audit` cuts
    them) is a task that reads its games and gives their canonical keys (the lines of
    ``sgfaudit dups --format keys``): the reading, parsing and turning of every game, in
    parallel on the workers. One more task clusters all the keys in input order with at
    most about ``memory`` bytes of keys in memory (sorted runs go to its temporary folder
    past it, as ``sgfaudit dups --memory`` does). Every task is a pure function of its
    inputs, so a worker lost in the middle costs only its tasks being run again.
    """
    import io

    from dask import delayed

    if int(partition_bytes) < 1:
        raise ValueError("partition_bytes must be at least 1")
    if int(memory) < 1:
        raise ValueError("memory must be at least 1 byte")
    columns = {
        "path": "string", "game": "Int64", "cluster": "Int64", "relation": "string",
        "transform": "string", "colors": "string", "moves": "Int64",
        "reference_path": "string", "reference_game": "Int64", "differs": "string",
        "winner_differs": "boolean", "message": "string",
    }

    def keys(part: list, errors: list):
        return _native.dups_keys(part, errors)

    def cluster(*partitions) -> pd.DataFrame:
        lines = [bytes(p[0]) for p in partitions]
        errors = [tuple(e) for p in partitions for e in p[1]]
        data = _native.dups_csv(lines, errors, int(memory))
        frame = pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False)
        for name, kind in columns.items():
            column = frame[name]
            if kind == "Int64":
                frame[name] = pd.to_numeric(column.replace("", None)).astype("Int64")
            elif kind == "boolean":
                frame[name] = column.map({"true": True, "false": False}).astype("boolean")
            else:
                frame[name] = column.astype("string")
        return frame

    parts, errors = _native.plan(_paths(paths), int(partition_bytes))
    tasks = [(part, []) for part in parts] or [([], [])]
    # The inputs that gave nothing are reported at the end, as the command line does.
    tasks[-1] = (tasks[-1][0], list(errors))
    key_tasks = [delayed(keys, pure=True)(part, errs) for part, errs in tasks]
    clustered = delayed(cluster, pure=True)(*key_tasks)
    meta = pd.DataFrame({c: pd.Series(dtype=t) for c, t in columns.items()})
    return dd.from_delayed([clustered], meta=meta, verify_meta=False)
