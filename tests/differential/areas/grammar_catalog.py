"""The area `grammar`'s catalog statements: resources (titles interpolating expressions,
arrays of titles, `*` attributes, virtual `@` and exported `@@` ones), resource defaults
and overrides (`=>`, `+>`), classes and defines with typed parameters whose defaults read
the earlier parameters (and `$title`/`$name`), declared by `include`, `contain`, `require`
and the resource form, collectors with queries (and overrides, exported `<<| |>>`),
relationships (`->`, `~>`, `<-`, `<~`, chains, arrays of references, collectors and
declarations as operands) and `realize`; parameters named by keywords (`$unless`, `$class`,
attributes `unless => 1`), attributes given by `* => {...}`, node definitions."""
import re

from areas.grammar_base import KINDS, WORDS, scope_kind, sq
from areas.grammar_real_catalog import chain, defaulted_instances, fact_selector_notify, query_collector

# Keywords a parameter (and so an attribute) may be named by (not `true` and `false`).
KEYWORD_NAMES = ["if", "unless", "class", "define", "node", "case", "default", "and", "or",
                 "in", "type", "function", "attr", "private", "inherits", "else", "elsif",
                 "undef", "application", "site", "produces", "consumes", "plan"]


class Catalog:
    """What a program declared, so that references name it."""
    def __init__(self, g):
        self.g = g
        self.out = []
        self.notifies = []   # titles of notify resources (virtual or not)
        self.virtual = []    # titles of virtual or exported ones
        self.defines = []    # [(name, [(param, kind, has default)])]
        self.instances = []  # [(define name, title)]
        self.classes = []    # names of classes declared
        self.class_defs = []  # [(name, [(param, kind, has default)])]
        self.leveled = set()  # titles of notify resources declared with a `loglevel`
        self.real = []       # titles of notify resources declared neither virtual nor exported

    def emit(self, src):
        self.out.append(self.g.line(src))

    def ref(self):
        """A reference to something declared (a mistake now and then: one that is not)."""
        r = self.r
        pool = [("notify", t) for t in self.notifies]
        pool += self.instances
        pool += [("class", c) for c in self.classes]
        if not pool or self.g.mistakes and r.random() < 0.02:
            return f"Notify[{sq(r.choice(['nothere', 'r0']))}]"
        kind, title = r.choice(pool)
        # (spelled as `Resource[...]` now and then: by the type's name or its type, not
        # `Resource[Class, ...]`, an error)
        if r.random() < 0.2:
            return r.choice([f"Resource[{sq(kind)}, {sq(title)}]"] +
                            [f"Resource[{kind.capitalize()}][{sq(title)}]"] * (kind != "class"))
        if kind == "class":
            return f"Class[{r.choice([title, sq(title)])}]"
        return f"{kind.capitalize()}[{sq(title)}]"

    def metaparameter(self):
        """A relationship metaparameter (`require => Class[c]`, `before => [...]`) naming
        what was declared before, or nothing."""
        r = self.r
        if not (self.notifies or self.instances or self.classes) or r.random() < 0.8:
            return []
        refs = [self.ref() for _ in range(r.randint(1, 2))]
        value = refs[0] if len(refs) == 1 else f"[{', '.join(refs)}]"
        return [f"{r.choice(['require', 'before', 'notify', 'subscribe'])} => {value}"]

    @property
    def r(self):
        return self.g.r

    # --- definitions ---------------------------------------------------------------------
    def params(self, extra):
        """Typed parameters whose defaults read the earlier ones (and `extra`, the scope's
        own variables): [(name, kind, has default)] and their source."""
        g, r = self.g, self.r
        params, srcs = [], []
        outer, g.scope = g.scope, list(extra)
        for _ in range(r.randint(1, 3)):
            # (a `Deferred` value now and then, as modules take secrets: checked by its
            # function's return type)
            name, kind = g.fresh("p"), r.choice(KINDS + ["rec"] + ["deferred"] * (r.random() < 0.3))
            if r.random() < 0.15:
                name = r.choice([k for k in KEYWORD_NAMES if k not in {p[0] for p in params}])
            default = r.random() < 0.7
            src = f"{g.param_type(kind)} ${name}"
            if default:
                g.in_default = True
                src += f" = {g.e(kind, 1, 0)}"
                g.in_default = False
            params.append((name, kind, default))
            srcs.append(src)
            g.scope.append((name, scope_kind(kind)))
        g.scope = outer
        return params, ", ".join(srcs)

    def body(self, label, params, extra):
        """A notify of the definition's, whose message reads its parameters (and `extra`,
        and top scope variables by their qualified names now and then: `$::v3`)."""
        g = self.g
        tops = [("::" + n, k) for n, k in g.scope if "::" not in n] if self.r.random() < 0.5 else []
        outer, g.scope = g.scope, [(n, scope_kind(k)) for n, k, _ in params] + list(extra) + tops
        g.in_string += 1
        title = f'"{label}-${{title}}"' if extra else sq(label)
        src = f"notify {{ {title}: message => {g.e('any', 2, 0)} }}"
        if self.r.random() < 0.3:
            src = f"Notify {{ tag => {sq(label)} }} " + src
        g.in_string -= 1
        g.scope = outer
        return src

    def define(self):
        g = self.g
        name = g.fresh("gd")
        extra = [("title", "str"), ("name", "str")]
        params, src = self.params(extra)
        self.emit(f"define {name}({src}) {{ {self.body(name, params, extra)} }}")
        self.defines.append((name, params))

    def klass(self):
        """A class (without parameters now and then, inheriting an earlier one whose
        parameters all have defaults now and then, its body reading the parent's), and its
        declaration; later expressions read its parameters by qualified name (`$gc3::p4`)."""
        g, r = self.g, self.r
        name = g.fresh("gc")
        parents = [c for c in self.class_defs if all(dflt for _, _, dflt in c[1])]
        parent = r.choice(parents) if parents and r.random() < 0.3 else None
        inherited = [(n, k, True) for n, k, _ in parent[1] if n not in KEYWORD_NAMES] if parent else []
        if r.random() < 0.15:
            params, head = [], ""
        else:
            params, src = self.params([])
            head = f"({src})"
        head += f" inherits {parent[0]}" if parent else ""
        body = self.body(name, params + inherited, [])
        if parent and r.random() < 0.5:
            # (the parent's notify overridden by the class inheriting it: `message` too,
            # which the parent's declaration set)
            g.scope += [(n, scope_kind(k)) for n, k, _ in params + inherited]
            attr = r.choice([f"message => {g.e('any', 1, 0)}", f"message +> {g.e('str', 1, 0)}",
                             "tag +> 'o2'", f"withpath => {g.e('bool', 1, 0)}"])
            del g.scope[len(g.scope) - len(params + inherited):]
            body += f" Notify[{sq(parent[0])}] {{ {attr} }}"
        self.emit(f"class {name}{head} {{ {body} }}")
        self.class_defs.append((name, params))
        args = self.args(params, 0.4, r.random() < 0.2)
        # (the include-like forms when every parameter has a default, but now and then in
        # the programs that make mistakes)
        needed = any(not dflt for _, _, dflt in params) and not (g.mistakes and r.random() < 0.1)
        if needed or r.random() < 0.3:
            self.emit(f"class {{ {sq(name)}: {args} }}")
        else:
            self.emit(r.choice([f"include {name}", f"contain {name}", f"require {name}",
                                f"include({sq(name)})", f"[{sq(name)}].include"]))
        self.classes.append(name)
        g.scope += [(f"{name}::{n}", scope_kind(k)) for n, k, _ in params + inherited
                    if n not in KEYWORD_NAMES]

    def args(self, params, p, splat=False):
        """Arguments for `params`: those without a default, others with probability `p`
        (one of them by `* => {...}` when `splat`)."""
        g, r = self.g, self.r
        pairs = [(n, g.e(k, 1, 0)) for n, k, dflt in params
                 if not dflt or r.random() < p or r.random() < 0.02]
        if splat:
            return "* => {" + ", ".join(f"{sq(n)} => {v}" for n, v in pairs) + "}"
        return ", ".join(f"{n} => {v}" for n, v in pairs)

    def instance(self):
        g, r = self.g, self.r
        name, params = r.choice(self.defines)
        titles = [g.fresh("i") for _ in range(r.choice([1, 1, 2]))]
        args = self.args(params, 0.5, r.random() < 0.2)
        at = "@" if r.random() < 0.15 else ""
        head = sq(titles[0]) if len(titles) == 1 else "[" + ", ".join(map(sq, titles)) + "]"
        self.emit(f"{at}{name} {{ {head}: {args} }}")
        self.instances += [(name, t) for t in titles]

    # --- resources -----------------------------------------------------------------------
    def notify(self):
        g, r = self.g, self.r
        t = g.fresh("r")
        if r.random() < 0.6:
            title, known = sq(t), True
        else:
            g.in_string += 1
            title, known = f'"{t}-{g.interpolation()}"', False
            g.in_string -= 1
        at = r.choice(["", "", "", "", "@", "@@"])
        tag = r.choice(["'t1'", "['t1', 't2']", "'m::n'", "'t2'"])
        attrs = [f"message => {g.e('any', 2, 0)}", f"tag => {tag}"]
        if r.random() < 0.2:
            attrs.append(f"loglevel => {r.choice(['info', 'warning', sq('debug')])}")
        attrs += self.metaparameter()
        r.shuffle(attrs)
        if r.random() < 0.2:
            # (some or all attributes from a hash)
            n = r.randint(0, len(attrs))
            given = ", ".join(a if r.random() < 0.5 else sq(a.split(" ")[0]) + a[a.index(" "):]
                              for a in attrs[n:])
            attrs = attrs[:n] + [f"* => {{{given}}}"]
        # (the type named by a `Resource` type now and then)
        kw = r.choice(["Resource['notify']", "Resource[Notify]"]) if not at and r.random() < 0.1 else "notify"
        src = f"{at}{kw} {{ {title}: {', '.join(attrs)} }}"
        if known and r.random() < 0.15:
            # (several bodies in one declaration, attributes for all of them in `default:`)
            t2 = g.fresh("r")
            more = [f"{sq(t2)}: " + r.choice(["", f"message => {g.e('any', 1, 0)}"])]
            if r.random() < 0.6:
                # (not `withpath` or `loglevel`, which overrides set: "already set")
                more.insert(0, f"default: message => {g.e('str', 1, 0)}")
            r.shuffle(more)
            src = f"{at}{kw} {{ {'; '.join([f'{title}: ' + ', '.join(attrs)] + more)} }}"
            self.notifies.append(t2)
            if at:
                self.virtual.append(t2)
        elif known and not at and self.notifies and r.random() < 0.15:
            # a declaration as a relationship's operand
            src = f"{self.ref()} {r.choice(['->', '~>'])} {src}"
        if known:
            self.notifies.append(t)
            if at:
                self.virtual.append(t)
            else:
                self.real.append(t)
            # (also given by `* => {..., loglevel => ...}`)
            if any(re.match(r"'?loglevel'? =>", a) or
                   a.startswith("* =>") and re.search(r"[{,] '?loglevel'? =>", a) for a in attrs):
                self.leveled.add(t)
        self.emit(src)

    def define_default(self):
        """Resource defaults of a defined type (an attribute named by a keyword too)."""
        g, r = self.g, self.r
        if not self.defines:
            return
        name, params = r.choice(self.defines)
        n, k, _ = r.choice(params)
        self.emit(f"{name.capitalize()} {{ {n} => {g.e(k, 1, 0)} }}")

    def default(self):
        g, r = self.g, self.r
        attr = r.choice([f"message => {g.e('any', 1, 0)}", f"withpath => {g.e('bool', 1, 0)}",
                         "loglevel => 'notice'", f"tag => {sq(r.choice(['d1', 'm::n']))}"])
        self.emit(f"Notify {{ {attr} }}")

    def override(self):
        g, r = self.g, self.r
        if not self.notifies:
            return
        titles = [r.choice(self.notifies)]
        if len(self.notifies) > 1 and r.random() < 0.15:
            # (several resources in one reference)
            titles = r.sample(self.notifies, 2)
        # (a parameter the declaration set cannot be set again from the same scope: in the
        # programs that make mistakes)
        leveled = self.leveled.intersection(titles) and not (g.mistakes and r.random() < 0.1)
        # (`message` and `tag`, which declarations set, also by `+>`: in the programs
        # that make mistakes)
        attr = r.choice([f"message => {g.e('any', 1, 0)}", "tag +> 'o1'", "message +> 'm'"]
                        if g.mistakes and r.random() < 0.3 else
                        [f"withpath => {g.e('bool', 1, 0)}"] + ["loglevel => 'info'"] * (not leveled))
        self.emit(f"Notify[{', '.join(map(sq, titles))}] {{ {attr} }}")

    def query(self, params=None):
        g, r = self.g, self.r
        atoms = [f"title == {sq(r.choice(self.notifies or ['x']))}", f"tag == {sq(r.choice(['t1', 't2', 'm::n', 'o1']))}",
                 f"message != {sq(r.choice(WORDS))}", f"title != {sq(r.choice(WORDS))}",
                 f"message == {r.choice([sq(r.choice(WORDS)), str(r.randint(0, 9)), 'true'])}"]
        if params:
            # (a query's operand is a literal: a number, a string, a boolean)
            lit = {"int": str(r.randint(0, 9)), "bool": "true"}
            atoms = [f"{n} == {lit.get(k, sq(r.choice(WORDS)))}" for n, k, _ in params
                     if n not in KEYWORD_NAMES] + atoms[:2]
        q = r.choice(atoms)
        for _ in range(r.choice([0, 0, 1, 2])):
            q = r.choice([f"{q} and {r.choice(atoms)}", f"{q} or {r.choice(atoms)}",
                          f"({q}) and {r.choice(atoms)}", f"{r.choice(atoms)} or ({q})"])
        return q

    def collector(self):
        g, r = self.g, self.r
        if self.defines and r.random() < 0.2:
            name, params = r.choice(self.defines)
            coll = f"{name.capitalize()} <| {self.query(params)} |>"
        else:
            q = self.query() if r.random() < 0.85 else ""
            coll = f"Notify <| {q} |>" if r.random() < 0.8 else f"Notify <<| {q} |>>"
        k = r.randrange(5)
        if k == 0:
            coll += r.choice([f" {{ message => {g.e('any', 1, 0)} }}",
                              f" {{ tag +> {sq(r.choice(['c1', 'm::n']))} }}",
                              f" {{ message +> {g.e('str', 1, 0)}, loglevel => 'info' }}"])
        elif k == 1 and (self.notifies or self.classes):
            coll = r.choice([f"{coll} -> {self.ref()}", f"{self.ref()} ~> {coll}"])
        elif k == 2 and (self.notifies or self.classes):
            # (a chain of collectors and references)
            other = f"Notify <| {self.query()} |>"
            coll = r.choice([f"{coll} -> {self.ref()} ~> {other}", f"{self.ref()} -> {coll} <- {other}",
                             f"{coll} ~> {other}"])
        self.emit(coll)

    def relationship(self):
        r = self.r
        if not (self.notifies or self.instances or self.classes) and r.random() < 0.9:
            return  # (nothing to relate: a reference to nothing, now and then)
        k = r.randrange(4 if self.notifies else 3)
        if k == 0:
            src = f"{self.ref()} {r.choice(['->', '~>', '<-', '<~'])} {self.ref()}"
        elif k == 1:
            refs = ", ".join(self.ref() for _ in range(r.randint(1, 3)))
            src = f"[{refs}] {r.choice(['->', '~>'])} {self.ref()}"
        elif k == 2:
            src = f"{self.ref()} -> {self.ref()} ~> {self.ref()}"
        else:
            src = f"Notify[{', '.join(map(sq, self.notifies[:3]))}] -> {self.ref()}"
        # (a resource before itself is a cycle, the reference's and prepl's error)
        self.emit(src)

    def created(self):
        """Notify resources made by `create_resources` (defaults for all of them now and
        then)."""
        g, r = self.g, self.r
        titles = [g.fresh("r") for _ in range(r.randint(1, 2))]
        attrs = lambda: f"message => {g.e('any', 1, 0)}" if r.random() < 0.7 else ""
        bodies = ", ".join(f"{sq(t)} => {{{attrs()}}}" for t in titles)
        defaults = r.choice(["", f", {{tag => {sq(r.choice(['c1', 'm::n']))}}}"])
        self.emit(f"create_resources('notify', {{{bodies}}}{defaults})")
        self.notifies += titles
        self.real += titles

    def reads(self):
        """Reads of the catalog made so far: whether resources, classes and defined types are
        declared (`defined`), the attributes of a declared resource (`Notify['r1']['tag']`)."""
        r = self.r
        forms = [lambda: f"defined({self.ref()})",
                 lambda: f"defined({sq(r.choice(self.classes + [d for d, _ in self.defines] + ['notify', 'nothere']))})"]
        if self.real:
            forms.append(lambda: f"Notify[{sq(r.choice(self.real))}][{sq(r.choice(['message', 'tag', 'loglevel']))}]")
        self.emit(f"notice({', '.join(r.choice(forms)() for _ in range(r.randint(1, 3)))})")

    def realize(self):
        r = self.r
        if not self.virtual and r.random() < 0.9:
            return
        ts = self.virtual or ["nothere"]
        refs = [f"Notify[{sq(t)}]" for t in r.sample(ts, min(len(ts), r.randint(1, 2)))]
        if self.instances and r.random() < 0.2:
            d, t = r.choice(self.instances)
            refs.append(f"{d.capitalize()}[{sq(t)}]")
        self.emit(r.choice([f"realize({', '.join(refs)})", f"realize([{', '.join(refs)}])",
                            f"{refs[0]}.realize"]))


# Node definitions (the oracle's node is `oracle.example.com`): the names that match it (a
# regexp's groups read in the body) and those that do not.
NODE_MATCHES = ["'oracle.example.com'", "oracle.example.com", "/^oracle\\./", "/(oracle)\\.(\\w+)/",
                "/example/", "'other', /^(o)racle/", "\"oracle.example.com\""]
NODE_OTHERS = ["'other'", "/^db\\d+/", "'web.example.com', 'db'", "/(?i:EXAMPLE\\.ORG)/"]


def nodes(g):
    """Node definitions: one that matches the node (a name, a regexp, `default` or a list
    of them) among others, and `default` now and then; the body a notify reading the
    match's groups and an expression."""
    r = g.r
    match = r.choice(NODE_MATCHES + ["default"])
    # (a name given twice is an error: `'other'` is in both lists)
    others = [o for o in NODE_OTHERS if o not in match]
    heads = [match] + r.sample(others, r.randint(0, 2))
    if match != "default" and r.random() < 0.4:
        heads.append("default")
    r.shuffle(heads)
    out = []
    for head in heads:
        names = [head]
        if head == match and "default" not in heads and r.random() < 0.2:
            names.append("default")
        t = g.fresh("n")
        g.in_string += 1
        body = f"notify {{ '{t}': message => \"${{0}}|${{1}}|${{2}}|{t}\" }} notice({g.e('any', 1, 0)})"
        g.in_string -= 1
        out.append(g.line(f"node {', '.join(names)} {{ {body} }}"))
    return out


def resources(g):
    """A program's catalog statements, in an order where references name what came
    before (a mistake now and then)."""
    r = g.r
    c = Catalog(g)
    if r.random() < 0.3:
        c.default()
    for _ in range(r.choice([0, 0, 1, 1, 2])):
        c.define()
    steps = [c.notify] * r.randint(1, 3) + [c.instance] * (r.randint(1, 2) if c.defines else 0)
    steps += [c.klass] * r.choice([0, 0, 1, 1, 2])
    if c.defines and r.random() < 0.3:
        steps.append(c.define_default)
    # (forms of real modules: `grammar_real_catalog`)
    steps += [lambda: chain(c)] * (r.random() < 0.2) + [lambda: fact_selector_notify(c)] * (r.random() < 0.2)
    steps += [lambda: defaulted_instances(c)] * (bool(c.defines) and r.random() < 0.3)
    r.shuffle(steps)
    for step in steps:
        step()
    for step in r.sample([c.override, c.collector, c.relationship, c.realize, c.collector,
                          c.relationship, c.created, c.reads, lambda: query_collector(c)],
                         r.randint(0, 4)):
        step()
    return c.out
