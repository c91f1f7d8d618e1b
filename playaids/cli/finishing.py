"""The print shop's finishing of a PDF a command writes (one aid, not a build): the same pass a
build runs over each file (build.runner.finished)."""
from __future__ import annotations


def finished(root, data: bytes, kind: str, game: str, page, item: str | None = None,
             title: str | None = None, name: str | None = None) -> bytes:
    """The PDF of one aid written by a command, finished as a build finishes it (its title, the
    game and language in its metadata, its own font-subset prefixes, DeviceGray when
    --grayscale): `kind` a build kind's name, `item` its table or scenario; `title` the aid's
    own when its kind's does not fit it; `name` what tells this file from the command's others
    (a seed): it makes the font-subset prefixes its own."""
    from pathlib import Path

    from playaids.build import runner
    from playaids.plugin.aids import Job

    path = Path(".".join(x for x in (kind, item or game, name, page.lang, page.paper) if x) + ".pdf")
    job = Job(kind, game, path, item, page)
    return runner.finished(data, job, root, title=title)
