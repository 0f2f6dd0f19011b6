"""kperm_build.py - the package's own build backend (PEP 517), in pure
Python with no requirements: `pip install --no-index ./python` then needs no
package index at all (setuptools would have to be fetched into pip's isolated
build environment). It writes a wheel of kperm/ (its modules and the kernel
headers of kperm.stats) and the repository's headers (../include, ../cu/*.h,
../cl/kperm.cl) under kperm/data, so one copy of them lives in the
repository, and kperm.cl with its includes inlined by
tools/cl_inline.awk (the inliner make runs too: POSIX awk, no compiler) for
kperm.cl_source() and kperm.cuda_source(); the version is KPERM_VERSION of include/kperm/status.h.
An editable install (PEP 660, pip install -e ./python) gets a wheel that only
points Python at this directory (build_editable below)."""
import base64
import hashlib
import os
import re
import subprocess
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NAME = "kperm"
SUMMARY = "Permutations inside your own GPU kernels: kperm's headers for CuPy and PyOpenCL"
TAG = "py3-none-any"


def version():
    with open(os.path.join(ROOT, "include", "kperm", "status.h")) as f:
        return re.search(r'#define KPERM_VERSION "([^"]+)"', f.read()).group(1)


def _files():
    """(name in the wheel, file here) for every file the wheel holds"""
    for name in sorted(os.listdir(os.path.join(HERE, NAME))):
        if name.endswith((".py", ".h")):  # the package's modules and kperm.stats' kernel source
            yield NAME + "/" + name, os.path.join(HERE, NAME, name)
    for top, _, names in sorted(os.walk(os.path.join(ROOT, "include"))):
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(top, name), ROOT).replace(os.sep, "/")
            yield NAME + "/data/" + rel, os.path.join(top, name)
    for name in sorted(os.listdir(os.path.join(ROOT, "cu"))):
        if name.endswith(".h"):
            yield NAME + "/data/cu/" + name, os.path.join(ROOT, "cu", name)
    yield NAME + "/data/cl/kperm.cl", os.path.join(ROOT, "cl", "kperm.cl")


def _inlined_source(root):
    """root (cl/kperm.cl, cu/kperm_cuda_device.h) with every include inlined:
    what kperm.cl_source() and kperm.cuda_source() return"""
    return subprocess.run(["awk", "-f", os.path.join(ROOT, "tools", "cl_inline.awk"),
                           os.path.join(ROOT, root), os.path.join(ROOT, "include")],
                          check=True, stdout=subprocess.PIPE).stdout


def _dist_info():
    """{name: bytes} of the .dist-info directory but its RECORD"""
    info = "%s-%s.dist-info/" % (NAME, version())
    with open(os.path.join(HERE, "README.md")) as f:
        readme = f.read()
    with open(os.path.join(ROOT, "LICENSE"), "rb") as f:
        license_text = f.read()
    metadata = ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\nLicense: MIT\n"
                "Requires-Python: >=3.8\nDescription-Content-Type: text/markdown\n\n%s"
                % (NAME, version(), SUMMARY, readme))
    wheel = "Wheel-Version: 1.0\nGenerator: kperm_build\nRoot-Is-Purelib: true\nTag: %s\n" % TAG
    return {info + "METADATA": metadata.encode(), info + "WHEEL": wheel.encode(), info + "LICENSE": license_text}


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d\n" % (name, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    for name, data in _dist_info().items():
        path = os.path.join(metadata_directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    return "%s-%s.dist-info" % (NAME, version())


def _write_wheel(wheel_directory, files):
    """A wheel of files ((name, bytes) pairs) and the .dist-info; its name"""
    wheel_name = "%s-%s-%s.whl" % (NAME, version(), TAG)
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as whl:
        for name, data in list(files) + list(_dist_info().items()):
            whl.writestr(name, data)
            record.append(_record_line(name, data))
        record_name = "%s-%s.dist-info/RECORD" % (NAME, version())
        whl.writestr(record_name, "".join(record) + record_name + ",,\n")
    return wheel_name


def _wheel_files():
    """(name in the wheel, bytes) for everything build_wheel ships"""
    for name, path in _files():
        with open(path, "rb") as f:
            yield name, f.read()
    yield NAME + "/data/kperm_cl_source.cl", _inlined_source("cl/kperm.cl")
    yield NAME + "/data/kperm_cuda_source.cu", _inlined_source("cu/kperm_cuda_device.h")


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, _wheel_files())


# PEP 660: pip install -e ./python. The wheel holds only a .pth file that puts
# this directory on sys.path (kperm_build.py becomes importable too, which is
# harmless), so `import kperm` runs python/kperm itself; finding no kperm/data
# there, kperm reads the repository's include/, cu/ and cl/ and inlines
# kperm.cl when cl_source() is called, so edits to either show at once.
def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    pth = "__editable__.%s-%s.pth" % (NAME, version())
    return _write_wheel(wheel_directory, [(pth, (HERE + "\n").encode())])
