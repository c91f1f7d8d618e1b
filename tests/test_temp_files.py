"""No temporary file outlives the process that made it: WeasyPrint copies the fonts of every
layout into a folder of its own, which a build worker (ended by os._exit) never removed, so each
build left a copy of the fonts per worker in the temporary folder."""
import os
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import concurrent.futures, multiprocessing, os, tempfile
    from playaids.render import document

    HTML = ('<html><head><style>@font-face {font-family: X; src: local("DejaVu Sans")}'
            'body {font-family: X}</style></head><body>text</body></html>')

    def lay_out(_):
        document._lay_out(HTML)
        return sorted(os.listdir(tempfile.gettempdir()))

    document.font_config()            # the build warms it before the workers fork
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        during = list(pool.map(lay_out, range(2)))
    document._lay_out(HTML)            # the parent lays out too
    assert any(during), "the layout made no folder: the test would prove nothing"
""")


@pytest.mark.slow
def test_the_fonts_folders_of_a_build_and_its_workers_are_removed(tmp_path):
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(os.listdir(tmp_path)) == []
