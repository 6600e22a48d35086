#!/usr/bin/env python3
"""The classes of Debian's packaged modules that the reference compiles on this machine.

Issue 37 asks that, with only `--modulepath /usr/share/puppet/modules` and this machine's own
facts, every class that `puppet apply --noop` compiles here also compiles in prepl. This
script asks the reference: every class of every module under /usr/share/puppet/modules,
included alone (`include NAME`), with this machine's facts (`puppet facts show
--show-legacy`: `puppet apply` has the legacy facts too, and the modules' custom facts and
the external facts of facts.d) and its certname; it writes the classes that compile to
machine_successes.txt (one a line, with the module list it was made from as a comment). `tests/real_modules.rs` (`every_class_the_reference_compiles_here`) then
includes each of them in prepl with the default settings.

    tests/real_modules/machine.py        # needs puppet-agent and the oracle
"""
import json
import os
import pathlib
import re
import socket
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
MODULES = pathlib.Path("/usr/share/puppet/modules")
ORACLE = os.environ.get("ORACLE", "/work/shared/tools/puppet-oracle")


def classes():
    names = []
    for module in sorted(p for p in MODULES.iterdir() if (p / "manifests").is_dir()):
        for path in sorted((module / "manifests").rglob("*.pp")):
            m = re.search(r"^class\s+([a-z0-9_:]+)", path.read_text(errors="replace"), re.M)
            if m:
                names.append(m.group(1))
    return names


def machine_facts():
    out = subprocess.run(["puppet", "facts", "show", "--show-legacy", "--render-as", "json"],
                         check=True, capture_output=True, text=True).stdout
    facts = json.loads(out)
    return facts.get("values", facts)


def main():
    names = classes()
    facts = machine_facts()
    node = facts.get("networking", {}).get("fqdn") or socket.getfqdn()
    lines = "".join(json.dumps({"id": n, "src": f"include {n}", "modulepath": [str(MODULES)],
                                "facts": facts, "node": node, "catalog": True}) + "\n"
                    for n in names)
    env = dict(os.environ)
    env["RUBYOPT"] = f"-r{HERE.parent / 'corpus/gen/fresh_case.rb'} " + env.get("RUBYOPT", "")
    out = subprocess.run([ORACLE, "--jsonl"], input=lines, check=True, capture_output=True,
                         text=True, env=env).stdout.splitlines()
    if len(out) != len(names):
        sys.exit(f"machine.py: {len(names)} cases but {len(out)} answers")
    ok = [n for n, a in zip(names, out) if "error" not in json.loads(a)]
    modules = sorted({n.split("::")[0] for n in names})
    system = f"{facts['os']['name']} {facts['os']['release']['major']}"
    text = (f"# os: {system}\n"
            "# Classes the reference (puppet-agent) compiles on this machine with its own facts,\n"
            f"# of {len(names)} in the modules {' '.join(modules)}; written by machine.py.\n"
            + "".join(n + "\n" for n in ok))
    (HERE / "machine_successes.txt").write_text(text)
    print(f"{len(ok)} of {len(names)} classes compile in the reference")


if __name__ == "__main__":
    main()
