#!/usr/bin/env python3
"""Makes this sweep's cases and fact sets (session 53): an eighth of the module sweep's
classes and defines (../cases.jsonl, in order, each taken once) for each of eight facterdb
sets, a different eighth each, with the module facts the other sweeps add (those of
more_systems_2/facts-debian11.json that facterdb has not) and each system's providers.

    tests/module_sweep/more_systems_4/make.py   # writes cases.jsonl, fact_sets.json, facts-*.json
"""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
SWEEP = HERE.parent
FACTERDB = pathlib.Path("/usr/share/rubygems-integration/all/gems/facterdb-1.12.1/facts")

# name: (facterdb set, package provider, service provider)
SETS = {
    "centos9": ("4.2/centos-9-x86_64", "dnf", "systemd"),
    "redhat8": ("4.2/redhat-8-x86_64", "dnf", "systemd"),
    "oracle9": ("4.2/oraclelinux-9-x86_64", "dnf", "systemd"),
    "ubuntu2110": ("4.2/ubuntu-21.10-x86_64", "apt", "systemd"),
    "scientific7": ("4.2/scientific-7-x86_64", "yum", "systemd"),
    "freebsd11": ("4.2/freebsd-11-x86_64", "pkgng", "freebsd"),
    "debian7": ("2.5/debian-7-x86_64", "apt", "debian"),
    "win2012r2": ("3.14/windows-2012 r2-x86_64", "windows", "windows"),
}


def module_facts():
    """The facts the other sweeps add to facterdb's (module facts, the agent's own)."""
    added = json.loads((SWEEP / "more_systems_2/facts-debian11.json").read_text())
    base = json.loads((FACTERDB / "4.2/debian-11-x86_64.facts").read_text())
    return {k: v for k, v in added.items() if k not in base}


def main():
    extra = module_facts()
    unique, seen = [], set()
    for line in (SWEEP / "cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        key = (case["module"], case["src"])
        if key not in seen:
            seen.add(key)
            unique.append(case)
    cases, fact_sets = [], {}
    for k, (name, (db, package, service)) in enumerate(SETS.items()):
        facts = json.loads((FACTERDB / f"{db}.facts").read_text())
        facts.update({f: v for f, v in extra.items() if f not in facts})
        facts["package_provider"] = package
        facts["service_provider"] = service
        path = HERE / f"facts-{name}.json"
        path.write_text(json.dumps(facts, indent=1, sort_keys=True) + "\n")
        fact_sets[name] = f"tests/module_sweep/more_systems_4/{path.name}"
        for i, case in enumerate(unique):
            if (i + 3) % len(SETS) == k:
                kind_name = case["id"].split("/", 1)[1]
                cases.append({"id": f"{name}/{kind_name}", "module": case["module"],
                              "src": case["src"]})
    (HERE / "fact_sets.json").write_text(json.dumps(fact_sets, indent=1) + "\n")
    (HERE / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    print(f"{len(cases)} cases on {len(SETS)} fact sets")


if __name__ == "__main__":
    main()
