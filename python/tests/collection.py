"""Generated SGF collections for the tests and the bench: games of known sizes."""

import os
import random

LETTERS = "abcdefghijklmnopqrs"


def game(rng: random.Random, moves: int, padding: int) -> str:
    """One 19x19 game: `moves` moves on distinct points, a comment of `padding` bytes
    (with SGF syntax inside, escaped: a splitter must not cut there)."""
    points = [a + b for a in LETTERS for b in LETTERS]
    rng.shuffle(points)
    body = "".join(f";{'BW'[i % 2]}[{p}]" for i, p in enumerate(points[:moves]))
    comment = ("(;B[aa\\]) " * (padding // 10 + 1))[:padding].rstrip("\\")
    return f"(;GM[1]FF[4]SZ[19]KM[7.5]RE[B+R]C[{comment}]{body})\n"


def write_file(path: str, target_bytes: int, rng: random.Random, moves=(20, 60), padding=(200, 900)):
    """A collection file of about `target_bytes`; the byte size of each game, in order."""
    sizes = []
    with open(path, "w", encoding="utf-8") as f:
        written = 0
        while written < target_bytes:
            text = game(rng, rng.randint(*moves), rng.randint(*padding))
            f.write(text)
            sizes.append(len(text.encode("utf-8")))
            written += sizes[-1]
    return sizes


def write_collection(folder: str, layout, seed: int = 7):
    """Files of the given sizes (bytes) in `folder`; {(path, game): bytes of the game}."""
    rng = random.Random(seed)
    os.makedirs(folder, exist_ok=True)
    sizes = {}
    for number, size in enumerate(layout):
        path = os.path.join(folder, f"part-{number:04d}.sgf")
        for index, n in enumerate(write_file(path, size, rng)):
            sizes[(path, index)] = n
    return sizes
