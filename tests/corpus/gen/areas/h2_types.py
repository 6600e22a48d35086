"""Hold-out corpus 2: type algebra a user explores (written from the spec, not from other corpora)."""

PROGRAMS = []

# --- normalization of Variant / Optional / NotUndef -----------------------------------------
NORM = [
    "Variant[Integer, Integer]", "Variant[Integer, Integer[0, 5]]", "Variant[Integer[0, 5], Integer[3, 10]]",
    "Variant[Integer[0, 5], Integer[7, 10]]", "Variant[Integer[0, 5], Integer[6, 10]]", "Variant[String, Enum[a, b]]",
    "Variant[Enum[a], Enum[b]]", "Variant[Undef, Integer]", "Variant[Optional[Integer], String]", "Variant[Any, Integer]",
    "Variant[Scalar, Integer]", "Variant[Float, Integer]", "Variant[Variant[Integer, String], Boolean]", "Variant[]",
    "Variant[Integer]", "Optional[Optional[Integer]]", "Optional[Undef]", "Optional[NotUndef[Integer]]", "Optional['a']",
    "NotUndef[Optional[Integer]]", "NotUndef[Undef]", "NotUndef[Any]", "NotUndef['a']", "NotUndef[NotUndef[String]]",
    "Optional[Variant[Integer, Undef]]", "Variant[Pattern[/a/], Pattern[/b/]]", "Variant[Array[Integer], Array[String]]",
    "Variant[Tuple[Integer], Array[Integer]]", "Variant[Hash[String, Integer], Struct[{a => Integer}]]",
    "Variant[Integer[1, 2], Float[1.0, 2.0]]", "Variant[Boolean, Enum[true]]", "Variant[Default, Undef]",
]
for t in NORM:
    PROGRAMS.append(t)
PROGRAMS.append("[" + ", ".join(f"Integer =~ Type[{t}]" for t in ["Variant[Integer, String]", "Optional[Integer]"]) + "]")

# --- equality of types ----------------------------------------------------------------------
EQ = [
    ("Struct[{a => Optional[Integer]}]", "Struct[{Optional[a] => Optional[Integer]}]"),
    ("Struct[{a => Integer}]", "Hash[Enum[a], Integer, 1, 1]"),
    ("Tuple[Integer, Integer]", "Array[Integer, 2, 2]"),
    ("Variant[Integer, String]", "Variant[String, Integer]"),
    ("Optional[Integer]", "Variant[Integer, Undef]"),
    ("Integer[0, default]", "Integer[0]"),
    ("Integer[default, default]", "Integer"),
    ("Float[default, 1.5]", "Float[-default, 1.5]") ,
    ("Enum[a, b]", "Enum[b, a]"),
    ("Enum[a, b]", "Enum[a, b, a]"),
    ("Pattern[/a/]", "Pattern['a']"),
    ("Array", "Array[Any]"),
    ("Array[Any, 0, default]", "Array"),
    ("Hash", "Hash[Any, Any]"),
    ("String[0]", "String"),
    ("String[1]", "String[1, default]"),
    ("Collection", "Collection[0]"),
    ("Callable", "Callable[0, default]"),
    ("Optional[String]", "Optional[String]"),
    ("Type", "Type[Any]"),
    ("NotUndef", "NotUndef[Any]"),
    ("Tuple[Integer, 1, 2]", "Tuple[Integer, 1, 2]"),
    ("Struct[{a => Integer, b => String}]", "Struct[{b => String, a => Integer}]"),
    ("Integer[1, 2]", "Integer[2, 1]"),
    ("Timespan['0-00:00:01']", "Timespan[1]"),
    ("SemVer['>=1.0.0']", "SemVer[SemVerRange('>=1.0.0')]"),
]
for a, b in EQ:
    PROGRAMS.append(f"{a} == {b}")

# --- assignability comparisons --------------------------------------------------------------
CMP = [
    ("Integer", "Numeric"), ("Numeric", "Integer"), ("Integer[0, 10]", "Integer[0, 100]"), ("Integer", "Integer"),
    ("Float", "Integer"), ("String[1, 5]", "String"), ("Enum[a, b]", "String"), ("Enum[a, b]", "String[1, 1]"),
    ("Pattern[/a/]", "String"), ("String", "Pattern[/a/]"), ("Tuple[Integer, String]", "Array"),
    ("Tuple[Integer, Integer]", "Array[Integer]"), ("Array[Integer]", "Tuple[Integer, Integer]"),
    ("Struct[{a => Integer}]", "Hash[String, Integer]"), ("Struct[{a => Integer}]", "Hash[Integer, Integer]"),
    ("Hash[String, Integer]", "Struct[{a => Integer}]"), ("Undef", "Optional[Integer]"), ("Integer", "Optional[Integer]"),
    ("Optional[Integer]", "Integer"), ("Undef", "Any"), ("Any", "Any"), ("Any", "Data"), ("Data", "Any"),
    ("Array[Data]", "Data"), ("Hash[Integer, Data]", "Data"), ("Hash[String, Data]", "Data"), ("Scalar", "Data"),
    ("Regexp", "Scalar"), ("Regexp", "Data"), ("Default", "Scalar"), ("Boolean", "ScalarData"), ("Undef", "Data"),
    ("Timespan", "Scalar"), ("SemVer", "ScalarData"), ("Sensitive[String]", "Sensitive"), ("Integer", "Variant[Integer, String]"),
    ("Variant[Integer, String]", "Scalar"), ("Variant[Integer, Array]", "Scalar"), ("NotUndef[Integer]", "Integer"),
    ("Integer", "NotUndef"), ("Undef", "NotUndef"), ("Type[Integer]", "Type[Numeric]"), ("Type[Integer]", "Type"),
    ("Callable[Integer]", "Callable"), ("Iterable", "Any"), ("Iterator", "Iterable"), ("Array", "Iterable"),
    ("String", "Iterable"), ("Integer", "Iterable"), ("Integer[0]", "Iterable"), ("Collection", "Iterable"),
    ("Runtime", "Any"), ("Object", "Any"), ("Binary", "ScalarData"), ("CatalogEntry", "Any"), ("Integer", "Type"),
]
for a, b in CMP:
    PROGRAMS.append(f"[{a} < {b}, {a} <= {b}, {a} > {b}, {a} >= {b}]")

# --- instance checks -----------------------------------------------------------------------
INST = [
    ("1", "Integer[1, 1]"), ("1.0", "Integer"), ("'1'", "Integer"), ("[]", "Array[Integer]"), ("[]", "Array[Integer, 1]"),
    ("[1, 'a']", "Tuple[Integer, String]"), ("[1, 'a', 'b']", "Tuple[Integer, String]"), ("[1, 'a', 'b']", "Tuple[Integer, String, 1, 3]"),
    ("[1, 'a', 'b']", "Tuple[Integer, String, 0, default]"), ("[1]", "Tuple[Integer, String, 1, 2]"), ("{a => 1}", "Struct[{a => Integer, b => Optional[Integer]}]"),
    ("{a => 1, c => 2}", "Struct[{a => Integer}]"), ("{}", "Struct[{Optional[a] => Integer}]"), ("{a => undef}", "Struct[{Optional[a] => Integer}]"),
    ("{a => undef}", "Struct[{a => Optional[Integer]}]"), ("{}", "Struct[{a => Optional[Integer]}]"), ("{}", "Struct[{NotUndef[a] => Any}]"),
    ("'abc'", "Pattern[/b/, /z/]"), ("'abc'", "Enum['ABC']"), ("'abc'", "Enum['ABC', true]"), ("'abc'", "String[4]"),
    ("'abc'", "String[1, 3]"), ("undef", "Optional[String]"), ("undef", "String"), ("undef", "Any"), ("default", "Default"),
    ("/x/", "Regexp[/x/]"), ("/x/", "Regexp['x']"), ("/x/", "Regexp[/y/]"), ("Integer", "Type[Integer]"), ("Integer[1]", "Type[Integer]"),
    ("String", "Type[Integer]"), ("Integer", "Type"), ("3", "Numeric"), ("3.5", "Float[3, 4]"), ("3.5", "Float[3.6]"),
    ("true", "Boolean"), ("'true'", "Boolean"), ("[1, [2]]", "Array[Data]"), ("{1 => 2}", "Hash[Scalar, Scalar]"),
    ("{1 => 2}", "Data"), ("{'a' => /r/}", "Data"), ("{'a' => /r/}", "RichData"), ("[default]", "Data"), ("Sensitive(1)", "Sensitive[Integer]"),
    ("Sensitive('a')", "Sensitive[Integer]"), ("[1,2,3]", "Collection[3, 3]"), ("{a => 1}", "Collection[2]"), ("'x'", "Collection"),
    ("Timespan(1)", "Timespan[0, 2]"), ("SemVer('1.0.0')", "SemVer['>=1.0.0']"), ("SemVer('0.9.0')", "SemVer['>=1.0.0', '<0.5.0']"),
    ("1", "Callable"), ("|$x| { $x }", "Callable[1, 1]") ,
]
for i, (v, t) in enumerate(INST):
    PROGRAMS.append(f"{v} =~ {t}")
    if i % 4 == 0:
        PROGRAMS.append(f"$v = {v}\n$v ? {{ {t} => 'yes', default => 'no' }}")

# --- type() of nested data ----------------------------------------------------------------
VALS = [
    "[1, 'a', {b => 2}]", "{a => [1, 2.0], b => undef}", "[]", "{}", "[[], [[]]]", "[1, 2, 3]", "['a', 'bb']",
    "[1, 2.5]", "[true, false]", "[undef]", "[default]", "{1 => 'a', 'b' => 2}", "'hello'", "''", "-7", "3.0",
    "/re/", "Integer", "Integer[1, 2]", "Timespan(3)", "Timestamp('2020-01-01T00:00:00.000 UTC')", "SemVer('1.2.3')",
    "SemVerRange('>=1.0')", "Sensitive('s')", "Binary('aGk=')", "|$x| { $x }", "[1, [2, ['three']]]", "{a => {b => {c => 1}}}",
    "[Integer, String]", "[/a/, /b/]", "true", "undef", "default",
]
for v in VALS:
    PROGRAMS.append(f"type({v})")
    PROGRAMS.append(f"type({v}, generalized)")
for v in VALS[:6]:
    PROGRAMS.append(f"type({v}, reduced)")
PROGRAMS += ["type(1, 'detailed')", "type(1, bogus)", "type()", "type(1, detailed, 2)"]

# --- aliases -------------------------------------------------------------------------------
PROGRAMS += [
    "type Size = Enum[small, medium, large]\n[Size, 'small' =~ Size, 'huge' =~ Size, Size == Enum[small, medium, large]]",
    "type Size = Enum[small, medium, large]\nSize < String",
    "type Num = Variant[Integer, Float]\n[Num == Numeric, Num < Numeric, Numeric <= Num]",
    "type Opt = Optional[String[1]]\n[undef =~ Opt, '' =~ Opt, 'x' =~ Opt]",
    "type Cfg = Struct[{name => String, Optional[size] => Integer}]\ntype($x = {name => 'n'}) == Cfg",
    "type Cfg = Struct[{name => String, Optional[size] => Integer}]\n[{name => 'n'} =~ Cfg, {name => 'n', size => 1} =~ Cfg, {size => 1} =~ Cfg]",
    "type Cfg = Struct[{name => String}]\nCfg['name']",
    "type Cfg = Struct[{name => String}]\nCfg[1]",
    "type A1 = Integer\ntype A2 = A1\n[A2, A2 == Integer, 3 =~ A2]",
    "type IntList = Array[Integer]\nIntList[1]",
    "type L = Array[L]\n[[], [[]], [1]].map |$v| { $v =~ L }",
    "type H = Hash[String, Variant[String, H]]\n{a => {b => 'c'}} =~ H",
    "type T = Integer\nString(T)",
    "type T = Integer\n\"${T}\"",
    "type T = Integer\nT.new('5')",
    "type T = Integer[0, 9]\nT.new('55')",
    "type T = Struct[{a => Integer}]\nT.new({a => 1})",
]

# --- parameterized type access ------------------------------------------------------------
PROGRAMS += [
    "Integer[1, 10] == Integer[1, 10]", "Integer[1, 2][0]", "Array[Integer][0]", "Integer[1, 2, 3]", "Integer['a']",
    "Integer[2, 1] =~ Type", "Float[1]", "Float[1, 2.5]", "Float['a']", "String[-1]", "String[1, 2, 3]", "String[a]",
    "Array[1]", "Array[Integer, 'x']", "Array[Integer, 1, 2, 3]", "Hash[Integer]", "Hash[String, Integer, 1]",
    "Hash[1, 2]", "Tuple[]", "Tuple[1]", "Tuple[Integer, 0]", "Struct[a]", "Struct[{1 => Integer}]", "Struct[{a => 1}]",
    "Enum[]", "Enum[1]", "Pattern[1]", "Regexp[1]", "Optional[1]", "Optional[Integer, String]", "Variant[1]",
    "NotUndef[1]", "Type[1]", "Type[Integer, String]", "Callable[String, 1]", "Callable[[String], Integer]",
    "Callable[0, 0]", "Callable[Integer, Callable]", "Boolean[true]", "Undef[1]", "Sensitive[1]", "Collection[1, 2]",
    "Collection[String]", "Iterable[Integer]", "Iterator[String]", "Runtime[ruby, 'Foo']", "Data[1]", "Any[1]",
    "Default[1]", "Integer[]", "Scalar[Integer]", "Numeric[1]", "Timespan[1, 2]", "Timestamp['2020-01-01', default]",
    "Init[Integer]", "Init[Integer, 1]", "Object[{name => 'X'}]", "Resource", "Resource[file]",
    "Class[foo]", "Hash[String, Integer][1]", "Integer[default, 5]", "Integer[-default, 5]",
]

# --- type operations used for iteration and conversion --------------------------------------
PROGRAMS += [
    "Integer[1, 4].map |$x| { $x }", "Integer[4, 1].map |$x| { $x }", "Integer.map |$x| { $x }", "Integer[0].each |$x| { break() }",
    "Enum[b, a].map |$x| { $x }", "Integer[1, 3].reverse_each.map |$x| { $x }", "Integer[1, 3].size",
    "Integer[1, 3].length", "Enum[a, b].length", "Array[Integer].new([1])", "Array[String].new(['1'])",
    "Array[Integer, 2].new([1])", "Tuple[Integer, String].new([1, 'a'])", "Hash[String, Integer].new({a => 1})",
    "Optional[Integer].new('3')", "Variant[Integer, Float].new('3.5')", "NotUndef[Integer].new(2)",
    "Integer.new(undef)", "Boolean.new('yes')", "Boolean.new('maybe')", "Numeric.new('0x1F')", "Float.new('1e3')",
    "String.new(undef)", "Type[Integer].new(1)", "Integer[0, 5].new(6)", "Array.new('abc')", "Array.new('abc', true)",
    "Array.new({a => 1})", "Array.new(Integer[1, 3])", "Hash.new([[a, 1]])", "Hash.new([a, 1, b, 2])", "Hash.new([a, 1, b])",
    "Hash.new({a => 1})", "Struct[{a => Integer}].new({a => '1'})",
]

# Left out: the reference overflows its Ruby stack on this self-referential alias.
ORACLE_BROKEN = ["type L = Array[L]\n[[], [[]], [1]].map |$v| { $v =~ L }"]
PROGRAMS = [p for p in PROGRAMS if p not in ORACLE_BROKEN]

# --- more probes (appended to keep ids stable) -----------------------------------------------
PROGRAMS += [
    "Struct[{a => Integer, Optional[b] => String, c => Optional[Float]}]", "Struct[{'a b' => Integer}]", "Struct[{}]",
    "Struct[{a => Integer}] == Struct[{'a' => Integer}]", "Hash[String, Integer, 1, 2]", "Hash[String, Integer, 0, default]",
    "Array[Integer, 0, default]", "Array[Integer, default, 3]", "Tuple[Integer, String, 1]", "Tuple[Integer, Integer, 0, 1]",
    "Callable[Integer, String, 1, 2]", "Callable[[Integer], Integer]", "Callable[Integer, Callable[1, 1]]", "Callable[0, 0, Callable]",
    "Optional[Struct[{a => Integer}]]", "Variant[Struct[{a => Integer}], Struct[{a => Integer}]]", "Pattern[/a/, 'b', Regexp[/c/]]",
    "Enum['a b', \"it's\"]", "Regexp[/a\\/b/]", "Regexp['a/b']", "Integer[-10, -1]", "Float[-1.5, 1.5e3]", "String[0, 0]",
    "Sensitive[Integer]", "Iterable[String]", "Iterator[Integer]", "Collection[1, 2]", "Type[Type[Integer]]", "Type[Optional[String]]",
    "Timespan['1-00:00:00', default]", "Timestamp['2020-01-01T00:00:00.000 UTC', '2021-01-01T00:00:00.000 UTC']", "SemVer['>=1.0', '<3']",
    "Array[Array[Integer]] == Array[Array[Integer, 0, default]]", "Optional[Integer] == Optional[Integer[default, default]]",
    "Variant[Integer[1, 2], Integer[2, 3]] == Integer[1, 3]", "Enum[a] == Pattern[/a/]", "Boolean == Variant[Boolean]",
    "type(Integer)", "type(Integer[1, 2], generalized)", "type(Type[Integer])", "type(Optional[String])",
    "[Integer, Type[Integer], Type[Type[Integer]]].map |$t| { type($t) }", "Integer =~ Type[Integer]", "Integer[1] =~ Type[Integer[0]]",
    "Integer[-1] =~ Type[Integer[0]]", "Optional[Integer] =~ Type[Optional]", "String =~ Type[Variant[String, Integer]]",
]

# Left out: the reference prints this range with Ruby's Float::INFINITY ('Infinity.0.0 - 0.0.0-').
REFERENCE_INTERNALS = ["SemVer['>=1.0', '<3']"]
PROGRAMS = [p for p in PROGRAMS if p not in REFERENCE_INTERNALS]

# types-values-variables.md says a single Integer parameter "is taken as both `from` and `to`"
# (expressions.md: "Integer[2]  # the exact value 2"; Float ranges follow the same rule); the
# reference reads Integer[0] as Integer[0, default], and so does prepl by default (`--integer-bounds
# spec` for the draft's reading). Left out while prepl followed the draft; now at the end of the
# list, so that the ids before them stay.
SINGLE_BOUND = [
    "Integer[0, default] == Integer[0]", "Integer[1, 2][0]", "Float[1]", "Integer[0].each |$x| { break() }",
    "Integer[1] =~ Type[Integer[0]]", "Integer[0, 0] == Integer[0]",
]
PROGRAMS = [p for p in PROGRAMS if p not in SINGLE_BOUND]
PROGRAMS += ["Integer[0, default].each |$x| { break() }", "Integer[1, default] =~ Type[Integer[0, default]]"]
PROGRAMS += SINGLE_BOUND
