"""The wheel carries the game data and the templates inside the package (playaids/_data,
playaids/_templates), so an installed playaids finds them without a checkout. Everything
else is in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildPyWithData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads data/ and templates/ of the checkout
        for name in ("data", "templates"):
            target = Path(self.build_lib) / "playaids" / f"_{name}"
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(HERE / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithData})
