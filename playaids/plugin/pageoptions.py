"""The print options every PDF command takes, in one place: `--lang --paper --grayscale --bleed
--crop-marks`, handed to the command as one `PageSpec` (`page`), or for `build` as the list of
pages it makes (`pages`, one per paper and language)."""
from __future__ import annotations

import functools
import math
import os

import click

from playaids.outputs import DPI, MAX_DPI
from playaids.render.page import LANGS, PAPERS, PageSpec


class _Bleed(click.FloatRange):
    """Millimetres of bleed, 0 to 10, a finite number (NaN slips through a plain range)."""

    def convert(self, value, param, ctx):
        v = super().convert(value, param, ctx)
        if not math.isfinite(v):
            self.fail(f"{value!r} is not a number of millimetres", param, ctx)
        return v


BLEED = _Bleed(0, 10)

LANG_HELP = "Language: ja, en or both (Japanese and English){all}; the default is every command's."


def default_lang(choices=LANGS) -> str:
    """The one --lang rule of every command: $PLAYAIDS_LANG when it names a choice, else en."""
    env = os.environ.get("PLAYAIDS_LANG", "").strip().lower()
    return env if env in choices else "en"


def lang_option(choices=LANGS, help_all: str = ""):
    """--lang with the one default rule (default_lang)."""
    return click.option("--lang", "lang_", type=click.Choice(choices), default=lambda: default_lang(choices),
                        show_default="$PLAYAIDS_LANG, else en", help=LANG_HELP.format(all=help_all))


def page_options(paper: str = "a4", many: bool = False):
    """Decorate a click command with the print options; it receives `page` (a PageSpec) and
    `dpi` (of a PNG export), or with many=True `pages` (every paper x language asked for, `all`
    allowed)."""

    def decorate(fn):
        @functools.wraps(fn)
        def command(*args, lang_=None, paper_=None, grayscale=False, bleed_mm=0.0, crop_marks=False, dpi=None,
                    **kw):
            def spec(p, la):
                return PageSpec(paper=p, lang=la, grayscale=grayscale, bleed_mm=bleed_mm, crop_marks=crop_marks)

            if many:
                langs = LANGS if lang_ == "all" else (lang_,)
                papers = tuple(PAPERS) if paper_ == "all" else (paper_,)
                kw["pages"] = [spec(p, la) for p in papers for la in langs]
            else:
                kw["page"] = spec(paper_, lang_ or default_lang())
                kw["dpi"] = dpi
            return fn(*args, **kw)

        extra = ("all",) if many else ()
        options = [
            click.option("--paper", "paper_", type=click.Choice(sorted(PAPERS) + list(extra)), default=paper,
                         show_default=True, help="Paper size" + (" (all: every size)." if many else ".")),
            click.option("--grayscale", is_flag=True, help="No colour: grays, with symbols and dashes for meaning."),
            click.option("--bleed", "bleed_mm", type=BLEED, default=0.0,
                         help="Bleed in mm (TrimBox and BleedBox in the PDF)."),
            click.option("--crop-marks", is_flag=True, help="Crop marks outside the trimmed page."),
        ]
        options.insert(0, lang_option(LANGS + extra, "; all: each of ja, en, both" if many else ""))
        if not many:
            options.append(click.option("--dpi", type=click.IntRange(30, MAX_DPI), default=DPI, show_default=True,
                                        help="Resolution of a PNG export (-o FILE.png: one image a page)."))
        for option in reversed(options):
            command = option(command)
        return command

    return decorate

