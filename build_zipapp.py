"""Pack checkpoint_mcp.py into checkpoint.pyz, a zipapp the same source always makes byte for byte.

    python3 build_zipapp.py            # writes checkpoint.pyz and plugin/checkpoint.pyz
    python3 build_zipapp.py --check    # exit 1 if plugin/checkpoint.pyz is not a fresh build

The archive is what `zipapp.create_archive` makes (an interpreter line, then a zip with a
`__main__.py`), but written here entry by entry with fixed timestamps, modes and order,
because `create_archive` stamps each file's mtime and follows directory order.
"""
import argparse
import io
import os
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = "checkpoint_mcp.py"
INTERPRETER = "/usr/bin/env python3"
OUTPUTS = ("checkpoint.pyz", os.path.join("plugin", "checkpoint.pyz"))
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can carry

MAIN = b'''\
import sys

from checkpoint_mcp import main

sys.exit(main())
'''


class BuildError(Exception):
    """The build cannot go on; the message says why."""


def build_archive(source_dir=HERE):
    """The bytes of checkpoint.pyz for the module in `source_dir`."""
    try:
        with open(os.path.join(source_dir, MODULE), "rb") as handle:
            module = handle.read()
    except OSError as error:
        raise BuildError("cannot read %s: %s" % (MODULE, error.strerror)) from None
    entries = sorted({"__main__.py": MAIN, MODULE: module}.items())
    buffer = io.BytesIO()
    buffer.write(b"#!" + INTERPRETER.encode("utf-8") + b"\n")
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # Unix, whatever machine builds it
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def write_outputs(data, target_dir=HERE):
    for relative in OUTPUTS:
        path = os.path.join(target_dir, relative)
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        os.chmod(path, 0o755)


def is_current(data, target_dir=HERE):
    try:
        with open(os.path.join(target_dir, OUTPUTS[-1]), "rb") as handle:
            return handle.read() == data
    except OSError:
        return False


def main(args=None):
    parser = argparse.ArgumentParser(description="Build checkpoint.pyz reproducibly.")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if plugin/checkpoint.pyz is stale")
    options = parser.parse_args(args)
    try:
        data = build_archive()
    except BuildError as error:
        sys.exit("build_zipapp.py: %s" % error)
    if options.check:
        if not is_current(data):
            sys.exit("plugin/checkpoint.pyz is not a fresh build of %s: run "
                     "`python3 build_zipapp.py` and commit the result." % MODULE)
        print("plugin/checkpoint.pyz is up to date")
        return
    write_outputs(data)
    print("wrote %s (%d bytes)" % (", ".join(OUTPUTS), len(data)))


if __name__ == "__main__":
    main()
