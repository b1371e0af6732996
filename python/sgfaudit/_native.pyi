from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

VERSION: str

class Run:
    def next_chunk(self) -> Optional[Union[bytes, List[Any]]]: ...
    def close(self) -> None: ...

Piece = Tuple[str, str, int, int, int, int, int]
NativeOption = Tuple[str, Optional[bool], Optional[str], Optional[List[str]]]

def start(
    paths: Sequence[str],
    options: List[NativeOption],
    format: str,
    pieces: Optional[List[Piece]] = None,
    errors: Optional[List[Tuple[str, str]]] = None,
    text: Optional[Tuple[str, bytes]] = None,
) -> Run: ...
def check_options(options: List[NativeOption]) -> None: ...
def plan(paths: Sequence[str], partition_bytes: int) -> Tuple[List[List[Piece]], List[Tuple[str, str]]]: ...
def option_names() -> List[str]: ...
