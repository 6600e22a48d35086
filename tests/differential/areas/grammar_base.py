"""The area `grammar`'s generator core: the kinds of values, the operators' binding strengths,
and the dispatcher that asks one of a kind's producers for an expression within a depth
budget (the producers are the mixins of `grammar_exprs`, `grammar_strings` and
`grammar_types`)."""
import re

KINDS = ["int", "float", "str", "bool", "ints", "strs", "arr", "hash", "type", "regexp"]
# (values of the rich data types, asked for only where any kind is taken)
RICH = "rich"
WORDS = ["a", "b", "ab", "abc", "", "x y", "A", "Hello", "10", "é", "a,b", "0x1F"]
ESCAPES = ["\\n", "\\t", "\\\\", "\\\"", "\\$", "\\u{41}", "\\u00e9", "\\s", "\\'", "\\r",
           "\\u{1F600}", "\\u{7A}\\u0041", "\\q"]
# Texts of single-quoted strings as written: only `\\` and `\'` are escapes there.
SQ_TEXTS = [r"a\nb", r"it\'s", r"back\\slash", r"\$x", r"tab\t", r"end\\", r"\u{41}", r"${x}", r"$y",
            r"\\\\two", r'q\"q', r"\é", r"\\\'"]
# Binding strength of the operators (higher binds tighter; the reference's egrammar.ra).
# A selector's `?` binds looser than every operator but `and` and `or`: `1 - 3 ? {...}`
# selects on `-2`, `!$x ? {...}` on `!$x` (session 47; it was taken for the tightest).
PRIMARY, BLOCK, NOT, UMINUS, IN, MATCH, MUL, ADD, SHIFT, EQ, CMP, SELECT, AND, OR = \
    100, 95, 85, 80, 70, 65, 60, 55, 50, 45, 40, 35, 30, 20
BINARY = {"*": MUL, "/": MUL, "%": MUL, "+": ADD, "-": ADD, "<<": SHIFT, ">>": SHIFT,
          "==": EQ, "!=": EQ, "<": CMP, "<=": CMP, ">": CMP, ">=": CMP, "and": AND,
          "or": OR, "=~": MATCH, "!~": MATCH, "in": IN}
ELEM = {"ints": "int", "strs": "str"}


def sq(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def scope_kind(kind):
    """The kind a parameter of `kind` is in its scope (a record is a hash, a `Deferred` a
    rich value)."""
    return {"rec": "hash", "deferred": RICH}.get(kind, kind)


def statement_safe(src):
    """Whether `src` can start a statement as it is (one starting with `{`, `/`, `[`, `(`
    or `-` would read differently after the statement before it)."""
    return src[0] not in "{/[(-"


class Base:
    def __init__(self, rng):
        self.r = rng
        self.scope = []      # [(variable name, kind)] visible where the expression is
        self.funcs = []      # [(name, [param kinds], return kind, required, `*$rest`'s kind)]
        self.aliases = []    # [(alias name, the kind of parameters it is for, or None)]
        self.objects = []    # [(Object type's name, [(attribute, kind, has a default)])]
        self.set_members = []  # [(a TypeSet's member `Ts1::Num`, the kind of parameters it is for, or None)]
        self.n = 0
        self.mistakes = 0.04 if rng.random() < 0.2 else 0.0
        self.heredocs = []   # bodies of heredocs opened on the current line
        self.in_string = 0   # inside an interpolation or a template (no heredoc there)
        self.in_heredoc = 0  # inside a heredoc's interpolation
        self.level = 0       # how deep the current expression is nested
        self.in_function = False  # (`return` is allowed)
        self.ret_kind = None      # (the kind the function's `return` gives)
        self.in_catalog = False   # (a resource's, class's or define's, or a node's statements)
        self.recursive = set()    # names of aliases of recursive types (`Data`)
        self.in_default = False   # (a parameter's default: no assignment there)
        self.deferrable = []      # functions declaring `>> String` a `Deferred` may name
        self.hiera = False        # (the program has Hiera data: `grammar_more.hiera_files`)

    def line(self, src):
        """`src` followed by the bodies of the heredocs it opened, in the order of their
        heads on the line."""
        # (a heredoc of an alternative the generator made but did not choose is left out)
        heads = [(re.search(r'@\("?%s\b' % tag, src), body) for tag, body in self.heredocs]
        docs = sorted((m.start(), body) for m, body in heads if m)
        self.heredocs = []
        return src + "".join("\n" + body for _, body in docs)

    def fresh(self, prefix):
        self.n += 1
        return f"{prefix}{self.n}"

    def e(self, kind, d, at=0):
        """An expression of `kind` within depth `d`, as source that binds at least as
        tightly as `at` (parenthesized when it does not)."""
        r = self.r
        if self.mistakes and r.random() < self.mistakes:
            kind = r.choice(KINDS + ["undef"])
        if kind == "any":
            kind = r.choice(KINDS + ["undef", "int", "str", "arr"] +
                            ([RICH] if r.random() < 0.3 else []))
        self.level += 1
        if d <= 0 or r.random() < 0.3 or self.level > 9:
            src, p = self.leaf(kind)
        else:
            src, p = r.choice(self.PRODUCERS[kind] + self.COMMON)(self, kind, d - 1)
        self.level -= 1
        if p < at or (p < PRIMARY and r.random() < 0.05):
            return f"({src})"
        return src

    def one_of(self, *makers):
        """What one of `makers` (functions of no argument) makes, chosen at random: only the
        one chosen is generated."""
        return self.r.choice(makers)()

    def otherwise(self, kind, d, form):
        """The `else`/`default` branch of a conditional in `form` (`" else {{ {} }}"`), or
        nothing (the conditional is undef when no branch is taken) where undef may come out:
        where any value is taken, and now and then elsewhere in the programs that make
        mistakes (an operand then fails)."""
        r = self.r
        if r.random() < (0.3 if kind in ("any", "undef") else 0.1 if self.mistakes else 0):
            return ""
        return form.format(self.e(kind, d, 0))

    def p(self, kind, d):
        """An operand of a postfix operator (`.`, `[]`)."""
        return self.e(kind, d, PRIMARY)

    def var(self, kind):
        vs = [n for n, k in self.scope if k == kind or (kind == "any")]
        return "$" + self.r.choice(vs) if vs else None

    def flat(self):
        """Whether literals are to be flat (no elements, no interpolation) this deep."""
        return self.level > 7

    def leaf(self, kind):
        v = self.var(kind)
        if v and self.r.random() < 0.5:
            return v, PRIMARY
        return self.LITERALS[kind](self)

    def body(self, kind, d, params, wrap="%s"):
        """A lambda's body: an expression over its parameters (in `wrap`), a local variable
        now and then."""
        self.scope += params
        pre = ""
        if self.r.random() < 0.2:
            t = self.fresh("t")
            pre = f"${t} = {self.e(self.r.choice(KINDS), d, 0)}; "
            self.scope.append((t, "any"))
        src = self.e(kind, d, 0)
        out = pre + wrap % (f"({src})" if pre and src[0] == "{" else src)
        del self.scope[len(self.scope) - len(params) - (1 if pre else 0):]
        return out

    def statements(self, src):
        """`src` after statements that came before it: parenthesized when it would not
        start a statement as it is."""
        return src if statement_safe(src) else f"({src})"
