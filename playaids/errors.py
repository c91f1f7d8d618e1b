"""Errors the CLI turns into one clean line and exit code 2."""
from __future__ import annotations

import re


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text safe to print on a terminal: control characters (ESC, OSC...) shown as \\xNN."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


_CONTROL_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def printable_text(text: str) -> str:
    """Text output (CSV, Markdown, a report) safe on a terminal: like printable(), but its
    tabs and line ends (\\r\\n of CSV) kept."""
    return _CONTROL_TEXT.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class PlayaidsError(Exception):
    """A user-facing error: bad input, unknown id, missing font. Library code raises it; the CLI
    alone prints `report()` and exits with `exit_code`."""

    exit_code = 2

    def __str__(self) -> str:  # one line, always, with no control character
        return printable(" ".join(super().__str__().split()))

    def report(self) -> str:
        """The line the CLI prints."""
        return f"playaids: {self}"


class Verdict(Exception):
    """A command's outcome after it printed its report: 1 when something is wrong (rules broken,
    findings, differences), 2 when some input was unreadable. Carries only the exit code."""

    def __init__(self, exit_code: int):
        super().__init__(exit_code)
        self.exit_code = exit_code


class DataError(PlayaidsError):
    """A problem in an input file, located as `path:line:col: message`."""

    def __init__(self, path, message: str, line: int | None = None, col: int | None = None):
        self.path, self.message, self.line, self.col = str(path), message, line, col
        where = self.path
        if line is not None:
            where += f":{line}"
            if col is not None:
                where += f":{col}"
        super().__init__(f"{where}: {message}")

    def report(self) -> str:   # `file:line: message`, as compilers print it
        return str(self)


class UnknownId(PlayaidsError):
    """A game, table or scenario id that does not exist."""

    def __init__(self, kind: str, name: str, known):
        known = sorted(known)
        shown = ", ".join(known[:12]) + (" ..." if len(known) > 12 else "")
        close = did_you_mean(name, known)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        super().__init__(f"unknown {kind} '{name}'{hint} (known: {shown or 'none'})")


def did_you_mean(name: str, known) -> list[str]:
    """The known ids closest to a mistyped one (difflib's ratio >= 0.6, case ignored), best first."""
    import difflib

    by_lower = {k.lower(): k for k in known}
    return [by_lower[k] for k in difflib.get_close_matches(str(name).lower(), list(by_lower), n=3, cutoff=0.6)]


class FontMissing(PlayaidsError):
    pass
