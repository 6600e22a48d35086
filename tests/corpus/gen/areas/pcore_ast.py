"""The reference's own Pcore code: its AST TypeSet (`puppet/pops/model/ast.pp`, ~100 Object
types with `RubyMethod` annotations, `kind => reference/derived`, `equality`, enumerations,
references between members), defined in a manifest under another name (`MyAST`: the
reference's `Puppet::AST` exists), and the Pcore types the reference defines in Ruby that
Puppet code can name: `RubyMethod`, `Pcore`, the `Pcore::` aliases, `Puppet::Resource::Param`,
`Puppet::Resource::ResourceType3`; functions of object types in their long form
(`{type => Callable, final, override, annotations}`).

A TypeSet defined in a manifest keeps its members to itself in the reference (`MyAST::Nop`
is `Resource type not found`; prepl names them, see docs/deviations.md): the members are
reached in the area `env_pcore_ast`, which loads the same TypeSet from a module."""
import pathlib

# (the module's copy, `tests/fixtures/pcore-ast/modules/astmod/types/ast.pp`, named `MyAST`)
AST = (pathlib.Path(__file__).resolve().parents[3]
       / "fixtures/pcore-ast/modules/astmod/types/ast.pp").read_text().replace(
           "type Astmod::Ast = TypeSet[", "type MyAST = TypeSet[", 1)


def with_ast(src):
    return AST + src


PROGRAMS = [with_ast(p) for p in [
    # The TypeSet itself: defined, matched, compared, printed.
    "notice(MyAST =~ Type)",
    "notice(MyAST =~ Type[TypeSet])",
    "MyAST < TypeSet",
    "MyAST == MyAST",
    "[MyAST == TypeSet, TypeSet < MyAST, MyAST =~ Type[Object]]",
    "MyAST",
    "String(MyAST, '%p').length",
    "String(MyAST, '%s') == String(MyAST, '%p')",
    "type(MyAST)",
    "type(MyAST, generalized) == type(MyAST)",
    "notice(MyAST)",
    "\"${MyAST}\".length",
    "[MyAST].length",
    "{ MyAST => 1 }.keys[0] == MyAST",
    "case MyAST { Type[TypeSet]: { 'ts' } default: { 'other' } }",
    "MyAST ? { Type[Object] => 'obj', Type[TypeSet] => 'ts' }",
    "Type[MyAST]",
    "Optional[MyAST] =~ Type",
    # Errors.
    "MyAST.name",
    "MyAST['Locator']",
    "MyAST.new",
    "MyAST()",
]]

PROGRAMS += [
    # RubyMethod, the annotation of the AST's derived attributes.
    "RubyMethod",
    "String(RubyMethod, '%s')",
    "RubyMethod < Annotation",
    "RubyMethod =~ Type[Annotation]",
    "RubyMethod('x').body",
    "RubyMethod('x').parameters",
    "RubyMethod({body => 'x', parameters => 'a'}).body",
    "RubyMethod({body => 'x', parameters => 'a'}).parameters",
    "RubyMethod('x') =~ Annotation",
    "RubyMethod('x') =~ RubyMethod",
    "RubyMethod()",
    "RubyMethod({body => 1})",
    "RubyMethod('x', '')",
    "type(RubyMethod('x')) == RubyMethod",
    "type RubyMethod = Integer\n1",
    # Annotations in object types and attributes.
    "type P = Object[{attributes => {x => Integer, y => {type => Integer, kind => derived, annotations => {RubyMethod => {'body' => '@x * 2'}}}}}]\nP",
    "type P = Object[{attributes => {x => Integer, y => {type => Integer, kind => derived, annotations => {RubyMethod => {'body' => '@x * 2'}}}}}]\nP(3)",
    "type P = Object[{annotations => {RubyMethod => {'body' => 'x'}}, attributes => {x => Integer}}]\nP",
    "type P = Object[{attributes => {x => {type => Integer, annotations => {RubyMethod => {'body' => '1'}}}}}]\nP(2).x",
    "type P = Object[{attributes => {x => {type => Integer, annotations => {RubyMethod => {'bodyx' => '1'}}}}}]\nP",
    "type P = Object[{attributes => {x => {type => Integer, annotations => {RubyMethod => {}}}}}]\nP",
    "type P = Object[{attributes => {x => {type => Integer, annotations => {RubyMethod => 1}}}}]\nP",
    "type P = Object[{attributes => {x => {type => Integer, annotations => {Pcore => {}}}}}]\nP",
    "type P = Object[{attributes => {x => {type => Integer, annotations => {Annotation => {}, RubyMethod => {'body' => 'a'}}}}}]\nP",
    "type A = Object[{parent => RubyMethod}]\nA < Annotation",
    # Functions in their long form.
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer]}}}]\nP",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer], final => true}}}]\nP",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer], override => true}}}]\nP",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer], annotations => {RubyMethod => {'body' => '1'}}, final => true}}}]\nP",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer], kind => derived}}}]\nP",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {final => true}}}]\nP",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Integer}}}]\nP",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer], final => 1}}}]\nP",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer]}}}]\nP(1).f(2)",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer], annotations => {Annotation => {}}}}}]\nP(1).f(2)",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer], annotations => {Foo => {}}}}}]\nP",
    "type P = Object[{functions => {f => Callable[[Integer], Integer]}}]\ntype Q = Object[{parent => P, functions => {f => {type => Callable[[Integer], Integer], override => true}}}]\nQ",
    "type P = Object[{functions => {f => Callable[[Integer], Integer]}}]\ntype Q = Object[{parent => P, functions => {f => Callable[[Integer], Integer]}}]\nQ",
    "type P = Object[{functions => {f => {type => Callable[[Integer], Integer], final => true}}}]\ntype Q = Object[{parent => P, functions => {f => {type => Callable[[Integer], Integer], override => true}}}]\nQ",
    "type P = Object[{functions => {f => Callable[[Integer], Integer]}}]\ntype Q = Object[{parent => P, functions => {f => {type => Callable[[String], Integer], override => true}}}]\nQ",
    "type P = Object[{attributes => {f => Integer}}]\ntype Q = Object[{parent => P, functions => {f => {type => Callable[[Integer], Integer], override => true}}}]\nQ",
    "type P = Object[{functions => {f => Callable[[Integer], Integer]}}]\ntype Q = Object[{parent => P, attributes => {f => {type => Integer, override => true}}}]\nQ",
    # Pcore and its aliases.
    "Pcore",
    "Pcore =~ Type[Object]",
    "Pcore::MemberName",
    "Pcore::TypeName",
    "Pcore::SimpleTypeName",
    "Pcore::QRef",
    "Pcore::URI_RX =~ Type[Regexp]",
    "String(Pcore::URI_RX, '%p').length",
    "Pcore::URI == Pcore::URI",
    "['http://a/b', 'foo', 'mailto:x@y', ''].map |$s| { $s =~ Pcore::URI }",
    "['a_b', 'A', '_x', 'a-b'].map |$s| { $s =~ Pcore::MemberName }",
    "['Foo::Bar', 'Foo', 'foo', 'Foo::bar', 'Foo::'].map |$s| { [$s =~ Pcore::TypeName, $s =~ Pcore::QRef, $s =~ Pcore::SimpleTypeName] }",
    "[Pcore::MemberName]",
    "type(Pcore::MemberName)",
    "Pcore::Nothing",
    "Pcore::RubyMethod",
    "Pcore::Annotation",
    "Pcore::MemberName < String",
    "assert_type(Pcore::TypeName, 'x')",
    # The resource type set (Puppet::Resource).
    "Puppet::Resource::Param",
    "Puppet::Resource::ResourceType3",
    "Puppet::Resource::Param(Integer, 'x').name",
    "Puppet::Resource::Param(Integer, 'x').type",
    "Puppet::Resource::Param(Integer, 'x').name_var",
    "Puppet::Resource::Param(Integer, 'x') == Puppet::Resource::Param(Integer, 'y')",
    "Puppet::Resource::ResourceType3('x').name",
    "Puppet::Resource::ResourceType3 < Object",
    "Puppet::Resource",
    "Puppet::Resource::Foo",
]

# What `puppet generate types` writes (its `generate/templates/type/pcore.erb`): a
# ResourceType3 of Params.
PROGRAMS += [
    "$t = Puppet::Resource::ResourceType3.new(\n  'mytype',\n  [Puppet::Resource::Param(Enum['present', 'absent'], 'ensure')],\n  [Puppet::Resource::Param(Any, 'name', true), Puppet::Resource::Param(Any, 'provider')],\n  { /(?m-ix:(.*))/ => ['name'] },\n  true,\n  false\n)\n[$t.name, $t =~ Puppet::Resource::ResourceType3]",
    "$t = Puppet::Resource::ResourceType3.new('mytype', [Puppet::Resource::Param(String, 'ensure')], [], {}, true, false)\n$t.properties.map |$p| { [$p.name, $p.type, $p.name_var] }",
    "$t = Puppet::Resource::ResourceType3.new('mytype', [], [Puppet::Resource::Param(String, 'name', true)], {}, true, false)\n$t.parameters.map |$p| { $p.name }",
    "Puppet::Resource::ResourceType3.new('mytype', [], [], {}, true, false, 1)",
    "Puppet::Resource::Param(String, 'name', true).name_var",
]

# Puppet::AST, the reference's own TypeSet of its parser's model (defined from ast.rb).
PROGRAMS += [
    'Puppet::AST =~ Type[TypeSet]',
    'Puppet::AST',
    "String(Puppet::AST, '%p').length",
    'type(Puppet::AST)',
    'Puppet::AST::Locator',
    'Puppet::AST::Nop',
    'Puppet::AST::Positioned',
    'Puppet::AST::Program',
    'Puppet::AST::LiteralInteger',
    'Puppet::AST::Nop < Puppet::AST::Expression',
    'Puppet::AST::Nop < Puppet::AST::Positioned',
    'Type[Puppet::AST::Locator]',
    "type(Puppet::AST::Locator('abc', 'f.pp'))",
    "Puppet::AST::Locator('abc', 'f.pp').file",
    "Puppet::AST::Locator('abc', 'f.pp').string",
    'Puppet::AST::Nop.new',
    "$l = Puppet::AST::Locator('abc', 'f.pp')\nPuppet::AST::LiteralInteger($l, 0, 3, 10).value",
    "$l = Puppet::AST::Locator('abc', 'f.pp')\nPuppet::AST::LiteralInteger($l, 0, 3, 10).offset",
    "$l = Puppet::AST::Locator('abc', 'f.pp')\nPuppet::AST::LiteralInteger($l, 0, 3, 10) =~ Puppet::AST::Expression",
    "$l = Puppet::AST::Locator('abc', 'f.pp')\nPuppet::AST::LiteralInteger({locator => $l, offset => 0, length => 3, value => 5}).radix",
    "$l = Puppet::AST::Locator('abc', 'f.pp')\nPuppet::AST::LiteralInteger($l, 0, 3, 10) == Puppet::AST::LiteralInteger($l, 0, 3, 10)",
    'Puppet::AST::Foo',
    'Puppet::AST::Locator =~ Type[Puppet::AST::PopsObject]',
    'Puppet::AST::Locator < Puppet::AST::PopsObject',
    'type Puppet::AST::Foo = Integer\nPuppet::AST::Foo',
    'Puppet::Ast::Nop',
    '$x = Puppet::AST::Nop\nString(Puppet::AST).length',
    'Array[Puppet::AST::Expression]',
    '[Puppet::AST::Nop, Puppet::AST::ArithmeticExpression]',
]

# A TypeSet is an instance of `TypeSet` and of every TypeSet (`PTypeSetType#instance?`).
PROGRAMS += [
    "type S = TypeSet[{pcore_version => '1.0.0', types => {P => Object[{}]}}]\n[S =~ TypeSet, S =~ Type[TypeSet], TypeSet =~ TypeSet, 1 =~ TypeSet, Integer =~ TypeSet, type(S)]",
    "type S = TypeSet[{pcore_version => '1.0.0', types => {P => Object[{}]}}]\ntype T = TypeSet[{pcore_version => '1.0.0', types => {Q => Object[{}]}}]\n[S =~ S, S =~ T, T =~ S, TypeSet =~ S, Integer =~ S, 'S' =~ S, [S] =~ Array[TypeSet]]",
    "type S = TypeSet[{pcore_version => '1.0.0', types => {P => Object[{}]}}]\ncase S { TypeSet: { 'ts' } default: { 'no' } }",
    "type S = TypeSet[{pcore_version => '1.0.0', types => {P => Object[{}]}}]\nassert_type(TypeSet, S) == S",
    'assert_type(TypeSet, 1)',
    'TypeSet =~ TypeSet',
    "TypeSet[{pcore_version => '1.0.0'}] =~ TypeSet",
    "type S = TypeSet[{pcore_version => '1.0.0', types => {P => Object[{}]}}]\nfunction f(TypeSet $t) { 'ok' }\nf(S)",
]

REFERENCE_INTERNALS = [
    # Instances of the types the reference implements in Ruby print their attributes from
    # the Ruby class's init hash, which these lack: `RubyMethod({})`,
    # `Puppet::Resource::Param({})`, `Puppet::Resource::ResourceType3({})`, and `==`
    # compares Ruby objects (two equal RubyMethods differ). prepl prints and compares them
    # as other objects (docs/deviations.md).
    "RubyMethod('x')",
    "RubyMethod('x') == RubyMethod('x')",
    "Puppet::Resource::Param(Integer, 'x')",
    "Puppet::Resource::ResourceType3('x')",
    # Methods of the Ruby class, not the type's attributes: `isomorphic` is `isomorphic?`.
    "Puppet::Resource::ResourceType3('x').isomorphic",
    # ResourceType3 is made by its Ruby class's positional constructor only: no hash form.
    "Puppet::Resource::ResourceType3({name => 'mytype', capability => true}).name",
    # Puppet::AST::Locator is the Ruby class Locator19: printed `Puppet::AST::Locator({})`,
    # made by position only, `line_index` computed.
    "Puppet::AST::Locator('abc', 'f.pp')",
    "Puppet::AST::Locator.new({string => 'x', file => 'y'})",
    "Puppet::AST::Locator('abc', 'f.pp').line_index",
    "Puppet::AST::Locator(1, 'f.pp')",
    # `Puppet::AST` is the reference's: redefining it names the reference's Ruby file
    # (`Originally set at file:///usr/lib/ruby/vendor_ruby/puppet/pops/model/ast.rb?line=1.`);
    # prepl lets a manifest's alias of that name shadow it.
    'type Puppet::AST = Integer\n1',
    # Param and ResourceType3 are made by their Ruby classes' positional constructors only
    # (the reference's errors name no hash signature), and Param's `==` is Ruby identity.
    "Puppet::Resource::Param(Integer, 'x') == Puppet::Resource::Param(String, 'x')",
    "Puppet::Resource::Param(Integer, '')",
    "Puppet::Resource::ResourceType3('')",
    "Puppet::Resource::ResourceType3.new('mytype', ['x'])",
    "Puppet::Resource::ResourceType3.new('mytype', [], [], {'x' => ['name']})",
    # `Pcore()`: the reference fails in Ruby (`undefined method 'initialize' for module`).
    "Pcore()",
    # A derived attribute or function whose RubyMethod body the reference runs as Ruby
    # (`@x * 2` gives 6): prepl does not run Ruby bodies of object types (deviations.md).
    "type P = Object[{attributes => {x => Integer, y => {type => Integer, kind => derived, annotations => {RubyMethod => {'body' => '@x * 2'}}}}}]\nP(3).y",
    "type P = Object[{attributes => {x => Integer}, functions => {f => {type => Callable[[Integer], Integer], annotations => {RubyMethod => {'body' => '@x + a', 'parameters' => 'a'}}}}}]\nP(3).f(4)",
]
