#!/usr/bin/env python3
"""Download every Debian-packaged Puppet module (`apt-cache search puppet-module`, the
`puppet-module-*` packages) with `apt-get download`, unpack each with `dpkg -x` (nothing is
installed) and lay the modules out as one modulepath:

    $PREPL_MODULE_CACHE (default: ${XDG_CACHE_HOME:-~/.cache}/prepl/debian-modules)/
        debs/       the downloaded .deb files
        unpacked/   one directory per package (`dpkg -x`)
        modules/    NAME -> ../unpacked/PKG/usr/share/puppet/modules.available/DIR (symlinks)
        packages.txt  package, version, module name, one line each

A module's name is the second half of `name` in its metadata.json (`puppetlabs-stdlib` ->
`stdlib`); packages put them under usr/share/puppet/modules.available/ (older ones under
usr/share/puppet/modules/). Dependencies are the other packages of the same cache.
Rerunning downloads only what is missing. Prints the modulepath.
"""
import json
import os
import re
import pathlib
import subprocess
import sys


def cache_dir():
    if os.environ.get("PREPL_MODULE_CACHE"):
        return pathlib.Path(os.environ["PREPL_MODULE_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return pathlib.Path(base) / "prepl" / "debian-modules"


def packages():
    out = subprocess.run(["apt-cache", "search", "--names-only", "^puppet-module-"],
                         check=True, capture_output=True, text=True).stdout
    return sorted(line.split()[0] for line in out.splitlines() if line.strip())


def module_dirs(root):
    """The module directories a package unpacked under `root` holds."""
    for sub in ("usr/share/puppet/modules.available", "usr/share/puppet/modules"):
        base = root / sub
        if base.is_dir():
            for d in sorted(base.iterdir()):
                if d.is_dir() and not d.is_symlink():
                    yield d


def module_name(d):
    meta = d / "metadata.json"
    try:
        name = json.loads(meta.read_text())["name"]
    except (OSError, ValueError, KeyError):
        # No metadata (camptocamp-augeas): the class its init.pp declares.
        try:
            m = re.search(r"^class\s+([a-z][a-z0-9_]*)", (d / "manifests/init.pp").read_text(), re.M)
        except OSError:
            m = None
        name = m.group(1) if m else d.name
    return name.replace("/", "-").split("-", 1)[-1]


def main():
    cache = cache_dir()
    debs, unpacked, modules = cache / "debs", cache / "unpacked", cache / "modules"
    for d in (debs, unpacked, modules):
        d.mkdir(parents=True, exist_ok=True)
    pkgs = packages()
    have = {p.name.split("_")[0] for p in debs.glob("*.deb")}
    missing = [p for p in pkgs if p not in have]
    if missing:
        print(f"downloading {len(missing)} packages into {debs}", file=sys.stderr)
        subprocess.run(["apt-get", "download", *missing], cwd=debs, check=True,
                       stdout=subprocess.DEVNULL)
    lines = []
    seen = {}
    for deb in sorted(debs.glob("*.deb")):
        pkg, version = deb.name.split("_")[:2]
        dest = unpacked / pkg
        if not dest.is_dir():
            subprocess.run(["dpkg", "-x", str(deb), str(dest)], check=True)
        for d in module_dirs(dest):
            name = module_name(d)
            if name in seen:
                print(f"{pkg}: module {name} already from {seen[name]}, skipped",
                      file=sys.stderr)
                continue
            seen[name] = pkg
            link = modules / name
            target = os.path.relpath(d, modules)
            if link.is_symlink() or link.exists():
                if os.readlink(link) == target:
                    lines.append(f"{pkg} {version} {name}")
                    continue
                link.unlink()
            link.symlink_to(target)
            lines.append(f"{pkg} {version} {name}")
    (cache / "packages.txt").write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} modules from {len(pkgs)} packages", file=sys.stderr)
    print(modules)


if __name__ == "__main__":
    main()
