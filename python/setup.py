"""Copies kperm's headers (../include, ../cu, ../cl/kperm.cl) into the
package when it is built, so that one copy of them lives in the repository.
pip builds in place (pip >= 21.3), where ../ is the repository."""
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class build_with_headers(build_py):
    def run(self):
        super().run()
        data = os.path.join(self.build_lib, "kperm", "data")
        shutil.rmtree(data, ignore_errors=True)
        shutil.copytree(os.path.join(ROOT, "include"), os.path.join(data, "include"))
        shutil.copytree(os.path.join(ROOT, "cu"), os.path.join(data, "cu"),
                        ignore=shutil.ignore_patterns("*.cu"))
        os.makedirs(os.path.join(data, "cl"))
        shutil.copy(os.path.join(ROOT, "cl", "kperm.cl"), os.path.join(data, "cl"))


setup(cmdclass={"build_py": build_with_headers})
