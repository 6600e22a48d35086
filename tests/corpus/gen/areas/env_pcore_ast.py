"""The reference's AST TypeSet (`puppet/pops/model/ast.pp`) loaded from a module, as
`Astmod::Ast` (`tests/fixtures/pcore-ast/modules/astmod/types/ast.pp`): the reference names
the members of a module's TypeSet (`Astmod::Ast::Locator`), so they can be created (by
position and by hash), compared, matched, printed and their attributes read."""

MODULEPATH = ["tests/fixtures/pcore-ast/modules"]

L = "$l = Astmod::Ast::Locator('abc', 'f.pp')\n"

PROGRAMS = [
    # Members as types.
    "Astmod::Ast::Locator",
    "Astmod::Ast::PopsObject",
    "Astmod::Ast::Positioned",
    "Astmod::Ast::Nop",
    "Astmod::Ast::LiteralInteger",
    "Astmod::Ast::Program",
    "Astmod::Ast::AssignmentExpression",
    "Astmod::Ast::ResourceExpression",
    "Astmod::Ast::HostClassDefinition",
    "Astmod::Ast::QualifiedName",
    "String(Astmod::Ast::Positioned, '%p')",
    "String(Astmod::Ast::Positioned, '%s')",
    "Type[Astmod::Ast::Locator]",
    "[Astmod::Ast::Nop, Astmod::Ast::Expression]",
    "Array[Astmod::Ast::Expression]",
    "Optional[Astmod::Ast::Locator]",
    "Astmod::Ast::Nop < Astmod::Ast::Expression",
    "Astmod::Ast::Nop < Astmod::Ast::Positioned",
    "Astmod::Ast::Nop < Astmod::Ast::PopsObject",
    "Astmod::Ast::Expression < Astmod::Ast::Nop",
    "Astmod::Ast::Locator < Astmod::Ast::PopsObject",
    "Astmod::Ast::Nop =~ Type[Astmod::Ast::Expression]",
    "Astmod::Ast::Nop =~ Type[Object]",
    "Astmod::Ast::Nop == Astmod::Ast::Nop",
    "Astmod::Ast::AndExpression < Astmod::Ast::BinaryExpression",
    "Astmod::Ast::Foo",
    "Astmod::Ast::Locator.name",
    # Instances: by position, by hash, defaults, reads.
    "Astmod::Ast::Locator('abc', 'f.pp')",
    "Astmod::Ast::Locator('abc', 'f.pp').file",
    "Astmod::Ast::Locator('abc', 'f.pp').string",
    "Astmod::Ast::Locator('abc', 'f.pp').line_index",
    "Astmod::Ast::Locator('abc', 'f.pp', [0, 4])",
    "Astmod::Ast::Locator({string => 'abc', file => 'f.pp', line_index => [0]})",
    "Astmod::Ast::Locator.new('abc', 'f.pp')",
    "new(Astmod::Ast::Locator, 'abc', 'f.pp')",
    "type(Astmod::Ast::Locator('abc', 'f.pp'))",
    "type(Astmod::Ast::Locator('abc', 'f.pp'), generalized)",
    "Astmod::Ast::Locator('abc', 'f.pp') == Astmod::Ast::Locator('abc', 'f.pp')",
    "Astmod::Ast::Locator('abc', 'f.pp') == Astmod::Ast::Locator('abc', 'g.pp')",
    "Astmod::Ast::Locator('abc', 'f.pp') =~ Astmod::Ast::PopsObject",
    "Astmod::Ast::Locator('abc', 'f.pp') =~ Astmod::Ast::Expression",
    "Astmod::Ast::Locator('abc')",
    "Astmod::Ast::Locator(1, 'f.pp')",
    "Astmod::Ast::Locator({string => 'abc'})",
    "Astmod::Ast::Nop.new",
    "Astmod::Ast::PopsObject()",
    L + "Astmod::Ast::Nop($l, 0, 3)",
    L + "Astmod::Ast::Nop($l, 0, 3).offset",
    L + "Astmod::Ast::Nop($l, 0, 3).locator",
    L + "Astmod::Ast::Nop($l, 0, 3).locator.string",
    L + "Astmod::Ast::Nop($l, 0, 3) =~ Astmod::Ast::Expression",
    L + "type(Astmod::Ast::Nop($l, 0, 3))",
    L + "Astmod::Ast::Nop($l, 0, 3) == Astmod::Ast::Nop($l, 1, 2)",
    L + "Astmod::Ast::Nop($l, 0, 'x')",
    L + "Astmod::Ast::LiteralInteger($l, 0, 3, 10, 5)",
    L + "Astmod::Ast::LiteralInteger($l, 0, 3, 10)",
    L + "Astmod::Ast::LiteralInteger($l, 0, 3, 10, 5).value",
    L + "Astmod::Ast::LiteralInteger($l, 0, 3, 10, 5).radix",
    L + "Astmod::Ast::LiteralInteger({locator => $l, offset => 0, length => 3, value => 5})",
    L + "Astmod::Ast::LiteralInteger({locator => $l, offset => 0, length => 3, value => 5}).radix",
    L + "$i = Astmod::Ast::LiteralInteger({locator => $l, offset => 0, length => 3, value => 5})\n$i == Astmod::Ast::LiteralInteger({locator => $l, offset => 1, length => 3, value => 6})",
    L + "$a = Astmod::Ast::LiteralInteger($l, 0, 1, 1)\n$b = Astmod::Ast::LiteralInteger($l, 2, 1, 2)\nAstmod::Ast::ArithmeticExpression($l, 0, 3, $a, $b, '+')",
    L + "$a = Astmod::Ast::LiteralInteger($l, 0, 1, 1)\n$b = Astmod::Ast::LiteralInteger($l, 2, 1, 2)\nAstmod::Ast::ArithmeticExpression($l, 0, 3, $a, $b, '^')",
    L + "$a = Astmod::Ast::LiteralInteger($l, 0, 1, 1)\nAstmod::Ast::ArithmeticExpression({locator => $l, offset => 0, length => 3, left_expr => $a, right_expr => $a, operator => '*'}).operator",
    L + "Astmod::Ast::QualifiedName($l, 0, 3, 'abc')",
    L + "Astmod::Ast::LiteralList($l, 0, 3)",
    L + "Astmod::Ast::LiteralList($l, 0, 3).values",
    L + "Astmod::Ast::LiteralList($l, 0, 3, [Astmod::Ast::Nop($l, 0, 1)]).values.length",
    L + "Astmod::Ast::LiteralList($l, 0, 3, [1])",
    L + "Astmod::Ast::Program($l)",
    L + "Astmod::Ast::Program($l).definitions",
    L + "[Astmod::Ast::Nop($l, 0, 3)].map |$n| { $n.length }",
    L + "case Astmod::Ast::Nop($l, 0, 3) { Astmod::Ast::Literal: { 'lit' } Astmod::Ast::Expression: { 'expr' } default: { 'other' } }",
    L + "Astmod::Ast::Nop($l, 0, 3).foo",
    # Derived attributes without a value to read (the reference runs their Ruby bodies).
    "Astmod::Ast::Locator('abc', 'f.pp').offset",
    # (session 43) A member that names a fellow member by its full name
    # (`tests/fixtures/pcore-ast/modules/tsmod/types/full.pp`).
    "Tsmod::Full::B",
    "Tsmod::Full::B({x => 1, y => 'a'}).x",
    "Tsmod::Full::B(1, 'a')",
    "Tsmod::Full::B < Tsmod::Full::A",
    "Tsmod::Full::C({a => Tsmod::Full::A(3)}).a.x",
    "Tsmod::Full::C({a => 3})",
    "Astmod::Ast::Locator =~ Type\nAstmod::Ast =~ Type",
]

REFERENCE_INTERNALS = [
    # The TypeSet itself, loaded from a module: the reference fails to resolve it (its
    # members' short references, `reference to unresolved type 'PopsObject'`), though it
    # resolves each member, and the set itself once a member has been named (the case
    # above); prepl resolves it (docs/deviations.md).
    "Astmod::Ast",
    "Astmod::Ast =~ Type",
    # Derived attributes whose RubyMethod body the reference runs as Ruby (`@locator.file`
    # gives the locator's file; `@locator.line_for_offset(@offset)` is a NoMethodError on
    # its generated class): prepl does not run Ruby bodies (docs/deviations.md).
    L + "Astmod::Ast::Nop($l, 0, 3).file",
    L + "Astmod::Ast::LiteralInteger($l, 0, 3, 10, 5).line",
    L + "Astmod::Ast::Program($l).source_text",
]
