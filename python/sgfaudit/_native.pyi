from typing import List, Optional, Sequence, Tuple

VERSION: str

class Run:
    def next_lines(self) -> Optional[bytes]: ...
    def close(self) -> None: ...

Piece = Tuple[str, str, int, int, int, int, int]

def start(
    paths: Sequence[str],
    options: list,
    format: str,
    pieces: Optional[List[Piece]] = None,
    errors: Optional[List[Tuple[str, str]]] = None,
    text: Optional[Tuple[str, bytes]] = None,
) -> Run: ...
def check_options(options: list) -> None: ...
def plan(paths: Sequence[str], partition_bytes: int) -> Tuple[List[List[Piece]], List[Tuple[str, str]]]: ...
def option_names() -> List[str]: ...
