"""`audit --shard K/N`: every game in one shard, with its whole-run path and index, the
shards balanced by bytes; and a big collection streams in flat memory."""

import json
import os

import sgfaudit
from collection import write_collection
from conftest import cli


def game_lines(*args):
    out = cli("--json", *args).stdout
    return [line for line in out.splitlines() if line.startswith(b'{"type":"game"')]


def test_shards_split_a_collection_into_balanced_parts(tmp_path):
    # About 9 MB: two big files cut between games, many small ones grouped.
    layout = [3 << 20, 40 << 10, 2 << 20] + [60 << 10] * 40 + [1 << 20]
    sizes = write_collection(str(tmp_path), layout)
    whole = game_lines(str(tmp_path))
    assert len(whole) == len(sizes)
    total = sum(sizes.values())
    for n in (2, 4, 7):
        shards = [game_lines("--shard", f"{k}/{n}", str(tmp_path)) for k in range(n)]
        assert [line for shard in shards for line in shard] == whole
        for shard in shards:
            shard_bytes = 0
            for line in shard:
                data = json.loads(line)["data"]
                shard_bytes += sizes[(data["path"], data["game"])]
            assert abs(shard_bytes - total / n) <= 0.1 * total / n, (n, shard_bytes, total)


def test_shard_is_an_option_of_audit_too(tmp_path):
    write_collection(str(tmp_path), [1 << 20], seed=5)
    both = [list(sgfaudit.audit(str(tmp_path), shard=f"{k}/2", no_config=True))
            for k in (0, 1)]
    assert both[0] and both[1]
    assert both[0] + both[1] == list(sgfaudit.audit(str(tmp_path), no_config=True))


def rss_anon_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
    return 0


def test_a_1gb_collection_streams_in_flat_memory(tmp_path):
    # Games with long comments: 1 GB of SGF that costs little to audit.
    layout = [64 << 20] * 16
    import random
    from collection import write_file
    rng = random.Random(11)
    paths = []
    for number, size in enumerate(layout):
        path = str(tmp_path / f"big-{number:02d}.sgf")
        write_file(path, size, rng, moves=(10, 20), padding=(60_000, 120_000))
        paths.append(path)
    report = sgfaudit.audit(paths, no_config=True)
    games = 0
    peak = start = None
    for game in report:
        games += 1
        if games == 200:
            start = rss_anon_kb()
        if start is not None and games % 200 == 0:
            peak = max(peak or 0, rss_anon_kb())
    growth_mb = (peak - start) / 1024
    print(f"{games} games, {sum(map(os.path.getsize, paths)) >> 20} MB; "
          f"anonymous memory grew {growth_mb:.1f} MB after the first 200 games")
    assert report.summary["games"] == games > 8000
    assert growth_mb < 64
