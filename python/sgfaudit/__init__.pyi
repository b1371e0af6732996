import os
from typing import Any, Dict, Iterator, List, Literal, Optional, Sequence, Union

Paths = Union[str, os.PathLike[str], Sequence[Union[str, os.PathLike[str]]]]
Option = Union[str, int, float, bool, os.PathLike[str], Sequence[str], None]

__version__: str
OPTIONS: List[str]
GAME_COLUMNS: Dict[str, type]
FINDING_COLUMNS: Dict[str, type]

class Report:
    errors: List[Dict[str, Any]]
    summary: Optional[Dict[str, Any]]
    def __iter__(self) -> Iterator[Dict[str, Any]]: ...
    def close(self) -> None: ...

def audit(paths: Paths, **options: Option) -> Report: ...
def audit_text(text: str, name: str = "<text>", **options: Option) -> List[Dict[str, Any]]: ...
def audit_bytes(data: bytes, name: str = "<bytes>", **options: Option) -> List[Dict[str, Any]]: ...
def games_frame(
    paths: Paths, backend: Literal["pandas", "polars", "arrow"] = "pandas", **options: Option
) -> Any: ...
