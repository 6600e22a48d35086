#!/usr/bin/env bash
# Tests the Jupyter kernel end to end: a Python venv with the Jupyter client libraries (from
# PyPI), the kernel built and installed into it, the protocol and robustness tests, and every
# notebook in notebooks/ executed with `jupyter execute`. Exits non-zero on any failure.
#
#   scripts/kernel-tests.sh                     run everything
#   scripts/kernel-tests.sh --update-notebooks  also write the fresh outputs into notebooks/
set -euo pipefail

update_notebooks=no
for arg in "$@"; do
    case "$arg" in
        --update-notebooks) update_notebooks=yes ;;
        *) echo "usage: $0 [--update-notebooks]" >&2; exit 2 ;;
    esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
venv="$root/.venv"
python=${PYTHON:-python3}

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    jupyter_kernel_test jupyter_client nbclient nbformat jupyter_core

cargo build --quiet -p prepl-kernel
target_dir=${CARGO_TARGET_DIR:-$root/target}
kernel="$target_dir/debug/prepl-kernel"

# Everything Jupyter looks up comes from the venv, not from the user's own setup.
export VIRTUAL_ENV="$venv"
export PATH="$venv/bin:$PATH"
export JUPYTER_PATH="$venv/share/jupyter"
export JUPYTER_DATA_DIR="$venv/share/jupyter"
export JUPYTER_CONFIG_DIR="$venv/etc/jupyter"
export JUPYTER_RUNTIME_DIR="$venv/runtime"
export JUPYTER_PLATFORM_DIRS=1
export PYDEVD_DISABLE_FILE_VALIDATION=1
# No global modules of this machine (the reference's basemodulepath): the tests give their own.
export PREPL_BASEMODULEPATH=

"$kernel" install --sys-prefix
specs=$(jupyter kernelspec list)
grep -q '^ *puppet ' <<<"$specs" || {
    echo "kernel-tests: the puppet kernelspec is not visible to jupyter" >&2
    exit 1
}

python -m unittest discover -s "$root/kernel/tests" -p 'test_*.py' -v

# Every notebook runs without errors (cells tagged raises-exception may fail)...
for nb in "$root"/notebooks/*.ipynb; do
    echo "== jupyter execute $(basename "$nb")"
    jupyter execute --kernel_name=puppet --timeout=120 "$nb"
done
# ...and its committed outputs are the ones the kernel produces now.
if [ "$update_notebooks" = yes ]; then
    python "$root/kernel/tests/check_notebooks.py" --update "$root"/notebooks/*.ipynb
else
    python "$root/kernel/tests/check_notebooks.py" "$root"/notebooks/*.ipynb
fi
echo "kernel-tests: all passed"
