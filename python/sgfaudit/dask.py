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


_DUPS_COLUMNS = {
    "path": "string", "game": "Int64", "cluster": "Int64", "relation": "string",
    "transform": "string", "colors": "string", "moves": "Int64",
    "reference_path": "string", "reference_game": "Int64", "differs": "string",
    "winner_differs": "boolean", "message": "string",
}


def dups(paths: Paths, partition_bytes: int = 64 << 20, memory: int = 16 << 20) -> dd.DataFrame:
    """The games recorded more than once, one row per game of a cluster, the columns of
    ``sgfaudit dups --format csv`` (``game``, ``cluster``, ``moves`` and
    ``reference_game`` as ``Int64``, ``winner_differs`` as ``boolean``, the others
    text; the inputs that could not be read as rows with a ``message`` last), as a lazy
    Dask DataFrame of one partition: the same clusters, numbered and ordered as
    ``sgfaudit dups`` numbers them (by each cluster's first game in input order, its
    games in input order), whatever ``partition_bytes``.

    1. Each partition of about ``partition_bytes`` bytes of SGF (cut as :func:`audit`
       cuts them) is a task that reads its games and gives their canonical keys (the
       lines of ``sgfaudit dups --format keys``, which ``--shard`` writes for job
       arrays), each with its place in input order, and what ties the game to the
       games it may be a copy of: a hash of its board and first 30 moves (shared by
       every exact or prefix copy) and of each block of moves the ``near`` search
       compares (shared by every ``near`` pair).
    2. Those hashes are shuffled (``DataFrame.shuffle`` on the hash); each shuffled
       partition gives, for every hash shared by several games, an edge from its first
       game to each other one. One task joins the edges into groups (the numbers of
       the games that share something, nothing of their keys); a game in no group has
       no copy and goes no further.
    3. The keys of the grouped games are shuffled on their group; each shuffled
       partition clusters its games (in input order, with at most about ``memory``
       bytes of keys in memory, sorted runs going to its temporary folder past it, as
       ``sgfaudit dups --memory`` does) with the command line's own clustering: no
       relation crosses groups, so the clusters, their most complete game, relations,
       transforms, colours and differences are those of one run over everything.
    4. One last task orders the rows of the clusters (only the games that have a copy)
       and numbers the clusters.

    Every task is a pure function of its inputs, so a worker lost in the middle costs
    only its tasks being run again. The biggest task of step 3 holds the keys of its
    groups: about the keys of the inputs over the number of partitions, unless many
    games are tied together (games under 70 moves that share an opening are).
    """
    from dask import delayed

    if int(memory) < 1:
        raise ValueError("memory must be at least 1 byte")
    keyed, grouped = _dups_grouped(paths, partition_bytes)
    rows_meta = _dups_meta(**{c: "object" for c in _DUPS_COLUMNS}, _first="int64", _pos="int64")
    clustered = grouped.map_partitions(_dups_cluster, int(memory), meta=rows_meta)
    numbered = delayed(_dups_number, pure=True)([k[2] for k in keyed], *clustered.to_delayed())
    meta = pd.DataFrame({c: pd.Series(dtype=t) for c, t in _DUPS_COLUMNS.items()})
    return dd.from_delayed([numbered], meta=meta, verify_meta=False)


def _dups_grouped(paths: Paths, partition_bytes: int):
    """Steps 1 to 3 of :func:`dups` up to the clustering: each partition's keys task, and
    the key lines of the games tied to another one shuffled on their group."""
    from dask import delayed

    if int(partition_bytes) < 1:
        raise ValueError("partition_bytes must be at least 1")
    parts, errors = _native.plan(_paths(paths), int(partition_bytes))
    tasks = [(part, []) for part in parts] or [([], [])]
    # The inputs that gave nothing are reported at the end, as the command line does.
    tasks[-1] = (tasks[-1][0], list(errors))
    keyed = [delayed(_dups_keys, pure=True, nout=3)(task, number)
             for number, task in enumerate(tasks)]
    keys = dd.from_delayed([k[0] for k in keyed], meta=_dups_meta(pos="int64", line="object"),
                           verify_meta=False)
    links = dd.from_delayed([k[1] for k in keyed], meta=_dups_meta(hash="int64", pos="int64"),
                            verify_meta=False)
    edges = links.shuffle(on="hash").map_partitions(_dups_edges,
                                                     meta=_dups_meta(a="int64", b="int64"))
    groups = dd.from_delayed([delayed(_dups_groups, pure=True)(*edges.to_delayed())],
                             meta=_dups_meta(pos="int64", group="int64"), verify_meta=False)
    return keyed, keys.merge(groups, on="pos", how="inner").shuffle(on="group")


def _dups_meta(**columns: str) -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype=t) for c, t in columns.items()})


def _dups_keys(task: tuple, number: int):
    """A partition's key lines with their places in input order (the partition's number,
    then the line's), the hashes of each game, and the inputs it could not read."""
    import numpy as np

    pieces, errors = task
    lines, errors = _native.dups_keys(pieces, errors)
    games, hashes = _native.dups_links(lines)
    keys = [line for line in bytes(lines).decode().split("\n") if line.strip()]
    first = np.int64(number) << 32
    frame = pd.DataFrame({"pos": np.arange(len(keys), dtype="int64") + first,
                          "line": pd.Series(keys, dtype="object")})
    links = pd.DataFrame({"hash": np.frombuffer(hashes, dtype="<i8").astype("int64"),
                          "pos": np.frombuffer(games, dtype="<u4").astype("int64") + first})
    return frame, links, [tuple(e) for e in errors]


def _dups_edges(links: pd.DataFrame) -> pd.DataFrame:
    """For each hash shared by several games, an edge from the first to each other."""
    by_hash = links.groupby("hash")["pos"]
    first = by_hash.transform("min")
    keep = links["pos"] != first
    return pd.DataFrame({"a": first[keep].astype("int64"),
                         "b": links["pos"][keep].astype("int64")})


def _dups_groups(*edges: pd.DataFrame) -> pd.DataFrame:
    """Each game with an edge and its group (the first game of the games tied to it)."""
    import numpy as np

    pairs = [np.column_stack([e["a"].to_numpy("int64"), e["b"].to_numpy("int64")])
             for e in edges if len(e)]
    if not pairs:
        return _dups_meta(pos="int64", group="int64")
    pairs = np.concatenate(pairs)
    games, index = np.unique(pairs, return_inverse=True)
    index = index.reshape(-1, 2)
    up = np.arange(len(games))

    def root(i: int) -> int:
        while up[i] != i:
            up[i] = up[up[i]]
            i = up[i]
        return i

    for a, b in index.tolist():
        ra, rb = root(a), root(b)
        if ra != rb:
            up[max(ra, rb)] = min(ra, rb)
    roots = np.array([root(i) for i in range(len(games))], dtype="int64")
    return pd.DataFrame({"pos": games.astype("int64"), "group": games[roots].astype("int64")})


def _dups_cluster(grouped: pd.DataFrame, memory: int) -> pd.DataFrame:
    """The clusters of a shuffled partition's groups, as the command line's CSV rows
    (text), with each row's place and its cluster's first game's."""
    import io
    import json

    columns = list(_DUPS_COLUMNS)
    if grouped.empty:
        return _dups_meta(**{c: "object" for c in columns}, _first="int64", _pos="int64")
    grouped = grouped.sort_values("pos")
    lines = [str(line) for line in grouped["line"]]
    data = _native.dups_csv([("\n".join(lines) + "\n").encode()], [], memory)
    rows = pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False)
    place = {}
    for pos, line in zip(grouped["pos"].tolist(), lines):
        key = json.loads(line)
        place[(key["path"], str(key["game"]))] = pos
    rows = rows.astype(object)
    rows["_pos"] = pd.Series([place[(p, g)] for p, g in zip(rows["path"], rows["game"])],
                             index=rows.index, dtype="int64")
    first = rows.groupby("cluster")["_pos"].transform("min").astype("int64")
    return rows.assign(_first=first)[[*columns, "_first", "_pos"]]


def _dups_number(errors: list, *clustered: pd.DataFrame) -> pd.DataFrame:
    """The clusters in the order of their first game, numbered from 1, each one's games
    in input order; then the inputs that could not be read."""
    columns = list(_DUPS_COLUMNS)
    rows = pd.concat([_dups_meta(**{c: "object" for c in columns}, _first="int64",
                                 _pos="int64"), *clustered], ignore_index=True)
    rows = rows.sort_values(["_first", "_pos"], kind="stable")
    rows["cluster"] = rows["_first"].rank(method="dense").astype("int64").astype(str)
    rows = rows[columns]
    failed = [dict({c: "" for c in columns}, path=path, message=message)
              for part in errors for path, message in part]
    frame = pd.concat([rows, pd.DataFrame(failed, columns=columns)], ignore_index=True)
    for name, kind in _DUPS_COLUMNS.items():
        column = frame[name].astype(object)
        if kind == "Int64":
            frame[name] = pd.to_numeric(column.replace("", None)).astype("Int64")
        elif kind == "boolean":
            frame[name] = column.map({"true": True, "false": False}).astype("boolean")
        else:
            frame[name] = column.astype("string")
    return frame
