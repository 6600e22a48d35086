"""Type mismatch messages: random values against random types where they fail, through
`assert_type` (with and without a lambda), a function's typed parameter, a class parameter
and a resource-free `Struct`/`Tuple` alias, so that the whole description (paths `index 1`,
`entry 'a'`, `variant 0`, sizes, missing and unrecognized keys, Optional/NotUndef/Enum/
Pattern wording, the short or detailed `got` type) is compared with the reference's."""
from gen import type_, value, quote

CHECKS_PER_PROGRAM = 1


def check(rng):
    t, v = type_(rng), value(rng)
    k = rng.randrange(6)
    if k == 0:
        return f"assert_type({t}, {v})"
    if k == 1:
        return f"assert_type({t}, {v}) |$e, $a| {{ [String($e), String($a)] }}"
    if k == 2:
        return f"function f({t} $x) {{ $x }} f({v})"
    if k == 3:
        return f"function f(String $s, {t} *$rest) {{ $rest }} f('x', {v}, {value(rng)})"
    if k == 4:
        return f"type A = {t} function f(A $x) {{ $x }} f({v})"
    return f"class c({t} $p) {{ }} class {{ c: p => {v} }}"


def deviation(src, expected, got):
    e = expected.get("error") or ""
    if "undefined method" in e or "NoMethodError" in e:
        return "the reference fails internally (a Ruby NoMethodError), prepl describes the mismatch"
    return None
