from typing import Any, List

import dask.dataframe as dd
from typing_extensions import Unpack

from . import Options, Paths

def partitions(paths: Paths, partition_bytes: int = ...) -> List[List[Any]]: ...
def audit(paths: Paths, partition_bytes: int = ..., **options: Unpack[Options]) -> dd.DataFrame: ...
def findings(paths: Paths, partition_bytes: int = ..., **options: Unpack[Options]) -> dd.DataFrame: ...
