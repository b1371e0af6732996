#!/usr/bin/env python3
"""GNU Go's `--score aftermath` on the finished games of the shared corpus under several
random seeds: how far GNU Go's own count moves with its seed (used by
tests/it/estimate_accuracy.rs beside the corpus's reference/gnugo-scores.tsv).

Usage: scripts/gnugo-seeds.py [CORPUS] > tests/data/gnugo-seed-scores.tsv

CORPUS is the shared corpus (default ../shared/corpus). The games are the rows of its
reference/gnugo-scores.tsv with status ok that end by two passes. Each is scored with
`gnugo --score aftermath --chinese-rules --komi K --seed S -l GAME`, K the komi that file
used, once per seed. (Over GTP, `final_score` and `final_status_list dead` give the same
answers under every seed; the aftermath play-out of `--score aftermath` does not.) Needs
GNU Go (Debian package `gnugo`); runs two games at a time.
"""

import csv
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gnugo_program import gnugo  # noqa: E402

SEEDS = (1, 2, 3)


def aftermath_score(program: str, path: Path, komi: str, seed: int) -> str:
    command = [program, "--score", "aftermath", "--chinese-rules", "--komi", komi]
    command += ["--seed", str(seed), "-l", str(path)]
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=120).stdout
    except subprocess.TimeoutExpired:
        return "timeout"
    for line in out.splitlines():
        words = line.split()
        # "Black wins by 17.5 points", "White wins by 0.5 points", "Jigo"
        if line.startswith(("Black wins by", "White wins by")) and len(words) >= 4:
            return f"{line[0]}+{words[3]}"
        if line.startswith("Jigo"):
            return "0"
    return "error"


def main() -> None:
    corpus = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus")
    program = gnugo()
    version = subprocess.run([program, "--version"], capture_output=True, text=True).stdout
    print(f"# {version.splitlines()[0]}; --score aftermath --chinese-rules, "
          f"seeds {' '.join(map(str, SEEDS))}")
    print("path\tseed\tgnugo_aftermath_score")
    with open(corpus / "reference" / "gnugo-scores.tsv", newline="") as f:
        rows = [
            r
            for r in csv.DictReader(f, delimiter="\t")
            if r["status"] == "ok" and r["ends_two_passes"] == "yes"
        ]
    jobs = [(r, seed) for r in rows for seed in SEEDS]
    with ThreadPoolExecutor(max_workers=2) as pool:
        scores = pool.map(
            lambda job: aftermath_score(
                program, corpus / job[0]["path"], job[0]["komi_used"], job[1]
            ),
            jobs,
        )
        for (row, seed), score in zip(jobs, scores):
            print(f"{row['path']}\t{seed}\t{score}", flush=True)


if __name__ == "__main__":
    main()
