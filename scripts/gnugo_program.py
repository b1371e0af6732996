"""Where GNU Go is: shared by the scripts that ask it for a reference answer."""

import shutil
import sys


def gnugo() -> str:
    """The gnugo program: on the PATH, or where Debian's package installs it."""
    for name in ("gnugo", "/usr/games/gnugo"):
        found = shutil.which(name)
        if found:
            return found
    sys.exit("gnugo not found: install Debian's gnugo")
