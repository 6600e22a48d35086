"""Whether prepl's parser accepts a program (`prepl --check`, `$PREPL` or the repository's
release build): the filter of the generators that take code from documentation
(reference_docs.py, spec_examples.py, ../../doc_sweep/extract.py), where prose and syntax
sketches mix with code."""
import os
import pathlib
import subprocess
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[3]
PREPL = os.environ.get("PREPL", str(REPO / "target" / "release" / "prepl"))


def parses(src):
    with tempfile.NamedTemporaryFile("w", suffix=".pp", delete=False) as t:
        t.write(src + "\n")
    try:
        return subprocess.run([PREPL, "--check", t.name], capture_output=True).returncode == 0
    finally:
        os.unlink(t.name)
