"""The print shop's finishing of a PDF a command writes (one aid, not a build): the same pass a
build runs over each file (build.runner.finished)."""
from __future__ import annotations


def finished(root, data: bytes, kind: str, game: str, page, item: str | None = None) -> bytes:
    """The PDF of one aid written by a command, finished as a build finishes it (its title, the
    game and language in its metadata, its own font-subset prefixes, DeviceGray when
    --grayscale): `kind` a build kind's name, `item` its table or scenario."""
    from pathlib import Path

    from playaids.build import runner
    from playaids.build.job import Job

    name = f"{kind}.{item or game}.{page.lang}.{page.paper}.pdf"
    job = Job(kind, game, Path(name), item, page.lang, page.paper, page.grayscale)
    return runner.finished(data, job, root)
