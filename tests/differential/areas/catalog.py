"""Random catalog programs: resources of the core types with random parameters, resource
defaults and their scoping, overrides (`+>` too), classes with parameters and inheritance,
include/require/contain and resource-like class declarations, defines (nested in defines),
virtual and exported resources with collectors (queries, override blocks), `realize`, the
four arrows between references, arrays, collectors and declarations, aliases,
metaparameters, `tag`/`tagged`/`defined`, nodes, and realistic mistakes (duplicate
declarations, unknown references, missing or unknown parameters, wrong types).

A program is one whole catalog program (`CATALOG = True`): the runner compiles it with the
oracle (`"catalog": true`) and compares the value, the log, the first line of an error, and
the catalog (resources in order with parameters and tags, containment edges)."""
import re

from gen import quote

CATALOG = True

TYPES = {
    # type: {parameter: value kinds}; the first entry of each is the title pool's prefix
    "notify": {"message": "any", "withpath": "bool"},
    "file": {"ensure": ["file", "directory", "absent", "present"], "content": "str",
             "mode": ["0644", "0755", "0600"], "owner": ["root", "nobody"],
             "group": ["root", "adm"], "backup": "bool", "path": "path"},
    "exec": {"command": ["/bin/true", "/bin/echo hi", "/usr/bin/test -f /tmp/x"],
             "refreshonly": "bool", "path": "patharr", "unless": ["/bin/false"],
             "timeout": "int", "user": ["root"]},
    "package": {"ensure": ["installed", "present", "absent", "latest", "1.2.3"],
                "provider": ["apt", "dpkg"], "install_options": "strarr"},
    "service": {"ensure": ["running", "stopped", "true", "false"], "enable": "bool",
                "hasrestart": "bool", "pattern": "str"},
    "user": {"ensure": ["present", "absent"], "uid": "int", "groups": "strarr",
             "shell": ["/bin/sh", "/bin/bash"], "managehome": "bool", "home": "path"},
    "group": {"ensure": ["present", "absent"], "gid": "int", "system": "bool"},
    "tidy": {"age": ["1w", "2d"], "recurse": "bool", "matches": "strarr",
             "rmdirs": "bool", "size": ["1k", "10m"]},
    "schedule": {"range": ["2 - 4", "10:00 - 12:00"], "period": ["daily", "hourly"],
                 "repeat": "int", "weekday": "strarr"},
}
TITLES = {
    "notify": ["a", "b", "c", "d", "e", "f", "msg", "hello world"],
    "file": ["/tmp/a", "/tmp/b", "/etc/x.conf", "/srv/d"],
    "exec": ["run", "/bin/true", "refresh"],
    "package": ["vim", "curl", "nginx"],
    "service": ["nginx", "ssh", "cron"],
    "user": ["alice", "bob"],
    "group": ["admins", "staff"],
    "tidy": ["/tmp", "/var/tmp/x"],
    "schedule": ["nightly", "often"],
}
WORDS = ["x", "y", "web", "db", "m", "one two", "", "Ab"]
TAGS = ["x", "web", "db", "blue", "c1", "main", "m::n"]
METAS = ["tag", "noop", "loglevel", "before", "require", "notify", "subscribe", "alias"]
CLASS_NAMES = ["c1", "c2", "c3", "m::base", "m::sub"]
DEFINE_NAMES = ["d1", "d2", "m::def"]
PARAM_TYPES = ["String", "Integer", "Boolean", "Optional[String]", "Array[String]",
               "Variant[String, Integer]", "Any", "Integer[0, 10]", "Enum['x', 'y']",
               "String[1]", "Hash"]


def qt(s):
    """A title as a string literal: interpolated (double quotes) when it uses `${...}`."""
    return f'"{s}"' if "${" in s else quote(s)


def ref_type(t):
    return "::".join(s.capitalize() for s in t.split("::"))


class Program:
    def __init__(self, rng):
        self.rng = rng
        self.used = {t: set() for t in TYPES}  # titles declared (or to be) per type
        self.known = []       # references that certainly exist at the end: (Type, title)
        self.virtual = []     # virtual (or exported) resources: (Type, title)
        self.aliases = []     # (Type, alias)
        self.classes = {}     # name -> [(param, type or None, default or None)]
        self.defines = {}     # name -> [(param, type or None, default or None)]
        self.class_res = {}   # class name -> [(Type, title)] its body declares
        self.declared_classes = set()
        self.class_order = []
        self.mistake = rng.random() < 0.15
        self.counter = 0
        self.in_define = False
        self.query_vars = []  # `$qv = value` statements a query of the program reads
        self.uses_pre_stage = False
        self.set_params = {}  # (Type, title) -> the parameters its declaration sets
        self.parents = {}     # class name -> parent class
        self.class_virtual = {}  # class name -> virtual resources its body declares

    # --- values -------------------------------------------------------------------------
    def word(self):
        return quote(self.rng.choice(WORDS))

    def scalar(self):
        r = self.rng
        k = r.randrange(10)
        if k < 4:
            return self.word()
        if k < 6:
            return str(r.choice([0, 1, 2, 10, 42, -3, 1000]))
        if k < 7:
            return r.choice(["true", "false"])
        if k < 8:
            return "undef"
        if k < 9:
            return r.choice(["1.5", "'${facts}'" if False else "'0644'", "0.0"])
        return self.ref_expr() if self.known else self.word()

    def value(self, depth=0):
        r = self.rng
        k = r.randrange(10)
        if depth >= 2 or k < 6:
            return self.scalar()
        if k < 9:
            return "[" + ", ".join(self.value(depth + 1) for _ in range(r.randrange(4))) + "]"
        return "{" + ", ".join(f"{self.word()} => {self.value(depth + 1)}"
                               for _ in range(r.randrange(3))) + "}"

    def kind_value(self, kind, scope_vars):
        r = self.rng
        if scope_vars and r.random() < 0.15:
            v = r.choice(scope_vars)
            return f"${v}" if r.random() < 0.5 else f"\"v-${{{v}}}\""
        if isinstance(kind, list):
            return quote(r.choice(kind))
        if kind == "any":
            return self.value()
        if kind == "bool":
            return r.choice(["true", "false", "'true'"])
        if kind == "int":
            return r.choice(["1000", "0", "'42'", "7"])
        if kind == "str":
            return self.word()
        if kind == "path":
            return quote(r.choice(["/tmp/p", "/var/lib/q", "/home/a"]))
        if kind == "patharr":
            return r.choice(["['/bin', '/usr/bin']", "'/bin:/usr/bin'"])
        if kind == "strarr":
            return "[" + ", ".join(self.word() for _ in range(r.randrange(3))) + "]"
        return self.word()

    # --- references ---------------------------------------------------------------------
    def ref(self, pool=None):
        pool = pool if pool is not None else self.known
        t, title = self.rng.choice(pool)
        return f"{t}[{quote(title)}]"

    def ref_expr(self):
        r = self.rng
        k = r.randrange(10)
        if k < 6 or len(self.known) < 2:
            if self.aliases and r.random() < 0.2:
                return self.ref(self.aliases)
            if self.mistake and r.random() < 0.1:
                return "Notify['nosuch']"
            return self.ref()
        if k < 8:
            n = r.randint(1, 3)
            return "[" + ", ".join(self.ref() for _ in range(n)) + "]"
        t, _ = r.choice(self.known)
        titles = [q for (tt, q) in self.known if tt == t][:3]
        return f"{t}[" + ", ".join(quote(q) for q in titles) + "]"

    def fresh_title(self, t, prefix=""):
        pool = [prefix + x for x in TITLES[t] if prefix + x not in self.used[t]]
        if pool and self.rng.random() < 0.8:
            title = self.rng.choice(pool)
        else:
            self.counter += 1
            base = TITLES[t][0]
            title = f"{prefix}{base}{self.counter}"
        self.used[t].add(title)
        return title

    # --- resources ----------------------------------------------------------------------
    def attributes(self, t, scope_vars, allow_meta=True):
        r = self.rng
        params = TYPES[t]
        attrs = []
        for p in r.sample(sorted(params), r.randint(0, min(3, len(params)))):
            attrs.append(f"{p} => {self.kind_value(params[p], scope_vars)}")
        if allow_meta and r.random() < 0.45:
            for m in r.sample(METAS, r.randint(1, 2)):
                if m == "tag":
                    attrs.append("tag => " + (quote(r.choice(TAGS)) if r.random() < 0.6 else
                                              "[" + ", ".join(quote(x) for x in
                                                              r.sample(TAGS, 2)) + "]"))
                elif m == "noop":
                    attrs.append(f"noop => {r.choice(['true', 'false'])}")
                elif m == "loglevel":
                    attrs.append(f"loglevel => {r.choice(['info', 'warning', 'debug'])}")
                elif m == "alias":
                    pass  # set by the declaration (it needs the type)
                elif self.known:
                    attrs.append(f"{m} => {self.ref_expr()}")
        if self.mistake and r.random() < 0.05:
            attrs.append(r.choice(["nosuch => 1", "nosuch => undef", "messages => 'x'"]))
        return attrs

    def resource(self, scope_vars=(), title_prefix="", virtual=None, register=True,
                 t=None):
        r = self.rng
        if self.in_define:
            # Titles from the instance's title, unless the program is to have a mistake.
            if not (self.mistake and r.random() < 0.2):
                title_prefix = "${title}-"
            register = False
        t = t or r.choice(list(TYPES) + ["notify"] * 4)
        T = ref_type(t)
        if self.mistake and r.random() < 0.06 and self.used[t]:
            title = r.choice(sorted(self.used[t]))  # duplicate declaration
        else:
            title = self.fresh_title(t, title_prefix)
        bodies = [(title, self.attributes(t, list(scope_vars)))]
        if r.random() < 0.12:  # several bodies in one declaration
            t2 = self.fresh_title(t, title_prefix)
            bodies.append((t2, self.attributes(t, list(scope_vars))))
        if r.random() < 0.08:
            self.counter += 1
            al = f"al{self.counter}"
            bodies[0][1].append(f"alias => {quote(al)}")
            if register:
                self.aliases.append((T, al))
        if virtual is None:
            v = r.random()
            virtual = "@" if v < 0.12 else "@@" if v < 0.17 else ""
        for title_, a in bodies:
            self.set_params[(T, title_)] = {x.split(" ")[0] for x in a}
            if register:
                (self.virtual if virtual else self.known).append((T, title_))
        text = ";\n  ".join(
            f"{qt(ti)}:" + ("\n    " + ",\n    ".join(a) if a else "")
            for ti, a in bodies)
        return f"{virtual}{t} {{ {text}\n}}", [(T, ti) for ti, _ in bodies]

    def defaults(self, scope_vars=()):
        r = self.rng
        t = r.choice(list(TYPES) + ["notify"] * 3)
        attrs = self.attributes(t, list(scope_vars), allow_meta=r.random() < 0.5)
        if not attrs:
            attrs = ["tag => 'dflt'" if r.random() < 0.5 else "noop => true"]
        return f"{ref_type(t)} {{ " + ", ".join(attrs) + " }"

    def override(self):
        r = self.rng
        core = [x for x in self.known if x[0].lower() in TYPES]
        if not core:
            return self.tag_check()
        T, title = r.choice(core)
        t = T.lower()
        # Parameters the declaration did not set (overriding one it set is an error, from
        # any scope but an inheriting class's: the program's mistake, sometimes).
        taken = self.set_params.setdefault((T, title), set())
        free = lambda ps: [p for p in ps if p not in taken or (self.mistake and
                                                                 r.random() < 0.3)]
        attrs = []
        ps = free(sorted(TYPES[t]))
        for p in r.sample(ps, min(len(ps), r.randint(0, 2))):
            op = "+>" if r.random() < 0.2 else "=>"
            attrs.append(f"{p} {op} {self.kind_value(TYPES[t][p], [])}")
        metas = free(["tag", "require", "before", "noop"])
        if metas and (r.random() < 0.5 or not attrs):
            op = "+>" if r.random() < 0.5 else "=>"
            m = r.choice(metas)
            if m == "tag":
                attrs.append(f"tag {op} {quote(r.choice(TAGS))}")
            elif m == "noop":
                attrs.append(f"noop => {r.choice(['true', 'false', 'undef'])}")
            else:
                attrs.append(f"{m} {op} {self.ref_expr()}")
        if not attrs:
            return self.tag_check()
        taken.update(a.split(" ")[0] for a in attrs)
        return f"{T}[{quote(title)}] {{ " + ", ".join(attrs) + " }"

    # --- collectors and relationships ---------------------------------------------------
    def query(self, T):
        r = self.rng
        k = r.randrange(8)
        titles = [q for (t, q) in self.virtual + self.known if t == T] or ["a"]
        if k == 0:
            return ""
        if k < 3:
            return f"title == {quote(r.choice(titles))}"
        if k < 5:
            return f"tag == {quote(r.choice(TAGS))}"
        if k == 5 and T.lower() in TYPES:
            # (`unless` is a keyword: a query cannot name it)
            p = r.choice([x for x in sorted(TYPES[T.lower()]) if x != "unless"])
            op = r.choice(["==", "!="])
            v = self.kind_value(TYPES[T.lower()][p], [])
            if v.startswith(("[", "{")) or v.startswith("-"):
                # The reference cannot transform such literals in a query (a documented
                # deviation): through a variable, as code that works with it writes them.
                self.counter += 1
                self.query_vars.append(f"$qv{self.counter} = {v}")
                v = f"$qv{self.counter}"
            return f"{p} {op} {v}"
        if k == 6:
            return (f"(title == {quote(r.choice(titles))} or tag == {quote(r.choice(TAGS))})"
                    f" and title != {quote(r.choice(titles))}")
        return f"title != {quote(r.choice(titles))}"

    def collector(self, with_block=None):
        r = self.rng
        if self.virtual and r.random() < 0.8:
            T = r.choice(self.virtual)[0]
        else:
            T = ref_type(r.choice(list(TYPES)))
        exported = r.random() < 0.2
        q = self.query(T)
        c = f"{T} <<| {q} |>>" if exported else f"{T} <| {q} |>"
        if with_block is None:
            with_block = r.random() < 0.3
        if with_block and T.lower() in TYPES:
            t = T.lower()
            attrs = []
            for p in r.sample(sorted(TYPES[t]), r.randint(1, 2)):
                op = "+>" if r.random() < 0.15 else "=>"
                attrs.append(f"{p} {op} {self.kind_value(TYPES[t][p], [])}")
            if r.random() < 0.3:
                attrs.append(f"tag => {quote(r.choice(TAGS))}")
            c += " { " + ", ".join(attrs) + " }"
        return c

    def arrow_operand(self, scope_vars):
        r = self.rng
        k = r.randrange(10)
        if k < 5 and self.known:
            return self.ref_expr()
        if k < 7:
            return self.collector(with_block=False)
        src, _ = self.resource(scope_vars, virtual="")
        return src.replace("\n", " ")

    def relationship(self, scope_vars=()):
        r = self.rng
        n = 2 if r.random() < 0.8 else 3
        parts = [self.arrow_operand(scope_vars)]
        for _ in range(n - 1):
            parts.append(r.choice(["->", "~>", "<-", "<~"]))
            parts.append(self.arrow_operand(scope_vars))
        return " ".join(parts)

    # --- classes and defines ------------------------------------------------------------
    def params(self, for_define=False):
        r = self.rng
        out = []
        for i in range(r.randrange(4)):
            name = ["p", "q", "msg", "n"][i]
            typ = r.choice(PARAM_TYPES) if r.random() < 0.5 else None
            default = None
            if r.random() < 0.7:
                default = self.typed_value(typ) if typ else self.value()
                if r.random() < 0.1 and out and typ in (None, "Any", "String"):
                    default = f"\"${{{out[0][0]}}}-d\""
            out.append((name, typ, default))
        return out

    def typed_value(self, typ, wrong=False):
        r = self.rng
        if wrong:
            return r.choice(["[1]", "{'a' => 1}", "'str'", "true"])
        if typ is None or typ in ("Any",):
            return self.value()
        return {
            "String": self.word(), "Integer": str(r.choice([0, 1, 5, 42])),
            "Boolean": r.choice(["true", "false"]),
            "Optional[String]": r.choice([self.word(), "undef"]),
            "Array[String]": "[" + ", ".join(self.word() for _ in range(r.randrange(3))) + "]",
            "Variant[String, Integer]": r.choice([self.word(), "3"]),
            "Integer[0, 10]": str(r.randint(0, 10)), "Enum['x', 'y']": r.choice(["'x'", "'y'"]),
            "String[1]": quote(r.choice(["a", "web", "x y"])), "Hash": "{'k' => 1}",
        }[typ]

    @staticmethod
    def param_list(params):
        out = []
        for name, typ, default in params:
            s = (f"{typ} " if typ else "") + f"${name}"
            if default is not None:
                s += f" = {default}"
            out.append(s)
        return "(" + ", ".join(out) + ")" if out or True else ""

    def body(self, scope_vars, depth, in_define=False, class_name=None):
        r = self.rng
        stmts, declared = [], []
        for _ in range(r.randint(1, 4)):
            k = r.randrange(22)
            if k == 20:
                stmts.append(self.collector())
                continue
            if k == 21:
                # (in a body, only an unknown class's: the body may run before a class
                # declared earlier in the text)
                self.counter += 1
                suffix = "-${title}" if self.in_define else ""
                stmts.append(f"notify {{ \"qv{self.counter}{suffix}\": message => \"[$nosuch::p]\" }}"
                             if r.random() < 0.2 else self.tag_check(scope_vars))
                continue
            if k < 8:
                s, refs = self.resource(scope_vars)
                declared += refs
                stmts.append(s)
            elif k < 10:
                stmts.append(self.defaults(scope_vars))
            elif k < 12 and self.known:
                stmts.append(self.override())
            elif k < 13:
                stmts.append(f"tag {quote(r.choice(TAGS))}")
            elif k < 15 and self.defines and depth < 2:
                stmts.append(self.define_instance(scope_vars, prefix_title=in_define))
            elif k < 16 and self.classes and not in_define:
                stmts.append(self.class_decl(inside=class_name))
            elif k < 17:
                stmts.append(self.tag_check(scope_vars))
            elif k < 18 and self.known:
                stmts.append(self.relationship(scope_vars))
            else:
                v = r.choice(scope_vars) if scope_vars else None
                msg = f"\"${{{v}}}\"" if v else self.word()
                self.counter += 1
                stmts.append(f"notify {{ \"n{self.counter}{'-${title}' if in_define else ''}\":"
                             f" message => {msg} }}")
        return stmts, declared

    def define(self):
        r = self.rng
        free = [d for d in DEFINE_NAMES if d not in self.defines]
        if not free:
            return None
        name = r.choice(free)
        params = self.params(for_define=True)
        vars_ = [p[0] for p in params] + ["title", "name"]
        self.in_define = True
        stmts, _ = self.body(vars_, 1, in_define=True)
        self.in_define = False
        # Known only after its body: a define declaring itself never ends.
        self.defines[name] = params
        body = "\n  ".join(s.replace("\n", "\n  ") for s in stmts)
        return f"define {name}{self.param_list(params)} {{\n  {body}\n}}"

    def klass(self):
        r = self.rng
        free = [c for c in CLASS_NAMES if c not in self.classes]
        if not free:
            return None
        name = r.choice(free)
        parent = None
        if self.classes and r.random() < 0.25:
            parent = r.choice(sorted(self.classes))
            if self.parents.get(parent) or parent == name:
                parent = None
        params = self.params() if r.random() < 0.7 else []
        self.classes[name] = params
        vars_ = [p[0] for p in params]
        if parent:
            self.parents[name] = parent
        before, vbefore = len(self.known), len(self.virtual)
        stmts, declared = self.body(vars_, 0, class_name=name)
        if parent and self.class_res.get(parent) and r.random() < 0.7:
            T, title = r.choice(self.class_res[parent])
            stmts.append(f"{T}[{quote(title)}] {{ tag => 'from_{name.replace(':', '_')}' }}")
        # Until the class is declared its resources are not known to exist.
        self.class_res[name] = self.known[before:]
        del self.known[before:]
        self.class_virtual[name] = self.virtual[vbefore:]
        del self.virtual[vbefore:]
        body = "\n  ".join(s.replace("\n", "\n  ") for s in stmts)
        inh = f" inherits {parent}" if parent else ""
        return f"class {name}{self.param_list(params) if params else ''}{inh} {{\n  {body}\n}}"

    def class_decl(self, inside=None):
        r = self.rng
        names = [c for c in sorted(self.classes) if c != inside]
        if not names or (self.mistake and r.random() < 0.05):
            return "include nosuch"
        name = r.choice(names)
        params = self.classes[name]
        required = [p for p in params if p[2] is None]
        k = r.randrange(10)
        if (k < 6 and not required) or name in self.declared_classes:
            fn = r.choice(["include", "include", "require", "contain"])
            if inside is None and fn == "contain":
                fn = "include"
            self.mark_declared(name)
            return f"{fn} {name}" if r.random() < 0.8 else f"{fn}('{name}')"
        attrs = []
        for p, typ, default in params:
            if default is None or r.random() < 0.4:
                if self.mistake and r.random() < 0.1:
                    continue  # missing parameter
                wrong = self.mistake and typ not in (None, "Any") and r.random() < 0.15
                attrs.append(f"{p} => {self.typed_value(typ, wrong)}")
        if r.random() < 0.15:
            attrs.append(r.choice(["stage => 'main'", "tag => 'ct'", "noop => true",
                                   "stage => 'pre'", "require => Class['main']"]))
            self.uses_pre_stage |= "pre" in attrs[-1]
        if self.mistake and r.random() < 0.05:
            attrs.append("nosuch => 1")
        self.mark_declared(name)
        return f"class {{ '{name}':" + (" " + ", ".join(attrs) if attrs else "") + " }"

    def mark_declared(self, name):
        if name not in self.declared_classes:
            self.declared_classes.add(name)
            if name in self.parents:
                self.mark_declared(self.parents[name])
            self.known.extend(self.class_res.get(name, []))
            self.virtual.extend(self.class_virtual.get(name, []))
            self.known.append(("Class", ref_type(name)))

    def define_instance(self, scope_vars=(), prefix_title=False):
        r = self.rng
        name = r.choice(sorted(self.defines))
        params = self.defines[name]
        self.counter += 1
        title = f"i{self.counter}"
        if prefix_title:
            title = "${title}-" + title
        attrs = []
        for p, typ, default in params:
            if default is None or r.random() < 0.4:
                if self.mistake and r.random() < 0.1:
                    continue
                wrong = self.mistake and typ not in (None, "Any") and r.random() < 0.15
                if scope_vars and r.random() < 0.2 and typ in (None, "Any"):
                    attrs.append(f"{p} => ${r.choice(scope_vars)}")
                else:
                    attrs.append(f"{p} => {self.typed_value(typ, wrong)}")
        if r.random() < 0.25:
            m = r.choice(["tag => 'dt'", "noop => true", "loglevel => 'warning'"]
                         + ([f"require => {self.ref_expr()}"] if self.known else []))
            attrs.append(m)
        virt = "@" if r.random() < 0.08 else ""
        T = ref_type(name)
        if not prefix_title:
            (self.virtual if virt else self.known).append((T, title))
        return f"{virt}{name} {{ \"{title}\":" + (" " + ", ".join(attrs) if attrs else "") + " }"

    def qualified_variable(self):
        """A notify showing a declared class's parameter (`$c1::p`), or an unknown one's."""
        r = self.rng
        self.counter += 1
        declared = [c for c in sorted(self.declared_classes) if self.classes.get(c)]
        if declared and r.random() < 0.95:
            c = r.choice(declared)
            var = f"${c}::{r.choice(self.classes[c])[0]}"
        else:
            var = "$nosuch::p"
        suffix = "-${title}" if self.in_define else ""
        return f"notify {{ \"qv{self.counter}{suffix}\": message => \"[{var}]\" }}"

    def tag_check(self, scope_vars=()):
        r = self.rng
        self.counter += 1
        k = r.randrange(6)
        if k < 2:
            what = f"tagged({quote(r.choice(TAGS + CLASS_NAMES))})"
        elif k < 4 and self.known:
            what = f"defined({self.ref()})"
        elif k < 5:
            what = f"defined({quote(r.choice(CLASS_NAMES + DEFINE_NAMES + ['notify', 'nosuch']))})"
        else:
            what = f"defined(Class[{quote(r.choice(CLASS_NAMES))}])"
        suffix = "-${title}" if "title" in scope_vars else ""
        return f"notify {{ \"chk{self.counter}{suffix}\": message => {what} }}"

    # --- the program ---------------------------------------------------------------------
    def top_statement(self, in_node=False):
        r = self.rng
        k = r.randrange(30)
        while in_node and 9 <= k < 14:
            k = r.randrange(30)
        if k < 7:
            return self.resource()[0]
        if k < 9:
            return self.defaults()
        if k < 12:
            return self.klass() or self.resource()[0]
        if k < 14:
            return self.define() or self.resource()[0]
        if k < 17 and self.classes:
            return self.class_decl()
        if k < 19 and self.defines:
            return self.define_instance()
        if k < 21 and self.known:
            return self.override()
        if k < 24 and (self.known or self.virtual):
            return self.relationship()
        if k < 26:
            return self.collector()
        if k < 27 and self.virtual:
            refs = r.sample(self.virtual, min(len(self.virtual), r.randint(1, 2)))
            for x in refs:
                if x not in self.known:
                    self.known.append(x)
            return "realize(" + ", ".join(f"{t}[{quote(q)}]" for t, q in refs) + ")"
        if k < 28:
            return self.tag_check() if r.random() < 0.7 else self.qualified_variable()
        if k < 29:
            return f"tag {quote(r.choice(TAGS))}"
        return self.extra()

    def extra(self):
        """Less common forms: create_resources, Resource[...] references, a declaration
        under a condition on defined()."""
        r = self.rng
        k = r.randrange(4)
        if k == 0:
            self.counter += 1
            t = r.choice(["notify", "notify", "group", "package"])
            titles = [self.fresh_title(t) for _ in range(r.randint(1, 2))]
            T = ref_type(t)
            self.known.extend((T, x) for x in titles)
            body = ", ".join(
                f"{quote(x)} => {{" + ", ".join(
                    a.replace(" => ", " => ", 1) for a in self.attributes(t, [], False)
                    if not a.startswith(("nosuch", "messages"))) + "}" for x in titles)
            dflt = r.choice(["", ", {'tag' => 'cr'}", ", {'noop' => true}"])
            return f"create_resources('{t}', {{{body}}}{dflt})"
        if k == 1 and self.known:
            T, title = r.choice(self.known)
            return (f"notify {{ \"res{self.counter + 1}\": message => "
                    f"Resource[{quote(T)}, {quote(title)}] }}") if not self._bump() else ""
        if k == 2 and self.known:
            cond = f"defined({self.ref()})"
            inner, _ = self.resource(virtual="", register=False)
            other = ""
            if r.random() < 0.5:
                other_src, _ = self.resource(virtual="", register=False)
                other = f" else {{\n  {other_src}\n}}"
            return f"if {cond} {{\n  {inner}\n}}{other}"
        return self.resource()[0]

    def _bump(self):
        self.counter += 1
        return False

    def build(self):
        r = self.rng
        stmts = [self.top_statement() for _ in range(r.randint(3, 9))]
        if self.mistake and r.random() < 0.2 and self.known:
            T, title = r.choice(self.known)
            if T.lower() in TYPES:
                stmts.append(f"{T.lower()} {{ {quote(title)}: }}")  # duplicate
        if r.random() < 0.25:
            # The rest in a node definition (evaluated after the top scope).
            node = r.choice(["default", "'oracle.example.com'", "/oracle/"])
            inner = [self.top_statement(in_node=True) for _ in range(r.randint(1, 4))]
            body = "\n  ".join(s.replace("\n", "\n  ") for s in inner)
            stmts.append(f"node {node} {{\n  {body}\n}}")
            if r.random() < 0.3:
                stmts.append("node 'other' { notify { 'never': } }")
        pre = ["stage { 'pre': before => Stage['main'] }"] if self.uses_pre_stage else []
        return "\n".join(self.query_vars + pre + [s for s in stmts if s])


def program(rng):
    return Program(rng).build()


POSITION = re.compile(r" \((?:file: [^,)]*, )?line: \d+(?:, column: \d+)?\)")
ALREADY_SET = re.compile(r" by #<Puppet::Resource::Type:0x[0-9a-f]+>")


def deviation(d):
    """The documented deviation (docs/deviations.md) a disagreement is, or None."""
    e, g = d["expected"].get("error") or "", d["got"].get("error") or ""
    first = lambda s: POSITION.sub("", s.split("\n")[0])
    if ALREADY_SET.search(e) and ALREADY_SET.sub("", first(e)) == first(g):
        return "an override's 'already set' names the Ruby object of the class"
    if "Cannot transform object of class Puppet::Pops::Model::" in e:
        return "a collector query the reference cannot transform (unary minus, array, hash)"
    if e.startswith("Could not find resource") and UNQUOTED_REF.sub(r"\1[\2]", e) == g:
        return "a missing resource through an empty collector's alternative is written as a type"
    diff = (d["got"].get("catalog_diff") or "").splitlines()
    got = [x.strip()[1:].strip() for x in diff if x.lstrip().startswith("+")]
    expected = [x.strip()[1:].strip() for x in diff if x.lstrip().startswith("-")]
    if got and len(got) == len(expected) and all(
            UNQUOTED_REF.sub(r"\1[\2]", g).lower() == x.lower()
            for g, x in zip(got, expected)):
        return "a reference given as a class or define parameter prints as Type[title]"
    return None


UNQUOTED_REF = re.compile(r"([A-Z][\w:]*)\['([^'\]]*)'\]")
