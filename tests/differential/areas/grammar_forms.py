"""The area `grammar`'s statement forms that the expression producers do not make (session
47): assignments to several variables (`[$a, [$b, $c]] = [...]`, from a hash by the
variables' names, `$a = $b = ...`), calls as statements without parentheses (`notice a, b`),
and comments (`# ...` at a line's end, `/* ... */` before a statement)."""
from areas.grammar_base import KINDS, sq, statement_safe


def destructure(g):
    """`[$a, $b] = [x, y]`, a nested target now and then (`[$a, [$b, $c]] = [x, [y, z]]`),
    or from a hash by the variables' names (`[$a, $b] = {'a' => x, 'b' => y}`); the
    variables are in scope after it."""
    r = g.r
    made = []

    def target(depth):
        """A target and its value's source."""
        if depth < 1 and r.random() < 0.25:
            parts = [target(depth + 1) for _ in range(r.randint(1, 2))]
            return "[" + ", ".join(t for t, _ in parts) + "]", "[" + ", ".join(v for _, v in parts) + "]"
        name, kind = g.fresh("w"), r.choice(KINDS)
        made.append((name, kind))
        return f"${name}", g.e(kind, r.randint(1, 2), 0)
    if r.random() < 0.3:
        names = [(g.fresh("h"), r.choice(KINDS)) for _ in range(r.randint(1, 3))]
        pairs = ", ".join(f"{sq(n) if r.random() < 0.5 else n} => {g.e(k, r.randint(1, 2), 0)}"
                          for n, k in names)
        g.scope += names
        return "[" + ", ".join(f"${n}" for n, _ in names) + "] = {" + pairs + "}"
    parts = [target(0) for _ in range(r.randint(1, 3))]
    g.scope += made
    return "[" + ", ".join(t for t, _ in parts) + "] = [" + ", ".join(v for _, v in parts) + "]"


def chained(g):
    """`$a = $b = x`: both variables hold the value."""
    kind = g.r.choice(KINDS)
    a, b = g.fresh("v"), g.fresh("v")
    src = f"${a} = ${b} = {g.e(kind, g.r.randint(1, 3), 0)}"
    g.scope += [(a, kind), (b, kind)]
    return src


def command_call(g):
    """`notice a, b`: a call as a statement without parentheses, its arguments such that
    they do not read as an operator's right side (`notice -1` is a subtraction)."""
    r = g.r
    args = [g.e(r.choice(KINDS + ["any"]), r.randint(1, 2), 0) for _ in range(r.randint(1, 3))]
    if not statement_safe(args[0]) and not args[0].startswith("["):
        return f"notice({', '.join(args)})"
    return f"{r.choice(['notice', 'notice', 'warning'])} {', '.join(args)}"


def commented(g, src):
    """`src` with a comment now and then: `# ...` after it, `/* ... */` before it."""
    r = g.r
    k = r.random()
    if k < 0.08:
        return f"{src} # " + r.choice(["note", "x = 1", "${y}", "/* not a block", ""])
    if k < 0.12:
        return "/* " + r.choice(["c", "a # b", "*", "x\ny"]) + f" */ {src}"
    return src
