#!/usr/bin/env python3
"""Writes tests/ruby_repo/expected.jsonl: the reference's catalogs of the nodes of the fixture
control repo tests/fixtures/ruby-repo/production (its own Ruby functions, 4.x and 3.x, a
puppet_x helper, custom facts, Hiera data, node definitions in manifests/site.pp), which
tests/ruby_repo.rs compiles with prepl and compares.

Per node: its fact file (tests/fixtures/facts/, with `clientcert` set to the node name, as
`puppet apply` adds it); the module's custom facts as the reference's Facter resolves them
over those facts (core facts replaced by the file's); then the oracle (Puppet::Pal, which
reads no site.pp and runs no Facter) compiles site.pp's text in the environment for the node,
with the file's facts and the custom facts.

    tests/ruby_repo/regen.py   # needs puppet-agent (/work/shared/tools/puppet-oracle)
"""
import json
import pathlib
import subprocess

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
ENV = "tests/fixtures/ruby-repo/production"
NODES = [
    ("web01.example.com", "tests/fixtures/facts/web01.yaml"),
    ("db01.example.com", "tests/fixtures/facts/db01.json"),
    ("other.example.com", "tests/fixtures/facts/web01.yaml"),
]
ORACLE = "/work/shared/tools/puppet-oracle"

# The custom facts of the module, by the reference's Facter: the node's facts replace the
# machine's core facts (by weight), then the module's lib/facter is loaded.
FACTER = r"""
require 'facter'
require 'json'
facts = JSON.parse(STDIN.read)
facts.each do |k, v|
  Facter.add(k.to_sym) do
    has_weight 1_000_000
    setcode { v }
  end
end
Facter.search(ARGV[0])
out = {}
ARGV[1..].each { |n| v = Facter.value(n); out[n] = v unless v.nil? }
puts JSON.generate(out)
"""


def read_facts(path):
    text = (ROOT / path).read_text()
    return json.loads(text) if path.endswith(".json") else yaml.safe_load(text)


def custom_fact_names():
    import re

    names = []
    for f in sorted((ROOT / ENV / "modules").glob("*/lib/facter/*.rb")):
        for m in re.finditer(r"Facter\.add\(:?([a-z_]+)", f.read_text()):
            if m.group(1) not in names:
                names.append(m.group(1))
    return names


cases = []
facter_dir = str(ROOT / ENV / "modules/acme/lib/facter")
site = (ROOT / ENV / "manifests/site.pp").read_text()
for node, facts_file in NODES:
    facts = read_facts(facts_file)
    facts["clientcert"] = node
    custom = json.loads(subprocess.run(["ruby", "-e", FACTER, facter_dir] + custom_fact_names(),
                                       input=json.dumps(facts), capture_output=True, text=True,
                                       check=True).stdout)
    cases.append({"node": node, "facts_file": facts_file, "custom_facts": custom,
                  "src": site, "env_dir": str(ROOT / ENV), "facts": {**facts, **custom},
                  "catalog": True, "tags": True})

out = subprocess.run([ORACLE, "--jsonl"], input="".join(json.dumps(c) + "\n" for c in cases),
                     capture_output=True, text=True, check=True).stdout.splitlines()
prefix = str(ROOT) + "/"
with open(ROOT / "tests/ruby_repo/expected.jsonl", "w") as f:
    for case, line in zip(cases, out):
        answer = json.loads(line.replace(prefix, ""))
        answer.pop("src", None)
        record = {"node": case["node"], "facts_file": case["facts_file"],
                  "custom_facts": case["custom_facts"], **answer}
        f.write(json.dumps(record) + "\n")
        print(case["node"], answer.get("error") or f"{len(answer.get('resources', []))} resources")
