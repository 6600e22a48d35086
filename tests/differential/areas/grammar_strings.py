"""The area `grammar`'s strings: quoted strings with escapes and interpolated expressions,
heredocs with every escape flag, margins and trims, `inline_epp` with parameters, string
functions and formats (`String(v, fmt)` with format hashes, `sprintf`) over nested values."""
import re

from areas.grammar_base import ESCAPES, PRIMARY, SQ_TEXTS, WORDS, sq

HEREDOC_FLAGS = ["", "/n", "/t", "/$", "/L", "/nt", "/r", "/s", "/u", "/ts", "/nrtsuL$",
                 "/$u", "/Ln"]
HEREDOC_TEXTS = ["\\n here", "tab\\tx", "cost \\$5", "line \\", "cr\\r", "sp\\s!",
                 "\\u{263A} smile", "caf\\u00e9", "a \\\\ b", "$", "\\ x", "%s %p", "a\\qb",
                 "it\\'s \\\"q\\\""]
# Formats by the kind of value they apply to (another is an error: `%x` of an array, `%(a`
# of a float); those of any kind, and hashes of formats by type, apply to every value.
FORMATS_ANY = ["'%p'", "'%-10s'", "'%10.3s'", "'%#p'", "'%s'",
               "{ Integer => '%#x', Float => '%.2f' }",
               "{ Array => { format => '%(a', separator => ';' }, String => '%-5s' }",
               "{ Any => '%p' }", "{ Numeric => '%+08.3f', Array => '%[a', Hash => '%{h' }",
               "{ String => '%p', Array => { format => '%[a', separator => '' } }",
               "{ Hash => { format => '%h', separator => ' ', separator2 => ':' } }"]
FORMATS_NUMBER = ["'%#x'", "'%.2f'", "'%#o'", "'%-6d'", "'%e'", "'%#b'", "'%x'", "'%05d'",
                  "'%+.2f'"]
FORMATS_ARRAY = ["'%(a'", "'%[a'"]
FORMATS = {"int": FORMATS_NUMBER, "float": FORMATS_NUMBER, "arr": FORMATS_ARRAY,
           "ints": FORMATS_ARRAY, "strs": FORMATS_ARRAY, "hash": FORMATS_ARRAY + ["'%{h'", "'%h'"]}
# (a name or number alone in `${}` is a variable, also before `.` and `[`: `${0X10.then}` is
# `$0X10.then`, `${true[0]}` `$true[0]`, which the reference's validator fails on; `${{}}` a
# block)
BARE = re.compile(r"[\w.+-]+")
FIRST_WORD = re.compile(r"(true|false)\b|\{|(undef|[a-z_]\w*|\d\w*(\.\d+)?([eE]-?\d+)?)([.\[]|$)")
JSON_TEXTS = ['{"a": [1, "x"]}', "[1, 2.5, null, true]", '"s"', "{}", '{"a": {"b": []}}']
JSON_BAD = '{"a": [1, "x"'
SPRINTFS_NUMBER = ["%.2f %s", "%#x|%p", "%d %s"]
SPRINTFS = ["%s-%s", "%5s|", "%-3s|%s", "%p %s", "%-10s|%p", "%<a>s", "%{a}|%<a>-6p|"] + SPRINTFS_NUMBER


class Strings:
    def lit_str(self):
        r = self.r
        k = r.randrange(12)
        if k < 3:
            return sq(r.choice(WORDS)), PRIMARY
        if k < 4:
            return "'" + r.choice(SQ_TEXTS) + "'", PRIMARY
        if k < 11 or self.in_string:
            return self.dq(), PRIMARY
        return self.heredoc(), PRIMARY

    def dq(self):
        r, parts = self.r, []
        self.in_string += 1
        for _ in range(r.randint(1, 3)):
            k = r.randrange(2 if self.flat() else 4)
            if k == 0:
                parts.append(r.choice(WORDS).replace("\\", "\\\\").replace('"', '\\"'))
            elif k == 1:
                # (an unknown escape inside a heredoc's interpolation fails the reference's
                # lexer, a documented deviation: rarely)
                escapes = ESCAPES[:-1] if self.in_heredoc and not (self.mistakes and r.random() < 0.2) else ESCAPES
                parts.append(r.choice(escapes))
            else:
                parts.append(self.interpolation())
        self.in_string -= 1
        return '"' + "".join(parts) + '"'

    def interpolation(self):
        r = self.r
        v = self.var("any")
        if v and r.random() < 0.3:
            return r.choice([v + r.choice([" ", "-"]), "${" + v[1:] + "}"])
        kind = r.choice(["ints", "strs", "arr", "str", "hash"])
        v = self.var(kind)
        if v and r.random() < 0.3:
            # (a variable's name alone, or with `$`, then an access or a method call:
            # `${a[0]}`, `${$a[0]}`, `${h['k']}`, `${s.upcase}`)
            name = v[1:]
            key = sq(r.choice(WORDS)) if kind == "hash" else str(r.randint(-1, 1))
            calls = {"str": [".upcase", ".size", "[0, 2]"], "hash": [".keys", ".size"]}.get(
                kind, [".size", ".join(',')", ".reverse_each.map |$q| { $q }"])
            return r.choice(["${%s[%s]}" % (name, key), "${$%s[%s]}" % (name, key),
                             "${%s%s}" % (name, r.choice(calls)), "${%s.then |$q| { $q }}" % name,
                             "${$%s}" % name])
        src = self.e("any", r.randint(0, 2))
        # (a name or number alone in `${}` is a variable: `${1}` is `$1`, `${true}` `$true`,
        # which the reference's validator fails on, also before `.` and `[`: `${true.then}`)
        bare = BARE.fullmatch(src) or FIRST_WORD.match(src)
        return "${" + (f"({src})" if bare else src) + "}"

    def heredoc(self):
        r = self.r
        tag = self.fresh("END")
        if r.random() < 0.1:
            # (a heredoc checked as JSON: an invalid text is an error)
            quote = r.choice(['"', ''])
            text = JSON_BAD if self.mistakes and r.random() < 0.05 else r.choice(JSON_TEXTS)
            self.heredocs.append((tag, text + "\n" + tag))
            return f"@({quote}{tag}{quote}:json)"
        flags = r.choice(HEREDOC_FLAGS)
        quoted = r.random() < 0.7
        lines = []
        for _ in range(r.randint(1, 3)):
            text = r.choice(WORDS + HEREDOC_TEXTS)
            if quoted and r.random() < 0.5 and not self.flat():
                self.in_string += 1
                self.in_heredoc += 1
                text += " " + self.interpolation()
                self.in_heredoc -= 1
                self.in_string -= 1
            lines.append(text)
        margin = r.choice(["", "  "])
        trim = r.choice(["|", "|-", "-"]) if margin else r.choice(["", "-"])
        if "$" in flags and "-" in trim and lines[-1].endswith("\\") and not (self.mistakes and r.random() < 0.2):
            # (the `$` escape with a trimmed last line ending in a backslash fails the
            # reference's lexer, a documented deviation: rarely)
            lines[-1] = r.choice(WORDS)
        head = f"@(\"{tag}\"{flags})" if quoted else f"@({tag}{flags})"
        end = margin + trim + (" " if trim else "") + tag
        self.heredocs.append((tag, "\n".join(margin + l for l in lines) + "\n" + end))
        return head

    def epp(self, kind, d):
        """`inline_epp` with typed parameters (defaults now and then), expressions over
        them, an iteration and the template's other tags."""
        r = self.r
        params = [(self.fresh("e"), r.choice(["int", "str", "strs"])) for _ in range(r.randint(0, 2))]
        ptype = {"int": "Integer", "str": "String", "strs": "Array[String]", "deferred": ""}
        if r.random() < 0.1:
            # (an untyped parameter given a `Deferred`: checked by its function's return
            # type, the reference's warning when it declares none; session 53)
            params.append((self.fresh("e"), "deferred"))
        self.in_string += 1
        heads, args = [], []
        for name, k in params:
            default = f" = {self.e(k, 0, 0)}" if r.random() < 0.3 and k != "deferred" else ""
            # (untyped now and then)
            typed = f"{ptype[k]} " if ptype[k] and r.random() < 0.85 else ""
            heads.append(f"{typed}${name}{default}")
            if not default or r.random() < 0.5:
                args.append(f"{sq(name)} => {self.e(k, d, 0)}")
        outer, self.scope = self.scope, list(params)
        parts = [f"<%- |{', '.join(heads)}| -%>"] if params else []
        for _ in range(r.randint(1, 3)):
            k = r.randrange(6)
            if k == 0:
                parts.append(r.choice(WORDS + ["\n", " - ", "<%% x %%>"]))
            elif k == 1 and any(pk == "strs" for _, pk in params):
                v = r.choice([n for n, pk in params if pk == "strs"])
                parts.append(f"<% ${v}.each |$w| {{ -%>[<%= $w %>]<% }} -%>")
            elif k == 2:
                parts.append(f"<%# {r.choice(WORDS)} %>")
            else:
                parts.append(f"<%= {self.statements(self.e(r.choice(['any', 'str', 'int']), d, 0))} %>")
        self.in_string -= 1
        self.scope = outer
        template = sq("".join(parts))
        if args or r.random() < 0.5:
            return f"inline_epp({template}, {{ {', '.join(args)} }})", PRIMARY
        return f"inline_epp({template})", PRIMARY

    def str_fn(self, kind, d):
        r = self.r
        return self.one_of(
            lambda: f"{self.p('str', d)}.{r.choice(['upcase', 'downcase', 'capitalize', 'strip', 'chomp', 'lstrip'])}",
            lambda: f"join({self.e(r.choice(['ints', 'strs', 'arr']), d)}, {sq(r.choice([',', '', ' - ']))})",
            lambda: f"String({self.e(r.choice(['int', 'int', 'float']), d)}, "
                    f"{r.choice(FORMATS_NUMBER + FORMATS_ANY[:5])})",
            lambda: self.sprintf(d),
            lambda: self.regsubst(d),
            lambda: f"String({self.e('any', d)})",
            lambda: f"{self.p('strs', d)}.join({sq(r.choice(['', ',']))})",
            lambda: self.formatted(kind, d)[0],
            lambda: f"{self.p('any', d)}.then |$q| {{ \"<${{q}}>\" }}"), PRIMARY

    def sprintf(self, d):
        r = self.r
        if r.random() < 0.3:
            return f"sprintf({sq(r.choice(['%d', '%x|%s', '%.1f']))}, {self.e('int', d)}, {self.e('any', 0)})"
        fmt = sq(r.choice(['%s-%s', '%5s|', '%-3s|%s', '%p %s']))
        if r.random() < 0.15:
            # (the arguments from an array: `*[a, b]`)
            return f"sprintf({fmt}, *[{self.e('any', d)}, {self.e('any', 0)}])"
        return f"sprintf({fmt}, {self.e('any', d)}, {self.e('any', 0)})"

    def regsubst(self, d):
        r = self.r
        rep = sq(r.choice(["X", "<\\0>", ""]))
        # (the flags `E`, `I`, `M` with a string pattern only)
        pk = r.choice(['regexp', 'str'])
        flags = r.choice(["", ", 'G'"] + [", 'EI'", ", 'M'"] * (pk == "str"))
        return f"regsubst({self.p('str', d)}, {self.e(pk, 0)}, {rep}{flags})"

    def formatted(self, kind, d):
        """A format over a nested value: `String(v, fmt)` with a format or a hash of them
        by type, `sprintf` with flags, widths and precisions, named arguments."""
        r = self.r
        vk = r.choice(["arr", "hash", "ints", "any", "float", "int", "strs"])
        v = self.e(vk, d)
        # (a number's format of another value is an error: `%d` of an array)
        spec = r.choice(SPRINTFS if vk in ("int", "float") else
                        [f for f in SPRINTFS if f not in SPRINTFS_NUMBER])
        if r.random() < 0.6:
            return f"String({v}, {r.choice(FORMATS_ANY + FORMATS.get(vk, []) * 2)})", PRIMARY
        if "<a>" in spec or "{a}" in spec:
            return f"sprintf({sq(spec)}, {{ 'a' => {v} }})", PRIMARY
        return f"sprintf({sq(spec)}, {v}, {self.e('any', 0)})", PRIMARY
