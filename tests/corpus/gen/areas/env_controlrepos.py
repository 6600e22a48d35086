"""Random control repositories (a fixed sample of the differential area `controlrepos`,
`tests/fixtures/controlrepos/`, written by `gen/controlrepos_fixtures.py`): each compiled
for its node as `puppet apply` would, its main manifest's text as the program, with its
roles and profiles, Hiera data, templates, module functions in Puppet and Ruby, custom facts
(given to the oracle as the reference's Facter resolved them; prepl resolves them from the
modules' source: `custom_facts`) and, in some, Debian's modules."""
import json
import pathlib

COMPILE_CATALOG = True

_CASES = pathlib.Path(__file__).resolve().parents[3] / "fixtures" / "controlrepos" / "cases.json"
PROGRAMS = json.loads(_CASES.read_text())
