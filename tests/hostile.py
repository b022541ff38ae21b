"""Helpers for the hostile-input tests: a guard that turns a hang into a failure, and a
command-line runner that captures the exit status and both streams in-process."""
from __future__ import annotations

import contextlib
import io
import signal
from collections.abc import Iterator, Sequence


class Hang(BaseException):
    """The guarded code ran past its time: it hangs on this input (a BaseException, so the
    command line's last-resort handler lets it through)."""


@contextlib.contextmanager
def no_hang(seconds: float = 10.0) -> Iterator[None]:
    """Fail (instead of waiting minutes) when the block runs longer than ``seconds``.

    Not a speed test: the bound is far above the normal time; it only catches hangs.
    """
    def alarm(_signum: int, _frame: object) -> None:
        raise Hang(f"still running after {seconds} s: this input hangs")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(argv: Sequence[str], seconds: float = 10.0) -> tuple[int, str, str]:
    """``wartools ARGV`` in this process: ``(exit status, stdout, stderr)``."""
    from wartools.cli import main

    out, err = io.StringIO(), io.StringIO()
    with no_hang(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()
