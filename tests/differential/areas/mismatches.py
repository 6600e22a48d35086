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


def _members(text, at):
    """The top-level parameters of the type whose `[` is at `text[at]`."""
    depth, start, out = 0, at + 1, []
    for i in range(at, len(text)):
        c = text[i]
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
            if depth == 0:
                out.append(text[start:i].strip())
                return out
        elif c == "," and depth == 1:
            out.append(text[start:i].strip())
            start = i + 1
    return out


def _variant_of_bare_optional(src):
    """Whether a Variant in `src` has an unparameterized `Optional` among its members (also
    through an `Optional[...]` member, which its normal form unwraps)."""
    import re
    for m in re.finditer(r"Variant\[", src):
        todo = _members(src, m.end() - 1)
        while todo:
            t = todo.pop()
            if t == "Optional":
                return True
            if t.startswith("Optional[") or t.startswith("Variant["):
                todo.extend(_members(t, t.index("[")))
    return False


def deviation(src, expected, got):
    import re
    e = expected.get("error") or ""
    g = got.get("error") or ""
    if "undefined method" in e or "NoMethodError" in e or "comparison of Float with nil" in e:
        return "the reference fails internally (a Ruby NoMethodError), prepl describes the mismatch"
    # (the same failure where the reference's dispatch swallows it: the signature alone, or
    # assert_type's empty message)
    signature_alone = re.fullmatch(r".*, '\w+' expects \(.*\)", e, re.S) is not None
    empty = e.endswith("Error while evaluating a Function Call, ")
    if (signature_alone or empty) and _variant_of_bare_optional(src) and g:
        return ("the reference fails internally normalizing a Variant with a bare Optional "
                "(docs/deviations.md), prepl describes the mismatch")
    # The reference forgets the size of a Collection or an Array[Any] (in an alias's
    # definition, and where it describes a class parameter's value), and says nothing of a
    # value a bare Optional refuses: it lets such a value through.
    if not e and g and re.search(r"Collection\[|\bOptional\b(?!\[)|Array\[Any, \d", src):
        return ("the reference lets through a value its type refuses where its normal form "
                "forgets a size or cannot describe a bare Optional (docs/deviations.md)")
    # An alias keeps its sizes in prepl (`A = Collection[1, 5]`), also where a signature is
    # listed; the reference's normal form forgets them (`A = Collection`).
    def forget_sizes(text):
        text = re.sub(r"Collection\[[^\[\]]*\]", "Collection", text)
        return re.sub(r"Array\[Any(, [^\[\]]*)?\]", "Array", text)
    if e and g and "type " in src and e != g and forget_sizes(g) == forget_sizes(e):
        return ("an alias keeps the sizes its definition gives (docs/deviations.md), where "
                "the reference's normal form forgets a Collection's or an Array[Any]'s")
    # `Optional[NotUndef]` (`NotUndef[Any]` too) in an alias is a bare `Optional` in the
    # reference's normal form, which accepts undef alone.
    if e and not g and re.search(r"type \w+ = .*Optional\[NotUndef(\[Any\])?\]", src):
        return ("the reference's normal form makes Optional[NotUndef] in an alias a bare "
                "Optional, which refuses every value but undef (docs/deviations.md)")
    # A bare `Optional` in a Struct's value among a Variant's alternatives: the reference's
    # normal form leaves it nothing to describe, and it lists the signature alone.
    if (e and g and re.search(r"expects \(.*\)$", e.splitlines()[0])
            and "rejected:" not in e and re.search(r"=> Optional[,}\]]", src)):
        return ("the reference's normal form of a bare Optional leaves it no reason to give "
                "(docs/deviations.md)")
    # The same where both refuse: the alias's definition listed in the signature shows the
    # bare `Optional` there.
    def bare_optional(text):
        return re.sub(r"Optional\[NotUndef(\[Any\])?\]", "Optional", text)
    if (e and g and e != g and re.search(r"type \w+ = .*Optional\[NotUndef", src)
            and bare_optional(g) == e):
        return ("the reference's normal form makes Optional[NotUndef] in an alias a bare "
                "Optional, also as the signature lists it (docs/deviations.md)")
    # A class parameter typed Iterable: the reference describes the value's inferred type,
    # which an Integer's is as a type, so it lets a negative integer through.
    if not e and "expects an Iterable value, got Integer" in g and "class " in src:
        return ("the reference lets a negative integer through a class parameter typed "
                "Iterable (docs/deviations.md)")
    # The reference also describes a Tuple's element that matches a Pattern or an Enum
    # (alone, or among a Variant's or an Optional's types): its lines are prepl's and those.
    if e and g and e != g:
        e_lines, g_lines = e.splitlines(), g.splitlines()
        extra = [l for l in e_lines if l not in g_lines]
        if (all(l in e_lines for l in g_lines[1:]) and extra
                and all(re.search(r"index \d+ expects .*(Pattern|Enum)\[", l) for l in extra)):
            return ("the reference describes a Tuple's element that matches its Pattern or "
                    "Enum (docs/deviations.md)")
    # The reference also describes a Tuple's empty-array element that matches.
    if re.search(r"index \d+ expects an? .* value, got Array\[Unit\]", e) and g:
        return ("the reference describes a Tuple's matching empty array "
                "(docs/deviations.md)")
    return None
