#!/usr/bin/env python3
"""GNU Go's dead stones on the final position of games, as a second judge beside the
territory markup the records carry (used by tests/it/estimate_accuracy.rs).

Usage: scripts/gnugo-status.py [CORPUS] > tests/data/gnugo-status-markup-games.tsv

CORPUS is the shared corpus (default ../shared/corpus); the games are those its
real/MANIFEST.tsv marks has_TB_TW=yes. Needs GNU Go (Debian package `gnugo`). Each game
is loaded over GTP with `loadsgf` (the whole main line) and asked `final_status_list
dead` under --chinese-rules: GNU Go's own status reading, without playing the game out.
"""

import csv
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gnugo_program import gnugo  # noqa: E402


def dead_stones(program: str, path: Path) -> str:
    commands = f"loadsgf {path}\nfinal_status_list dead\nquit\n"
    out = subprocess.run(
        [program, "--mode", "gtp", "--chinese-rules"],
        input=commands,
        capture_output=True,
        text=True,
        timeout=900,
    ).stdout
    answers = [a.strip() for a in out.split("\n\n") if a.strip()]
    if len(answers) < 2 or not answers[1].startswith("="):
        return "error"
    return " ".join(sorted(answers[1].lstrip("= ").split()))


def main() -> None:
    corpus = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus")
    program = gnugo()
    version = subprocess.run([program, "--version"], capture_output=True, text=True).stdout
    print(f"# {version.splitlines()[0]}; final_status_list dead, --chinese-rules")
    print("path\tgnugo_dead_stones")
    with open(corpus / "real" / "MANIFEST.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["has_TB_TW"] != "yes":
                continue
            dead = dead_stones(program, corpus / row["path"])
            print(f"{row['path']}\t{dead}", flush=True)


if __name__ == "__main__":
    main()
