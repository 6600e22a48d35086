"""The compact form of an oracle answer for the module sweep's data: the cache's modules/
directory written `@MODULES@`, and every string value of a resource parameter longer than
LONG characters (file contents from templates) replaced by its digest,
`sha256:<first 16 hex digits> (<length> chars)`; tests/module_sweep.rs does the same to
prepl's catalogs before comparing."""
import hashlib

LONG = 200


def digest(s):
    if len(s) <= LONG:
        return s
    return f"sha256:{hashlib.sha256(s.encode()).hexdigest()[:16]} ({len(s)} chars)"


def shorten(v):
    if isinstance(v, str):
        return digest(v)
    if isinstance(v, list):
        return [shorten(x) for x in v]
    if isinstance(v, dict):
        return {k: shorten(x) for k, x in v.items()}
    return v


def relative(v, prefix, by="@MODULES@"):
    if isinstance(v, str):
        return v.replace(prefix, by)
    if isinstance(v, list):
        return [relative(x, prefix, by) for x in v]
    if isinstance(v, dict):
        return {k: relative(x, prefix, by) for k, x in v.items()}
    return v


def compact(answer, modules_dir):
    answer = relative(answer, modules_dir)
    for r in answer.get("resources", []):
        if "parameters" in r:
            r["parameters"] = shorten(r["parameters"])
    return answer
