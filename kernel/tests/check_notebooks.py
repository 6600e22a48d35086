"""Executes notebooks with the Puppet kernel and checks that their committed outputs are
the ones the kernel produces now (plain text, streams and errors), so that the outputs
in notebooks/ stay real.

    python check_notebooks.py NOTEBOOK...            check
    python check_notebooks.py --update NOTEBOOK...   rewrite the outputs
"""

import os
import re
import sys

import nbformat
from nbclient import NotebookClient


# How long something took (`%diff`'s "Compiled and compared 3 nodes in 0.1 s."): not the
# same from one run to the next.
DURATION = re.compile(r"\b\d+(\.\d+)? s\b")


def timeless(text):
    return DURATION.sub("N s", text) if isinstance(text, str) else text


# Only there when Graphviz is installed (the text/plain beside it is always there).
OPTIONAL_MIME_TYPES = {"image/svg+xml"}


def summary(cell):
    """What must match: per output, its kind and its text. Consecutive stream outputs of
    the same stream are joined, since how output is split into messages depends on timing;
    durations in displayed text are left out.
    An SVG drawn by Graphviz does not count: the machine may not have it."""
    out = []
    for o in cell.get("outputs", []):
        kind = o["output_type"]
        if kind == "stream":
            if out and out[-1][0] == kind and out[-1][1] == o["name"]:
                out[-1] = (kind, o["name"], out[-1][2] + o["text"])
            else:
                out.append((kind, o["name"], o["text"]))
        elif kind in ("execute_result", "display_data"):
            data = o["data"]
            mimes = tuple(sorted(m for m in data if m not in OPTIONAL_MIME_TYPES))
            out.append((kind, mimes, timeless(data.get("text/plain"))))
        elif kind == "error":
            out.append((kind, o["ename"], o["evalue"]))
    return out


def run(path):
    nb = nbformat.read(path, as_version=4)
    fresh = nbformat.read(path, as_version=4)
    # The kernel runs in the notebook's directory, as under Jupyter.
    where = {"metadata": {"path": os.path.dirname(os.path.abspath(path))}}
    NotebookClient(fresh, kernel_name="puppet", timeout=120, resources=where).execute()
    return nb, fresh


def main(argv):
    update = "--update" in argv
    paths = [a for a in argv if a != "--update"]
    failed = False
    for path in paths:
        nb, fresh = run(path)
        if update:
            nbformat.write(fresh, path)
            print(f"{path}: outputs updated")
            continue
        for i, (old, new) in enumerate(zip(nb.cells, fresh.cells)):
            if old.cell_type != "code":
                continue
            if summary(old) != summary(new):
                failed = True
                print(f"{path}: cell {i} differs from its committed output:\n"
                      f"  source:    {old.source!r}\n"
                      f"  committed: {summary(old)!r}\n"
                      f"  now:       {summary(new)!r}")
        if not failed:
            print(f"{path}: outputs match")
    if failed:
        print("Run scripts/kernel-tests.sh --update-notebooks to refresh the outputs.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
