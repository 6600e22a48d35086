"""Programs a user gets wrong: a valid multi-line program (assignments, arrays and hashes,
`if`/`unless`/`case`/selectors, functions with typed parameters, lambdas, heredocs, strings
with interpolation, resource-free calls) mutated at a random place: a character or a token
deleted, doubled or replaced (a bracket, comma, `=>`, quote, `$`, `|`, a keyword written as
a name, `else` moved out of its `if`, a heredoc tag changed), or, in one program in three, a
typical evaluation mistake put in (an unknown variable under strict mode, wrong argument
counts and types to functions, `Integer['x']`, bad accesses, comparing incompatible values,
an unknown function or type, `fail()`, assert_type). A check is a whole program: the value,
or the whole error message (file, line and column as the reference reports them) and the
log."""

CHECKS_PER_PROGRAM = 1

WORDS = ["'a'", "'abc'", "'x y'", "''", "'10'", '"q"']
NAMES = ["a", "b", "cnt", "xs", "h", "s", "n"]
KEYWORDS = ["if", "else", "elsif", "unless", "case", "default", "and", "or", "in", "node",
            "class", "define", "function", "inherits", "undef", "true", "false", "private",
            "attr", "type", "application", "consumes", "produces", "site", "unit"]


def simple(rng, vars_):
    k = rng.randrange(7)
    if k == 0 or not vars_:
        return str(rng.choice([0, 1, 2, 3, 10, -4, 42]))
    if k == 1:
        return rng.choice(WORDS)
    if k == 2:
        return "$" + rng.choice(vars_)
    if k == 3:
        return f"${rng.choice(vars_)} + {rng.randint(1, 9)}"
    if k == 4:
        return f'"v=${{{rng.choice(vars_)}}}"'
    if k == 5:
        return rng.choice(["[1, 2, 3]", "['a', 'b']", "{'k' => 1, 'j' => 2}", "[]", "{}"])
    return rng.choice(["true", "false", "undef"])


def statement(rng, vars_, depth=0):
    """One statement (lines of source); may add to `vars_`."""
    k = rng.randrange(12 if depth < 2 else 6)
    name = rng.choice(NAMES)
    if k <= 1:
        # reassigning is an error: a name not used yet
        if name in vars_:
            name += str(len(vars_))
        line = f"${name} = {simple(rng, vars_)}"
        vars_.append(name)
        return [line]
    if k == 2:
        n = f"xs{len(vars_)}"
        out = [f"${n} = [{simple(rng, vars_)}, {simple(rng, vars_)}]"]
        vars_.append(n)
        return out
    if k == 3:
        n = f"h{len(vars_)}"
        out = [f"${n} = {{", f"  'one' => {simple(rng, vars_)},",
               f"  'two' => [{simple(rng, vars_)}],", "}"]
        vars_.append(n)
        return out
    if k == 4:
        return [f"notice({simple(rng, vars_)})"]
    if k == 5:
        n = f"s{len(vars_)}"
        out = [f"${n} = \"pre ${{{rng.choice(vars_) if vars_ else 'facts'}}} post\""]
        vars_.append(n)
        return out
    body = statement(rng, list(vars_), depth + 1)
    if k == 6:
        out = [f"if {simple(rng, vars_)} {{"] + ["  " + l for l in body]
        if rng.random() < 0.5:
            out += ["} elsif 1 < 2 {", "  notice('e')"]
        if rng.random() < 0.6:
            out += ["} else {"] + ["  " + l for l in statement(rng, list(vars_), depth + 1)]
        return out + ["}"]
    if k == 7:
        return [f"unless {simple(rng, vars_)} {{"] + ["  " + l for l in body] + ["}"]
    if k == 8:
        return [f"case {simple(rng, vars_)} {{", "  1, 2: {"] + ["    " + l for l in body] + [
            "  }", "  /a/: { notice('re') }", "  default: { notice('d') }", "}"]
    if k == 9:
        n = f"m{len(vars_)}"
        vars_.append(n)
        return [f"${n} = [1, 2, 3].map |$x| {{", f"  $x * {rng.randint(1, 5)}", "}"]
    if k == 10:
        n = f"r{len(vars_)}"
        out = [f"${n} = {simple(rng, vars_)} ? {{", "  1 => 'one',", "  default => 'other',",
               "}"]
        vars_.append(n)
        return out
    n = f"t{len(vars_)}"
    vars_.append(n)
    tag = rng.choice(["END", "TXT", "x"])
    return [f"${n} = @(\"{tag}\")", "  text ${a}" if "a" in vars_ else "  plain text",
            f"  | {tag}"]


def function(rng):
    name = rng.choice(["f", "my_fn", "calc"])
    t = rng.choice(["Integer", "String", "Any", "Numeric", "Optional[Integer]"])
    lines = [f"function {name}({t} $p, $q = 2) {{"]
    lines += ["  " + l for l in statement(rng, ["p", "q"], 1)]
    lines += ["  [$p, $q]", "}"]
    return name, t, lines


def valid_program(rng):
    vars_ = []
    lines = []
    fn = None
    if rng.random() < 0.4:
        fn = function(rng)
        lines += fn[2]
    for _ in range(rng.randint(2, 6)):
        lines += statement(rng, vars_)
    if fn:
        arg = {"Integer": "3", "String": "'s'", "Numeric": "1.5"}.get(fn[1], "undef")
        lines.append(f"{fn[0]}({arg})")
    else:
        lines.append("[" + ", ".join("$" + v for v in vars_[-3:]) + "]")
    return lines


TOKENS = ["(", ")", "[", "]", "{", "}", ",", "=>", "=", "$", "|", "'", '"', ";", "->", "~>",
          ":", "::", "@", "?", "!", "*", "+", "-", "/", "<", ">", "==", "=~", ".", "\\",
          "%", "@(", "$$", "${", "0x", "1.2.3", "1e", "0o9", "08"]


def mutate(rng, lines):
    """`lines` with one random syntactic mistake."""
    text = "\n".join(lines)
    k = rng.randrange(9)
    if k <= 2:
        # delete one character that matters
        spots = [i for i, c in enumerate(text) if c in "()[]{},=>'\"$|:?"]
        if spots:
            i = rng.choice(spots)
            j = i + (2 if text[i:i + 2] == "=>" else 1)
            return text[:i] + text[j:]
    if k == 3:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(TOKENS) + text[i:]
    if k == 4:
        # a keyword or a reserved word as a variable, function, or hash key
        kw = rng.choice(KEYWORDS)
        return text + "\n" + rng.choice([
            f"${kw} = 1\n${kw}", f"{kw}(1)", f"function {kw}() {{ 1 }}", f"{{{kw} => 1}}",
            f"[1].map |${kw}| {{ ${kw} }}", f"{kw} = 1", f"class {kw} {{ }}",
            f"$x = {kw}"])
    if k == 5:
        # `else` or `elsif` outside an `if`, or a lone `}` / `{`
        lines = list(lines)
        i = rng.randrange(len(lines) + 1)
        lines.insert(i, rng.choice(["else { notice(1) }", "elsif true { 1 }", "}", "{",
                                    "default: { 1 }", "|$x| { $x }", "}else{"]))
        return "\n".join(lines)
    if k == 6:
        # unterminated string, regex, heredoc or comment
        return text + "\n" + rng.choice([
            "$u = 'open", '$u = "open ${a', "$u = /open", "$u = @(END)\nno end",
            "$u = @(END)\n  text\n  END", "/* open", "$u = \"a ${\"", "$u = \"${",
            "$u = @(E:json)\n{\nE", "$u = @(A/z)\nx\nA", "$u = @(\"Q)\nx\nQ",
            "$u = $", "$u = $ x", "$u = 'a' 'b'", "$u = [1 2]", "$u = {'a' 1}",
            "$u = {'a' => 1 'b' => 2}", "$u = f(", "$u = [1,2].map |$x { $x }",
            "$u = 1 +", "$u = (1", "$u = 1)", "$u = Integer[", "$u = @()\nx\n|-"])
    if k == 7:
        # replace one character that matters with another
        spots = [i for i, c in enumerate(text) if c in "()[]{},=>'\"$|"]
        if spots:
            i = rng.choice(spots)
            return text[:i] + rng.choice("()[]{},=>'\"$|;") + text[i + 1:]
    # duplicate a line
    lines = list(lines)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines)


EVAL_MISTAKES = [
    "$strict_undefined", "notice($nope)", "$a + $nope", "\"${nope}\"",
    "Integer['x']", "Integer('x')", "Integer('10', 1, 2, 3)", "Integer[1, 2, 3, 4]",
    "[1][5, 2, 1]", "[1, 2, 3][1, 2, 3]", "{'a' => 1}['a', 'b']", "'abc'[1, 2, 3]",
    "1[0]", "true[0]", "undef[0]", "Integer[1][2]", "String['x']",
    "1 < 'a'", "[1] < [2]", "{} < {}", "1 + 'a'", "'a' - 1", "[1] * 2", "{} + 1",
    "1 / 0", "1 % 0", "1.0 / 0", "-'a'", "!undef", "1 << 'x'", "undef + 1",
    "nosuch_function(1)", "Nosuchtype[1]", "Nosuchtype", "nosuch::fn()", "NoSuch::Type",
    "fail('boom')", "fail('a', 'b')", "fail()", "fail(1)",
    "assert_type(Integer, 'x')", "assert_type(String[3], 'x')",
    "size()", "size(1, 2)", "size(1)", "upcase(1)", "join(1)", "split(1, 2)",
    "[1, 2].map |$a, $b, $c| { $a }", "[1, 2].map || { 1 }", "[1].each |Integer $x| { $x }",
    "['a'].each |Integer $x| { $x }", "{'a' => 1}.map |$a, $b, $c| { 1 }",
    "range(1)", "sprintf()", "sprintf('%d', 'x')", "sprintf('%d')",
    "'abc' =~ 1", "1 =~ /a/", "'a' in 1", "[1] in [1]",
    "$x = 1\n$x = 2", "$facts = 1", "$trusted = {}", "$0 = 1", "$::a = 1",
    "f(1, 2, 3)", "f()", "f('s')", "f(1, q => 2)",
    "Struct[{a => Integer}]", "Enum[1]", "Pattern[1]", "Array[1]", "Hash[Integer]",
    "Optional[1, 2]", "Variant[1]", "Tuple[Integer, 'x']",
    "Integer.new('0x1g')", "Float('abc')", "Boolean('maybe')", "Numeric('')",
    "Timespan('bad')", "SemVer('1.x')", "Regexp('(')", "Regexp('[')",
    "[1, 2].reduce |$m| { $m }", "{'a' => 1}.filter |$a, $b, $c| { true }",
    "1.foo", "'a'.nosuch", "[1].nosuch(1)", "new(1)", "1.then",
    "break()", "next()", "return(1)", "return()",
    "{'a' => 1, 'a' => 2}", "@(END)", "with(1) |$a, $b| { $a }", "with() |$a| { $a }",
    "map([1]) |$x| { $x }", "[].max", "[].min", "max()", "min('a', 1)",
    "'%s' % 1", "1.0 % 2", "undef == undef < 1", "default + 1", "/a/ + 1",
    "Integer[2, 1]", "Integer['1', 2]", "String[-1]", "Array[Integer, -1]",
    "lookup('x')", "include nosuch", "require(nosuch)", "contain nosuch",
    "Class[nosuch]", "Resource['nosuch']['x']", "Notify", "Notify['a']['message']",
    "defined('$nope')", "defined()", "tag()", "tagged()",
]


def eval_mistake(rng, lines):
    """`lines` with an evaluation mistake at a random statement boundary (with strict
    variables on, as the oracle has them)."""
    lines = list(lines)
    m = rng.choice(EVAL_MISTAKES)
    # only at top level: indexes of lines that start a top-level statement
    tops = [i for i, l in enumerate(lines) if l and not l.startswith(" ") and l[0] not in "}|"]
    i = rng.choice(tops + [len(lines)])
    if rng.random() < 0.3:
        m = f"$err = {m}" if "\n" not in m and not m.startswith("$") else m
    if rng.random() < 0.2:
        # inside a lambda, a function or a condition
        m = rng.choice([f"[1].each |$i| {{\n  {m}\n}}", f"if true {{\n  {m}\n}}",
                        f"with(2) |$w| {{ {m} }}", f"$sel = 1 ? {{ 1 => {m} }}"])
    lines.insert(i, m)
    return "\n".join(lines)


def check(rng):
    lines = valid_program(rng)
    r = rng.random()
    if r < 0.35:
        return eval_mistake(rng, lines)
    if r < 0.95:
        return mutate(rng, lines)
    return "\n".join(lines)


def deviation(src, expected, got):
    # A lambda where a `case` option may stand (`case $x { |$y| ... }`): the specification
    # allows it and prepl follows it (docs/deviations.md, "lambdas as `case` options"), so
    # the reference's syntax error at `|` is another error (or none) in prepl.
    exp_err = (expected or {}).get("error") or ""
    if exp_err.startswith("Syntax error at '|'") and "case " in src and "|$" in src:
        return "lambdas as case options (docs/deviations.md)"
    # A heredoc header without its `)` on its line: the reference takes its tag from the
    # first `)` after it, across lines (a later heredoc's), where prepl refuses the header.
    got_err = (got or {}).get("error") or ""
    if (got_err.startswith("Invalid syntax in heredoc")
            and not exp_err.startswith("Invalid syntax in heredoc")
            and any("@(" in l and ")" not in l.split("@(", 1)[1] for l in src.splitlines())):
        return "a malformed heredoc header the reference reads leniently (docs/deviations.md)"
    # A `{` after an expression inside an unclosed `[`: a resource body to the reference's
    # grammar, which fails further on; prepl reports the `{`.
    if (got_err.startswith("Syntax error at '{'")
            and (exp_err.startswith("Syntax error at")
                 or exp_err.startswith("Expression is not valid as a resource"))
            and _brace_in_open_bracket(src)):
        return "a `{` inside an unclosed `[`: the reference reads a resource body (docs/deviations.md)"
    return None


def _brace_in_open_bracket(src):
    """Whether the first `{` of `src` comes where a `[` is still open."""
    i = src.find("{")
    return i >= 0 and src[:i].count("[") > src[:i].count("]")
