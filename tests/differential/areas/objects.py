"""Object types: one to three random `Object[{...}]` aliases (a parent chain now and then;
attributes in the short and the long form, with defaults, `constant` and `derived` kinds,
`override`, `final`; `constants`, `equality`, `equality_include_type`), then operations on
them: instances made in every way (`T(...)`, `T.new(...)`, `new(T, ...)`, a hash of
attribute values, values in order) with right and wrong arguments, their `%p`/`%s`
forms, attribute access, `==` and hashing (`unique`, hash keys), `=~`, `<`/`==` between the
types, `type()` at each fidelity, the types' own `%p`, `assert_type`, and the built-in
`Error` type with its type parameters. One program in six has a mistake in a definition
(an unknown key, a constant without a value, an attribute redefined without `override`, an
override of nothing, `equality` naming an unknown attribute, a bad attribute name)."""
from gen import quote

CHECKS_PER_PROGRAM = 1

# (type, valid values, invalid values)
ATTR_TYPES = [
    ("Integer", ["1", "0", "-7", "42"], ["'1'", "1.5", "undef"]),
    ("String", ["'a'", "'hello'", "''"], ["1", "undef", "['a']"]),
    ("Optional[Integer]", ["3", "undef"], ["'x'", "2.0"]),
    ("Array[String]", ["['a', 'b']", "[]"], ["[1]", "'a'"]),
    ("Boolean", ["true", "false"], ["'true'", "0"]),
    ("Hash[String, Integer]", ["{'k' => 1}", "{}"], ["{'k' => 'v'}", "[1]"]),
    ("Float", ["1.5", "-0.25"], ["1", "'1.5'"]),
    ("Variant[Integer, String]", ["5", "'five'"], ["true", "[5]"]),
    ("Integer[0, 10]", ["0", "10", "5"], ["11", "-1"]),
    ("Enum['a', 'b']", ["'a'", "'b'"], ["'c'", "1"]),
    ("Tuple[String, Integer]", ["['a', 1]"], ["['a']", "[1, 'a']"]),
    ("Struct[{x => Integer, Optional[y] => String}]", ["{'x' => 1}", "{'x' => 2, 'y' => 'z'}"],
     ["{'y' => 'z'}", "{'x' => 1, 'q' => 2}"]),
]
NAMES = ["a", "b", "c", "name", "size", "port", "label", "items"]
TYPE_NAMES = ["Point", "Shape", "Thing"]


class Obj:
    def __init__(self, name, parent):
        self.name, self.parent = name, parent
        self.own = []  # (attr, type_index, kind, default) kind: None | constant | derived
        self.constants = {}
        self.equality = None
        self.include_type = True

    def attrs(self):
        """Every attribute, the parent's first, overrides in the parent's place."""
        out = list(self.parent.attrs()) if self.parent else []
        for a in self.own:
            for i, b in enumerate(out):
                if b[0] == a[0]:
                    out[i] = a
                    break
            else:
                out.append(a)
        return out

    def settable(self):
        """The attributes an instance is given, in `new`'s positional order: required first,
        then those with defaults."""
        s = [a for a in self.attrs() if a[2] is None]
        return [a for a in s if a[3] is None] + [a for a in s if a[3] is not None]


def define(rng, obj, mistakes):
    parts = []
    if obj.parent:
        parts.append(f"parent => {obj.parent.name}")
    taken = {a[0] for a in obj.parent.attrs()} if obj.parent else set()
    attrs = []
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(NAMES)
        if any(a[0] == name for a in obj.own):
            continue
        ti = rng.randrange(len(ATTR_TYPES))
        t, good, _bad = ATTR_TYPES[ti]
        override = name in taken
        if override and rng.random() < 0.7:
            # an override must narrow the parent's type: keep the parent's
            ti = next(a[1] for a in obj.parent.attrs() if a[0] == name)
            t, good, _bad = ATTR_TYPES[ti]
        kind, default = None, None
        r = rng.random()
        if r < 0.25:
            default = rng.choice(good)
        elif r < 0.32:
            kind, default = "constant", rng.choice(good)
        elif r < 0.36:
            kind = "derived"
        obj.own.append((name, ti, kind, default))
        if kind is None and default is None and not override and rng.random() < 0.5:
            attrs.append(f"{name} => {t}")
            continue
        long = [f"type => {t}"]
        if default is not None:
            long.append(f"value => {default}")
        if kind:
            long.append(f"kind => {kind}")
        if override and (rng.random() < 0.85 or not mistakes):
            long.append("override => true")
        if rng.random() < 0.08:
            long.append("final => true")
        attrs.append(f"{name} => {{{', '.join(long)}}}")
    parts.append("attributes => {" + ", ".join(attrs) + "}")
    if rng.random() < 0.2:
        cname = rng.choice(["max", "unit", "version"])
        if cname not in {a[0] for a in obj.attrs()}:
            cval = rng.choice(["10", "'cm'", "[1, 2]"])
            obj.constants[cname] = cval
            parts.append(f"constants => {{{cname} => {cval}}}")
    names = [a[0] for a in obj.attrs() if a[2] is None]
    if names and rng.random() < 0.25:
        obj.equality = rng.sample(names, rng.randint(1, len(names)))
        parts.append("equality => [" + ", ".join(quote(n) for n in obj.equality) + "]")
    if rng.random() < 0.12:
        obj.include_type = False
        parts.append("equality_include_type => false")
    if mistakes:
        k = rng.randrange(6)
        if k == 0:
            parts.append(rng.choice(["attribute => {}", "parents => Object", "fields => []"]))
        elif k == 1:
            parts.append("constants => {lim => undef}" if rng.random() < 0.5
                         else "attributes => {q => {type => Integer, kind => constant}}")
        elif k == 2:
            parts.append("equality => ['nope']")
        elif k == 3:
            parts.append(f"attributes => {{{rng.choice(['Bad', '1x', 'a-b'])} => Integer}}")
        elif k == 4:
            parts.append("attributes => {z => {type => Integer, override => true}}")
        else:
            parts.append("attributes => {d => {type => Integer, kind => derived, value => 1}}")
    return f"type {obj.name} = Object[{{{', '.join(parts)}}}]"


def args_for(rng, obj, wrong):
    """Arguments for `new`: (text, is_hash)."""
    settable = obj.settable()
    required = [a for a in settable if a[3] is None]
    given = list(required)
    for a in settable:
        if a[3] is not None and rng.random() < 0.5:
            given.append(a)
    vals = {}
    for a in given:
        _t, good, bad = ATTR_TYPES[a[1]]
        vals[a[0]] = rng.choice(good)
    if wrong and given:
        k = rng.randrange(4)
        victim = rng.choice(given)
        if k == 0:
            vals[victim[0]] = rng.choice(ATTR_TYPES[victim[1]][2])
        elif k == 1 and required:
            vals.pop(rng.choice(required)[0])
        elif k == 2:
            vals["nosuch"] = "1"
        else:
            vals[victim[0]] = "undef"
    if rng.random() < 0.5 or "nosuch" in vals:
        return "{" + ", ".join(f"{quote(k)} => {v}" for k, v in vals.items()) + "}", True
    # positional: in `settable` order, stopping at the first missing one
    out = []
    for a in settable:
        if a[0] not in vals:
            break
        out.append(vals[a[0]])
    if wrong and rng.random() < 0.3:
        out.append("99")
    return ", ".join(out), False


def make(rng, obj, wrong=False):
    text, _ = args_for(rng, obj, wrong)
    form = rng.randrange(4)
    if form == 0:
        return f"{obj.name}({text})"
    if form == 1:
        return f"{obj.name}.new({text})"
    if form == 2:
        return f"new({obj.name}{', ' if text else ''}{text})"
    return f"{obj.name}({text})"


def op(rng, objs, insts):
    o = rng.choice(objs)
    k = rng.randrange(16)
    if k == 0:
        return make(rng, o)
    if k == 1:
        return make(rng, o, wrong=True)
    if k == 2 and insts:
        v, vo = rng.choice(insts)
        names = [a[0] for a in vo.attrs()] + list(vo.constants)
        return f"{v}.{rng.choice(names + ['nosuch'] if rng.random() < 0.15 else names)}"
    if k == 3 and insts:
        v, _ = rng.choice(insts)
        return rng.choice([f"String({v})", f"\"<${{{v}}}>\"", f"String({v}, '%p')",
                           f"String([{v}], '%s')"])
    if k == 4 and len(insts) >= 1:
        a, _ = rng.choice(insts)
        b, _ = rng.choice(insts)
        return rng.choice([f"{a} == {b}", f"{a} != {b}", f"[{a}, {b}].unique.size",
                           f"{{{a} => 1, {b} => 2}}.size", f"{a} == {make(rng, o)}"])
    if k == 5 and insts:
        v, _ = rng.choice(insts)
        t = rng.choice([x.name for x in objs] + ["Object", "Any", "Data", "Object[{}]"])
        return rng.choice([f"{v} =~ {t}", f"assert_type({t}, {v}) |$e, $a| {{ \"$e/$a\" }}"])
    if k == 6:
        a, b = rng.choice(objs), rng.choice(objs)
        b = rng.choice([b.name, "Object", "Any", f"Type[{b.name}]", f"Optional[{b.name}]"])
        return rng.choice([f"{a.name} < {b}", f"{a.name} <= {b}", f"{a.name} == {b}",
                           f"{a.name} =~ Type[{b}]"])
    if k == 7 and insts:
        v, _ = rng.choice(insts)
        return rng.choice([f"type({v})", f"type({v}, 'generalized')", f"type({v}, 'reduced')",
                           f"type([{v}])"])
    if k == 8:
        return rng.choice([o.name, f"String({o.name})", f"Type[{o.name}]", f"[{o.name}]"])
    if k == 9:
        return f"assert_type({o.name}, {rng.choice(['1', quote('x'), '{}', '[]', 'undef'])})"
    if k == 10:
        kind = rng.choice(["'k1'", "'k2'", "undef"])
        err = f"Error('msg', {kind}, {{'a' => 1}}, 'C1')"
        return rng.choice([err, f"{err}.kind", f"{err}.issue_code", f"{err}.details",
                           f"{err} =~ Error[{kind}]", f"{err} =~ Error[/k/, 'C1']",
                           f"Error['k1'] < Error", f"type({err})", f"{err}.message",
                           f"Error('m') == Error('m')"])
    if k == 11 and insts:
        v, _ = rng.choice(insts)
        return f"case {v} {{ {o.name}: {{ 'is' }} default: {{ 'not' }} }}"
    if k == 12 and insts:
        v, _ = rng.choice(insts)
        return f"[{v}].map |{o.name} $x| {{ $x }}"
    if k == 13:
        return f"{o.name}.new" if rng.random() < 0.3 else f"{o.name}()"
    if k == 14 and insts:
        v, _ = rng.choice(insts)
        return rng.choice([f"[{v}].map |$x| {{ $x.type }}", f"{v}.type",
                           f"[{v}] =~ Array[{o.name}]", f"{{'k' => {v}}} =~ Hash[String, Object]"])
    return make(rng, o)


def extra(rng):
    """A program of the rarer features: TypeSets, declared functions, derived attributes,
    type parameters, `Init`, anonymous object types, `Deferred`, `URI`, annotations."""
    k = rng.randrange(10)
    t, good, bad = rng.choice(ATTR_TYPES)
    v = rng.choice(good + bad)
    if k == 0:
        body = f"types => {{P => Object[{{attributes => {{a => {t}}}}}], Q => Object[{{parent => P, attributes => {{b => Integer}}}}]}}"
        ver = rng.choice(["version => '1.0.0', ", "", "pcore_version => '1.0.0', "])
        use = rng.choice(["MyTs::P", "MyTs::Q", "MyTs", f"MyTs::P({v})", f"MyTs::Q({v}, 1)",
                          f"MyTs::Q({v}, 1) =~ MyTs::P", "MyTs::Q < MyTs::P",
                          f"type(MyTs::P({v}))"])
        return f"type MyTs = TypeSet[{{{ver}{body}}}]\n{use}"
    if k == 1:
        f = rng.choice(["Callable[[0, 0], Integer]", "Callable[1, 1]", "Callable"])
        use = rng.choice(["P(1).area", "P(1).area()", "P(1).a", "P", "P(1)", "P.new(1).area(2)"])
        return f"type P = Object[{{attributes => {{a => Integer}}, functions => {{area => {f}}}}}]\n{use}"
    if k == 2:
        use = rng.choice(["P(1).d", "P(1)", "P", "P({'a' => 1, 'd' => 2})", "P(1, 2)"])
        kind = rng.choice(["derived", "given_or_derived"])
        return f"type P = Object[{{attributes => {{a => Integer, d => {{type => Integer, kind => {kind}}}}}}}]\n{use}"
    if k == 3:
        tp = rng.choice(["{x => Integer}", "{x => Integer, y => String}", "{x => {type => Integer}}"])
        use = rng.choice(["P[1]", "P[1] =~ Type[P]", "P(1, 'a') =~ P[1]", "P(1, 'a') =~ P[2]",
                          "P[1] < P", "P['a']", "P[{x => 1}]", "P[]", "type(P(1, 'a'))",
                          "P[default, 'a']"])
        return f"type P = Object[{{type_parameters => {tp}, attributes => {{x => Integer, y => String}}}}]\n{use}"
    if k == 4:
        use = rng.choice([f"Init[P].new({v})", f"{v} =~ Init[P]", f"Init[P]", f"Init[P, {v}]",
                          f"[{v}].map |Init[P] $x| {{ P($x) }}", f"Init[P] == Init[P]"])
        return f"type P = Object[{{attributes => {{a => {t}}}}}]\n{use}"
    if k == 5:
        o = f"Object[{{attributes => {{a => {t}}}}}]"
        use = rng.choice([o, f"{o}.new({v})", f"{o} == {o}", f"{o} < Object", f"{v} =~ {o}",
                          f"type({o}.new({v}))", f"Object[{{name => 'X', attributes => {{a => {t}}}}}]"])
        return use
    if k == 6:
        use = rng.choice(["Deferred('f', [1])", "Deferred('f', [1]).name", "Deferred('f').arguments",
                          "Deferred('F')", "Deferred('f', 1)", "type(Deferred('f'))",
                          "Deferred('f') == Deferred('f')", "Deferred('f') =~ Object",
                          "Deferred('$x')"])
        return use
    if k == 7:
        use = rng.choice(["URI('http://a.example/x?y=1#z')", "URI('http://a.example/x').host",
                          "URI({'scheme' => 'https', 'host' => 'h', 'port' => 8080})",
                          "URI('a:b') =~ URI", "URI('http://a.example') == URI('http://a.example')",
                          "type(URI('http://a'))", "URI('http://h/p').path", "URI(1)",
                          "URI('http://[bad')"])
        return use
    if k == 8:
        a = rng.choice(["{Annotation => {}}", "{}", "{x => 1}"])
        return f"type P = Object[{{annotations => {a}, attributes => {{a => Integer}}}}]\nP"
    e = rng.choice(["Error('m')", "Error('m', 'k')", "Error('m', 'k', {'d' => 1})",
                    "Error({'msg' => 'm', 'kind' => 'k'})", "Error('m', 'k', {}, 'C')"])
    use = rng.choice([e, f"{e}.kind", f"{e}.issue_code", f"{e}.details", f"{e} =~ Error['k']",
                      f"type({e})", f"{e} == {e}", f"[{e}].unique", f"String({e})",
                      f"Error('m', 'k') =~ Error['k', 'x']", "Error('')", "Error(1)",
                      f"{e} =~ Error[/k/]", f"{e} =~ Error[Enum['k', 'j']]"])
    return use


def check(rng):
    if rng.random() < 0.3:
        return extra(rng)
    mistakes = rng.random() < 1 / 6
    objs, defs = [], []
    names = rng.sample(TYPE_NAMES, rng.randint(1, 3))
    for i, name in enumerate(names):
        parent = objs[-1] if objs and rng.random() < 0.5 else None
        o = Obj(name, parent)
        defs.append(define(rng, o, mistakes and i == len(names) - 1))
        objs.append(o)
    lines = list(defs)
    insts = []
    for i in range(rng.randint(1, 2)):
        o = rng.choice(objs)
        var = f"$v{i}"
        lines.append(f"{var} = {make(rng, o)}")
        insts.append((var, o))
    ops = [op(rng, objs, insts) for _ in range(rng.randint(3, 5))]
    lines.append("[" + ", ".join(ops) + "]")
    return "\n".join(lines)


def deviation(src, expected, got):
    """The reference's failures inside its generated Ruby classes (docs/deviations.md,
    "Object types")."""
    import re
    e, g = expected.get("error") or "", got.get("error") or ""
    if "undefined method" in e or "NoMethodError" in e:
        return "the reference fails internally (a Ruby NoMethodError)"
    if "Resource type not found: MyTs::" in e:
        return "a TypeSet's members are reachable by their qualified names (docs/deviations.md)"
    if "does not represent a valid set of parameters" in e + g:
        return "Init[P, args] refused where it is made (docs/deviations.md)"
    if "override => true" in src and not e and not g:
        return "the reference's generated class misassigns the attributes of a type that overrides one"
    if "override => true" in src and any(
            m in e for m in ("wrong number of arguments (given", "has no value",
                             "Initializer for class")):
        return "the reference's generated class fails for a type that overrides an attribute"
    if "wrong number of arguments (given" in e and "wrong number of arguments" not in g:
        if re.search(r"\.new\b(?!\()", src):
            return "the reference's constructor fails (T.new without arguments)"
    return None
