"""Benchmark programs too large to keep in the repository, generated on demand.

generate(dir) writes them into dir (deterministically) and returns their paths; their
expected outputs are in bench/expected/ like the others'.
"""

from pathlib import Path


def big_literal():
    """A 5 MB manifest: one hash literal of 19,000 entries (parse time and memory)."""
    out = ["# A 5 MB hash literal: parsing and building it.\n$hosts = {\n"]
    for i in range(1, 19001):
        out.append(
            f"  'host{i}.example.com' => {{ 'ip' => '10.{i // 65536}.{i // 256 % 256}.{i % 256}', "
            f"'port' => {8000 + i % 1000}, 'enabled' => {'true' if i % 3 else 'false'}, "
            f"'weight' => {i % 97}.5, 'roles' => ['web', 'db{i % 7}', \"rack-{i % 40}\"], "
            f"'owner' => {{ 'team' => 'ops{i % 13}', 'mail' => 'ops{i % 13}@example.com' }}, "
            f"'note' => 'generated entry number {i} of the benchmark' }},\n"
        )
    out.append("}\n")
    out.append(
        "[$hosts.length, $hosts['host19000.example.com']['ip'],"
        " $hosts.filter |$k, $v| { $v['enabled'] }.length]\n"
    )
    return "".join(out)


PROGRAMS = {"big_literal.pp": big_literal}


def generate(directory):
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, make in PROGRAMS.items():
        path = directory / name
        text = make()
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        paths.append(path)
    return paths
