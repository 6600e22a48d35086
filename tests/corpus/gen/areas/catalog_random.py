# A fixed sample of the random catalog programs of the differential tester
# (tests/differential/areas/catalog.py, seed 'corpus'): `cargo test --test corpus` compares
# them with the reference on every run; `tests/differential/run.py catalog` runs thousands
# on demand. Programs whose answer is a documented deviation (docs/deviations.md: an
# override's "already set" naming a Ruby object) are left out (see SKIPPED).
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "differential"))
from areas import catalog  # noqa: E402

COMPILE_CATALOG = True
COUNT = 200
# Indexes (from 0) of the generated programs left out, with the reason.
SKIPPED = {
    112: "an override's 'already set' names a Ruby object (deviation)",
    132: "an override's 'already set' names a Ruby object (deviation)",
    158: "an override's 'already set' names a Ruby object (deviation)",
}

_rng = random.Random("catalog:corpus")
_all = [catalog.program(_rng) for _ in range(COUNT)]
PROGRAMS = [p for i, p in enumerate(_all) if i not in SKIPPED]
