"""Scopes: which variables and resource defaults a class, a define, a node and a lambda see.
Each program has top-scope variables and resource defaults, one to four classes (parameters
whose defaults read earlier parameters, top-scope and other classes' variables; `inherits`
with the parent's variables and parameters read unqualified and qualified), a define or two
(`$title`, `$name`, parameters defaulting to them), sometimes a node definition (node
variables, `$::x` against `$x` shadowed), lambdas reading and shadowing outer variables,
and `notify` resources and `notice` calls whose messages interpolate what each scope reads:
the local, the inherited, the qualified (`$c1::v`, `$::v`), the dynamic (a variable of the
including class, which the reference does not give) and the unknown. Resource defaults are
set at top scope, in classes that include others, and in defines (the reference keeps their
dynamic scope). A program is one catalog (`CATALOG = True`): the runner compares the value,
the log (warnings for unknown variables), the first line of an error and the catalog."""

CATALOG = True

CLASSES = ["c1", "c2", "m::inner", "c3"]
DEFINES = ["d1", "m::dd"]
RISKY = [False]  # whether the program being generated reads what it may not see
VALUES = ["'a'", "'b c'", "1", "true", "undef", "[1, 'x']", "{'k' => 'v'}", "''"]


def var_expr(rng, ctx, risky=False):
    """A variable reference in a scope that has the names `ctx`. Most reads are of variables
    the scope has (an unknown one is an error, which ends the program: the oracle runs with
    strict variables); a `risky` program also reads what the scope may not see: another
    class's variable (evaluated or not), a node's, the including class's (dynamic scope,
    which the reference does not give), an unknown one."""
    k = rng.randrange(14 if risky else 10)
    if k < 5 and ctx:
        return "$" + rng.choice(ctx)
    if k < 7:
        return rng.choice(["$::top", "$top", "$::shared", "$shared"])
    if k == 7:
        return rng.choice(["$title", "$name", "$module_name", "$caller_module_name"])
    if k == 8:
        return rng.choice(["$facts['nope']", "$facts.dig('x', 'y')", "$facts['clientcert']"])
    if k == 9:
        return "$top"
    if k == 10:
        c = rng.choice(CLASSES)
        return rng.choice([f"${c}::v", f"${c}::p1", f"$::{c}::v", f"${c}::p2"])
    if k == 11:
        return rng.choice(["$::nodevar", "$nodevar"])
    if k == 12:
        return rng.choice(["$v", "$p1", "$p2", "$x", "$local", "$lv"])
    return "$unknown_var"


def show(rng, ctx, n=None):
    """A string interpolating one to three reads (`${...}` of each)."""
    parts = [var_expr(rng, ctx, RISKY[0]) for _ in range(n or rng.randint(1, 3))]
    return '"' + " ".join("${" + p[1:] + "}" if not p.startswith("$facts") and "[" not in p
                          else "${" + p[1:] + "}" for p in parts) + '"'


class Prog:
    def __init__(self, rng):
        self.rng = rng
        self.titles = 0
        self.lines = []
        self.class_vars = {}  # class -> variables its body sets first (besides p1)

    def title(self, prefix):
        self.titles += 1
        return f"{prefix}{self.titles}"

    def notify(self, ctx, indent=""):
        rng = self.rng
        # unique per define instance and lambda call (`${title}`, `${i}` in those scopes)
        t = self.title("n") + "".join(f"-${{{v}}}" for v in ("title", "i") if v in ctx)
        if rng.random() < 0.3:
            return [f"{indent}notice({show(rng, ctx)})"]
        if rng.random() < 0.2:
            return [f"{indent}notify {{ \"{t}\": }}"]  # takes resource defaults
        return [f"{indent}notify {{ \"{t}\": message => {show(rng, ctx)} }}"]

    def lambda_(self, ctx, indent):
        rng = self.rng
        shadow = rng.choice(["x", "v", "lv", "p1"])
        inner = ctx + [shadow, "i"]
        body = self.notify(inner, indent + "  ")
        if rng.random() < 0.4 and shadow != "lv":
            body.insert(0, f"{indent}  $lv = \"in-${{{shadow}}}\"")
            inner.append("lv")
        head = rng.choice([f"[1, 2].each |$i, ${shadow}| {{",
                           f"with('w', 3) |${shadow}, $i| {{",
                           f"['a'].each |$i, ${shadow}| {{"])
        return [indent + head] + body + [indent + "}"]

    def defaults(self, indent=""):
        rng = self.rng
        attr = rng.choice(["message => 'from defaults'", "loglevel => 'info'",
                           "tag => 'dflt'", "message => \"dflt ${title}\"",
                           "withpath => true"])
        return [f"{indent}Notify {{ {attr} }}"]

    def body(self, ctx, indent, others, defines=DEFINES):
        rng = self.rng
        out = []
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(8)
            if k < 3:
                out += self.notify(ctx, indent)
            elif k == 3:
                out += self.lambda_(ctx, indent)
            elif k == 4:
                name = rng.choice(["v", "local", "lv2"])
                if name not in ctx:
                    out.append(f"{indent}${name} = {show(rng, ctx, 1)}")
                    ctx = ctx + [name]
            elif k == 5:
                out += self.defaults(indent)
            elif k == 6 and others:
                o = rng.choice(others)
                out.append(f"{indent}" + rng.choice([f"include {o}", f"contain {o}",
                                                     f"require {o}"]))
                # (evaluated now, unless it is being evaluated: a cycle of includes)
                ctx = ctx + [f"{o}::p1", f"::{o}::p1"] + [
                    f"{o}::{v}" for v in self.class_vars.get(o, ())]
            elif defines:
                # (a define declares only the ones defined before it: no endless recursion)
                d = rng.choice(defines)
                t = self.title("i") + "".join(f"-${{{v}}}" for v in ("title", "i")
                                              if v in ctx)
                args = rng.choice(["", f"x => {show(rng, ctx, 1)}", "y => 'given'"])
                out.append(f"{indent}{d} {{ \"{t}\": {args} }}")
        return out

    def class_(self, name, parent, others):
        rng = self.rng
        params = [f"$p1 = {rng.choice(VALUES + [show(rng, [], 1)])}"]
        ctx = ["p1"]
        if rng.random() < 0.7:
            params.append(f"$p2 = {show(rng, ['p1'], rng.randint(1, 2))}")
            ctx.append("p2")
        inh = f" inherits {parent}" if parent else ""
        if parent:
            # the parent's variables, unqualified and qualified
            inherited = self.class_vars.get(parent, [])
            ctx = ctx + [v for v in inherited if v not in ctx]
            ctx += [f"{parent}::{v}" for v in ["p1"] + inherited]
        lines = [f"class {name}({', '.join(params)}){inh} {{"]
        own = [v for v in ctx if v == "p2"]
        if rng.random() < 0.6 and "v" not in ctx:
            lines.append(f"  $v = {show(rng, ctx, 1)}")
            ctx = ctx + ["v"]
            own.append("v")
        self.class_vars[name] = own
        lines += self.body(ctx, "  ", others)
        return lines + ["}"]

    def define(self, name):
        rng = self.rng
        params = rng.choice(["$x = $title", "$x = \"${name}-x\", $y = $x", "$x = 'd', $y = undef",
                             "String $x = $name, $y = \"${x}!\"", "$y = $::top"])
        ctx = ["title", "name", "x", "y"]
        lines = [f"define {name}({params}) {{"]
        lines += self.body(ctx, "  ", [], DEFINES[:DEFINES.index(name)])
        return lines + ["}"]


def program(rng):
    RISKY[0] = rng.random() < 0.25
    p = Prog(rng)
    lines = ["$top = 'T'", "$shared = 'top-shared'"]
    if rng.random() < 0.4:
        lines += p.defaults()
    n = rng.randint(1, 4)
    classes = CLASSES[:n]
    for i, c in enumerate(classes):
        parent = None
        if i > 0 and rng.random() < 0.4:
            parent = rng.choice(classes[:i])
        lines += p.class_(c, parent, [o for o in classes if o != c and o != parent])
    for d in DEFINES[:rng.randint(1, 2)]:
        lines += p.define(d)
    if rng.random() < 0.3:
        lines += p.lambda_(["top", "shared"], "")
    decl = []
    for c in rng.sample(classes, rng.randint(1, len(classes))):
        if rng.random() < 0.25:
            decl.append(f"class {{ '{c}': p1 => {rng.choice(VALUES)} }}")
        else:
            decl.append(f"include {c}")
    if rng.random() < 0.35:
        node = ["node default {", "  $nodevar = 'N'"]
        if rng.random() < 0.5:
            node.append("  $shared = 'node-shared'")
        node += p.body(["nodevar", "shared", "top"], "  ", classes)
        node += ["  " + d for d in decl] + ["}"]
        lines += node
    else:
        lines += decl
    lines += p.notify(["top", "shared"])
    return "\n".join(lines)


def deviation(d):
    return None
