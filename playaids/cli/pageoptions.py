"""The print options every PDF command takes, in one place: `--lang --paper --grayscale --bleed
--crop-marks`, handed to the command as one `PageSpec` (`page`), or for `build` as the list of
pages it makes (`pages`, one per paper and language)."""
from __future__ import annotations

import functools
import math

import click

from playaids.render.page import LANGS, PAPERS, PageSpec


class _Bleed(click.FloatRange):
    """Millimetres of bleed, 0 to 10, a finite number (NaN slips through a plain range)."""

    def convert(self, value, param, ctx):
        v = super().convert(value, param, ctx)
        if not math.isfinite(v):
            self.fail(f"{value!r} is not a number of millimetres", param, ctx)
        return v


BLEED = _Bleed(0, 10)


def page_options(lang: str | None = "en", paper: str = "a4", many: bool = False):
    """Decorate a click command with the print options; it receives `page` (a PageSpec), or
    with many=True `pages` (every paper x language asked for, `all` allowed).
    `lang=None`: the aid is bilingual by nature and takes no --lang (the glossary)."""

    def decorate(fn):
        @functools.wraps(fn)
        def command(*args, lang_=None, paper_=None, grayscale=False, bleed_mm=0.0, crop_marks=False, **kw):
            def spec(p, la):
                return PageSpec(paper=p, lang=la, grayscale=grayscale, bleed_mm=bleed_mm, crop_marks=crop_marks)

            if many:
                langs = LANGS if lang_ == "all" else (lang_,)
                papers = tuple(PAPERS) if paper_ == "all" else (paper_,)
                kw["pages"] = [spec(p, la) for p in papers for la in langs]
            else:
                kw["page"] = spec(paper_, lang_ or "both")
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
        if lang is not None:
            options.insert(0, click.option("--lang", "lang_", type=click.Choice(LANGS + extra), default=lang,
                                           show_default=True,
                                           help="Language of the aid (both: Japanese and English"
                                                + ("; all: each of ja, en, both)." if many else ").")))
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def spec_values(pages: list[PageSpec]) -> tuple[tuple, tuple, bool, float, bool]:
    """(langs, papers, grayscale, bleed_mm, crop_marks) of a `pages` list, in option order."""
    first = pages[0]
    return (tuple(dict.fromkeys(p.lang for p in pages)), tuple(dict.fromkeys(p.paper for p in pages)),
            first.grayscale, first.bleed_mm, first.crop_marks)
