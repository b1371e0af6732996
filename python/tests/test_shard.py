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


def test_a_shard_count_of_billions_is_a_plain_run(tmp_path):
    """The planner once allocated per shard: `shard="0/4294967296"` aborted the
    interpreter. Shards past the games are empty; each game is in one of them."""
    path = tmp_path / "five.sgf"
    path.write_text("(;GM[1]SZ[9];B[ee];W[dd])\n" * 5)  # 26 bytes a game
    for count in (1 << 32, (1 << 64) - 1):
        assert list(sgfaudit.audit(str(path), shard=f"0/{count}", no_config=True)) == []
        last = f"{count - 1}/{count}"
        assert list(sgfaudit.audit(str(path), shard=last, no_config=True)) == []
    # Game 0 ends at byte 25, its middle is 12: the shard after the cuts below 13.
    count = 1 << 32
    holder = -(-13 * count // 130) - 1
    games = list(sgfaudit.audit(str(path), shard=f"{holder}/{count}", no_config=True))
    assert [g["game"] for g in games] == [0]
