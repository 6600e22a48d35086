"""Module functions written in Ruby: each program comes with an environment directory (written
under `out/envs/`) whose module `m` holds one to three random functions in Ruby, of the 4.x
API (`lib/puppet/functions/m/fN.rb`: `create_function` with one or two `dispatch`es of
`param`/`optional_param`/`repeated_param`/`block_param`/`optional_block_param` with Puppet
type strings, `return_type`, `local_types`, or no dispatch at all) and of the 3.x API
(`lib/puppet/parser/functions/m_gN.rb`: `newfunction` with `:arity`, `:type => :rvalue` or
`:statement`, its own argument checks raising `Puppet::ParseError`), now and then a Puppet
function of the module (`functions/p.pp`) for the Ruby to call. The bodies are the templates
area's random Ruby expressions over the function's arguments (copied into instance
variables), `closure_scope` / the 3.x scope's top-scope variables, `call_function` and
`function_NAME` calls, `yield` to the Puppet lambda, now and then a guarded `raise`, and
returned values that Puppet converts (symbols, `nil`, big integers, ranges, hashes with
symbol keys). The program calls them in prefix and method form. Three programs in four are
meant to be valid (the types a dispatch gives, its return type and its lambda's fit what
the program passes and the body returns; errors left are the random Ruby's own); one in four
makes one mistake in its first function (`MISTAKES`: a wrong type, count or order of
arguments, a lambda missing or extra, a `raise`, a wrong return type, an unknown variable
under strict variables, an undeclared local type). Session 43 measured it: of seed 11's 300
programs, 23% fail in the reference (45% before, two thirds of them valid programs failing
by accident). A program is one catalog (`CATALOG = True`): the value, the log, the first
line of an error and the catalog are compared."""
import re

from areas.templates import Ruby, rlit

CATALOG = True

# The program's top-scope variables (the templates area's names and values), with the type
# a dispatch gives each when it is right and some that are wrong for it.
VARS = {
    "s": ("'Hello, World'", "String", ["Integer", "String[1, 5]", "Array"]),
    "n": ("7", "Integer", ["String", "Integer[8]", "Float"]),
    "a": ("['pear', 'apple', 'fig']", "Array[String]", ["Array[Integer]", "Hash", "Array[String, 4]"]),
    "h": ("{'a' => 3, 'b' => -1, 'c' => 10}", "Hash[String, Integer]", ["Hash[String, String]", "Array", "Struct[{a => Integer}]"]),
    "b": ("true", "Boolean", ["String", "Integer"]),
    "t": ("'x,y'", "String", ["Pattern[/^\\d+$/]", "Enum['a', 'b']"]),
    "ai": ("[5, 2, 9, 2]", "Array[Integer]", ["Array[String]", "Array[Integer[0, 5]]"]),
    "u": ("undef", "Undef", ["String", "NotUndef"]),
    "fl": ("2.5", "Float", ["Integer", "Float[3.0]"]),
}
# Ruby literals of the same values, for instance variables a function does not get.
RUBY_VALUES = {
    "s": "'Hello, World'", "n": "7", "a": "['pear', 'apple', 'fig']",
    "h": "{'a' => 3, 'b' => -1, 'c' => 10}", "b": "true", "t": "'x,y'", "ai": "[5, 2, 9, 2]",
    "u": "nil", "fl": "2.5",
}
LOOSE = ["Any", "Data", "Optional[Any]", "Variant[String, Integer, Array, Hash, Boolean, Float, Undef]"]
# The mistakes a program makes (one program in four, in its first function): a parameter's
# type wrong for its argument, an argument too many or too few, two arguments swapped, a
# lambda missing or given where none is taken, a `raise`, a return type the value does not
# have, a variable that does not exist read under strict variables, a local type not
# declared.
MISTAKES = ["type", "count", "swap", "block", "raise", "return", "strict", "local"]


def loose(v):
    """The loose types that variable `v`'s value fits."""
    out = list(LOOSE)
    if v != "u":
        out.append("NotUndef")
    if v in ("s", "n", "b", "t", "fl"):
        out.append("Scalar")
    if v in ("a", "h", "ai"):
        out.append("Collection")
    return out


def rtype(t):
    """A Puppet type as a Ruby string literal."""
    return f'"{t}"' if "'" in t else f"'{t}'"


def scope_reads(expr, api):
    """The template's `scope` reads as a function reads the same variables."""
    if api == 4:
        expr = re.sub(r"(?<![\w.@])scope\[", "closure_scope[", expr)
        return re.sub(r"(?<![\w.@])scope\.lookupvar\(", "closure_scope.lookupvar(", expr)
    expr = re.sub(r"(?<![\w.@])scope\[", "self[", expr)
    return re.sub(r"(?<![\w.@])scope\.lookupvar\(", "lookupvar(", expr)


def returned(rng, ruby):
    """The body's last expression: mostly a random expression, now and then a value Puppet
    has to convert."""
    k = rng.random()
    if k < 0.8:
        return ruby.any()
    return rng.choice([":sym", "nil", "2 ** 64", "-(2 ** 63)", "(1..3)", "{'a' => 1, 'b' => [:c, nil]}",
                       "[1, nil, :x, 2.5]", "'%s' % :fmt", "1.0 / 3", "{1 => 'one', nil => 2}",
                       "Float::INFINITY", "'caf\\u00e9'.encode('UTF-8')", "[[1, 2], {'k' => [3]}]",
                       "{'a' => {'b' => {'c' => nil}}}", "true & false", "100.0"])


def statements(rng, ruby, api, names, bad=None):
    """A few statements before the value: locals, `call_function`, a guard that raises (now
    and then; always with the mistake `raise`), a scope's variable (one that does not exist
    with the mistake `strict`)."""
    out = []
    if bad == "strict":
        read = ("closure_scope['nope']" if api == 4 else
                rng.choice(["lookupvar('nope')", "self['nope']"]))
        out.append(f"@t = {read}.inspect")
    for _ in range(rng.randint(0, 3)):
        k = rng.randrange(10)
        if k == 8:
            # Puppet's logging, and the scope's for a 3.x function
            level = rng.choice(["warning", "notice", "info", "debug", "err"])
            text = rlit(rng.choice(["note: ", "w ", ""])) + " + @s.to_s"
            out.append(rng.choice([f"Puppet.{level}({text})",
                                   f"{level}({text})" if api == 3 else f"Puppet.{level}({text})"]))
            continue
        if k == 9:
            # what a variable of the scope is, read as each API reads it
            name = rng.choice(["s", "::s", "u", "::u", "n", "a", "h"])
            read = (f"closure_scope[{rlit(name)}]" if api == 4 else
                    rng.choice([f"lookupvar({rlit(name)})", f"self[{rlit(name)}]"]))
            out.append(f"@t = {read}.inspect")
            continue
        if k == 0:
            out.append(f"tmp = {ruby.any()}")
            out.append("@t = tmp.to_s")
        elif k == 1 and api == 4:
            out.append(rng.choice([
                "@s = call_function('upcase', @s.to_s)",
                "@n = call_function('abs', @n.to_i - 20)",
                "@a = call_function('sort', @a)",
                "@t = call_function('sprintf', '%05d|%s', @n.to_i, @t)",
                "@n = call_function('max', @n.to_i, 3, -1)",
                "@h = call_function('filter', @h) { |k, v| v > 0 }",
                "@a = call_function('map', @a) { |x| x * 2 }",
                "@a = call_function('m::p', @a)",
                "@t = call_function('join', @a, '+')",
            ]))
        elif k == 1:
            out.append(rng.choice([
                "@s = function_sha1([@s.to_s])",
                "@t = function_md5([@s.to_s])",
                "@t = function_sprintf(['%05d|%s', @n.to_i, @t])",
                "@t = function_versioncmp(['1.2', @t.to_s]).to_s",
                "@a = function_m_p0([@a])",
                "@t = function_shellquote([@a, @s])",
                "@n = function_fqdn_rand([10, @t.to_s]).to_i",
            ]))
        elif k == 2 and rng.random() < 0.1:
            cond = ruby.b()
            msg = rlit(rng.choice(["bad input", "nope: ", "x"]))
            err = rng.choice(["Puppet::ParseError", "ArgumentError", "Puppet::Error", "RuntimeError"])
            if rng.random() < 0.5:
                out.append(f"raise {err}, {msg} + @s.to_s if {cond}")
            else:
                out.append(f"raise({err}, {msg}) unless {cond}")
        elif k == 3 and rng.random() < 0.5:
            out.append(rng.choice([
                f"@t = PuppetX::M::Util.fmt({ruby.any()})",
                f"@t = PuppetX::M::Util.fmt({ruby.any()}, {rng.randint(0, 6)})",
                f"@t = PuppetX::M::Util.new({ruby.s()}).add({ruby.i()}).add(@s).to_s",
                "@t = PuppetX::M::Util::SEP * 2",
            ]))
        elif k == 3:
            out.append(f"@n = @n.to_i + {ruby.i()}")
        elif k == 4:
            out.append(f"@a = (@a || []).map(&:to_s) + [{ruby.s()}]")
        elif k == 5:
            out.append(f"@h = (@h || {{}}).merge({rlit(rng.choice(['k', 'a']))} => {ruby.i()})")
        elif k == 6 and names:
            v = rng.choice(names)
            out.append(f"return {rng.choice([v, f'{v}.inspect', 'nil'])} if {ruby.b()}")
        else:
            out.append(f"@b = {ruby.b()}")
    if bad == "raise":
        err = rng.choice(["Puppet::ParseError", "ArgumentError", "Puppet::Error", "RuntimeError"])
        msg = rlit(rng.choice(["bad input", "nope: ", "x"]))
        out.insert(rng.randint(0, len(out)),
                   rng.choice([f"raise {err}, {msg} + @s.to_s", f"raise({err}, {msg})",
                               f"raise {msg}"]))
    return out


def body_4x(rng, names, params_decl, block, bad=None):
    """The method's body: arguments into instance variables, statements, a value; returns
    (lines, how many values the body yields to the lambda)."""
    ruby = Ruby(rng)
    lines = []
    for v in VARS:
        src = v if v in names else RUBY_VALUES[v]
        if v in names and params_decl.get(v) == "repeated":
            src = f"{v}.first"
        lines.append(f"@{v} = {src}")
    lines += [scope_reads(s, 4) for s in statements(rng, ruby, 4, names, bad)]
    value = scope_reads(returned(rng, ruby), 4)
    if names and rng.random() < 0.2:
        value = rng.choice([f"{names[0]}.inspect", f"{names[0]}.class.to_s",
                            f"[{', '.join(names)}].map(&:nil?)"])
    yields = 0
    if block == "required":
        yields = rng.choice([1, 2, 2])
        value = (f"yield({value})" if yields == 1 else
                 rng.choice([f"blk.call({value}, @n)", f"yield(@s, {value})"]))
    elif block == "optional":
        yields = 1
        value = f"block_given? ? yield({value}) : {value}"
    lines.append(value)
    return lines, yields


def dispatch_4x(rng, name, names, wrong, bad=None):
    """A dispatch block and the Ruby method it names; returns (dispatch lines, def line,
    how each name is declared, the block's kind, whether the block's type takes two
    arguments)."""
    decl, lines, params = {}, [], []
    required = rng.randint(0, len(names))
    for i, v in enumerate(names):
        t = VARS[v][1]
        if rng.random() < 0.25:
            t = rng.choice(loose(v))
        if v in wrong:
            t = rng.choice(VARS[v][2])
        if i < required:
            lines.append(f"    param {rtype(t)}, :{v}")
            params.append(v)
            decl[v] = "param"
        elif i == len(names) - 1 and rng.random() < 0.4:
            # (a required repeated one after an optional one is the reference's load error:
            # now and then)
            after_optional = i > required
            kind = rng.choice(["repeated_param", "required_repeated_param"])
            if after_optional and rng.random() < 0.8:
                kind = "repeated_param"
            lines.append(f"    {kind} {rtype(t)}, :{v}")
            params.append(f"*{v}")
            decl[v] = "repeated"
        else:
            lines.append(f"    optional_param {rtype(t)}, :{v}")
            params.append(f"{v} = {RUBY_VALUES[v]}")
            decl[v] = "optional"
    block = rng.choice([None, None, None, "required", "optional"])
    two = False
    if block == "required":
        two = rng.random() < 0.5
        lines.append(f"    block_param {repr('Callable[1, 2]') + ', ' if two else ''}:blk")
        params.append("&blk")
    elif block == "optional":
        lines.append("    optional_block_param :blk")
        params.append("&blk")
    if bad == "return":
        # (a type the value may have, more often not)
        lines.append(f"    return_type '{rng.choice(['String', 'Integer', 'Array', 'Hash', 'Boolean', 'Optional[Scalar]', 'Undef'])}'")
    elif rng.random() < 0.3:
        lines.append(f"    return_type '{rng.choice(['Any', 'Any', 'Optional[Any]', 'Data'])}'")
    return lines, f"  def {name}({', '.join(params)})", decl, block, two


def function_4x(rng, i, names, wrong, bad=None):
    """A 4.x function `m::fI` taking `names` (`wrong`: those its dispatch types wrongly;
    `bad`: the program's mistake, in this function); returns (file text, the block's kind,
    how many arguments a lambda must take)."""
    out = ["require 'puppet_x/m/util'", "",
           f"Puppet::Functions.create_function(:'m::f{i}') do"]
    if rng.random() < 0.12:
        # no dispatch: the method named as the function, its arity the Ruby method's
        params = ", ".join(names)
        out.append(f"  def f{i}({params})")
        out += ["    " + l for l in body_4x(rng, names, {v: "param" for v in names}, None, bad)[0]]
        out.append("  end")
        out.append("end")
        return "\n".join(out) + "\n", None, 0
    has_local = rng.random() < 0.2 and bad != "local"
    if has_local:
        out.append("  local_types do")
        out.append("    type 'Small = Integer[0, 10]'")
        out.append("    type 'Words = Array[String[1]]'")
        out.append("  end")
    disp, defline, decl, block, two = dispatch_4x(rng, f"run{i}", names, wrong, bad)
    # (the local types, where they are declared; undeclared, with the mistake `local`)
    if (has_local and rng.random() < 0.6) or bad == "local":
        disp = [l.replace("'Integer'", "'Small'").replace("'Array[String]'", "'Words'") for l in disp]
    out.append(f"  dispatch :run{i} do")
    out += disp
    out.append("  end")
    if rng.random() < 0.2:
        # a second signature, for a call the first refuses
        out.append(f"  dispatch :other{i} do")
        out.append(f"    param '{rng.choice(['Integer', 'Boolean', 'Hash', 'Undef'])}', :x")
        out.append("  end")
        out.append(f"  def other{i}(x)")
        out.append(f"    \"other #{{x.inspect}}\"")
        out.append("  end")
    out.append(defline)
    body, yields = body_4x(rng, names, decl, block, bad)
    out += ["    " + l for l in body]
    out.append("  end")
    out.append("end")
    return "\n".join(out) + "\n", block, 2 if two else yields


def function_3x(rng, i, bad=None):
    """A 3.x function `m_gI`; returns (file text, names in order)."""
    ruby = Ruby(rng)
    names = rng.sample(list(VARS), rng.randint(0, 3))
    kind = rng.choice([":rvalue", ":rvalue", ":rvalue", ":statement"])
    arity = rng.choice([len(names), len(names), -(len(names) + 1), -1, None])
    head = f"  newfunction(:m_g{i}, :type => {kind}"
    if arity is not None:
        head += f", :arity => {arity}"
    head += ", :doc => 'A random function.') do |args|"
    lines = []
    if rng.random() < 0.4:
        lines.append(f"raise(Puppet::ParseError, \"m_g{i}(): Wrong number of arguments given (#{{args.size}} for {len(names)})\") if args.size != {len(names)}")
    for j, v in enumerate(names):
        lines.append(f"@{v} = args[{j}]")
    for v in VARS:
        if v not in names:
            lines.append(f"@{v} = {RUBY_VALUES[v]}")
    lines += [scope_reads(s, 3) for s in statements(rng, ruby, 3, [], bad)]
    value = scope_reads(returned(rng, ruby), 3)
    if rng.random() < 0.25:
        value = rng.choice(["args.inspect", "args.map { |a| a.class.to_s }.join(',')",
                            "args.map { |a| a.nil? ? 'nil' : a }", "args.size.to_s",
                            "args.flatten.compact.size"])
    if kind == ":statement":
        lines.append(f"@ignored = {value}")
        lines.append("nil")
    else:
        lines.append(value)
    text = ["require 'puppet_x/m/util'", "", "module Puppet::Parser::Functions", head] + ["    " + l for l in lines] + ["  end", "end"]
    return "\n".join(text) + "\n", names


# A helper of the module's `lib/puppet_x`, as real modules' functions require theirs.
HELPER = """module PuppetX
  module M
    # formats values for the functions
    class Util
      SEP = '|'

      def self.fmt(value, width = 3)
        case value
        when Array then value.map { |v| fmt(v, width) }.join(SEP)
        when Hash then value.sort.map { |k, v| "#{k}=#{fmt(v, width)}" }.join(SEP)
        when nil then 'nil'
        else value.to_s.rjust(width, '.')
        end
      end

      def initialize(prefix)
        @prefix = prefix
        @seen = []
      end

      def add(x)
        @seen << x
        self
      end

      def to_s
        "#{@prefix}:#{@seen.join(',')}"
      end
    end
  end
end
"""

PUPPET_FN = """function m::p(Array $xs) >> Array {
  $xs.map |$x| { "${x}!" }
}
"""
PUPPET_3X = """module Puppet::Parser::Functions
  newfunction(:m_p0, :type => :rvalue, :arity => 1) do |args|
    args[0].map { |x| x.to_s + '?' }
  end
end
"""


def call_4x(rng, i, names, block, takes, bad):
    """A call of `m::fI`: its arguments, and its lambda taking `takes` arguments (a lambda
    of one parameter where the function yields two, or its block type takes two, is a
    mistake: `block`)."""
    args = [f"${v}" for v in names]
    if bad == "count":
        args = args + ["'extra'"] if rng.random() < 0.5 or not args else args[:-1]
    elif bad == "swap" and len(args) > 1:
        args[0], args[1] = args[1], args[0]
    lam = ""
    if block == "required" and bad != "block":
        lams = [" |$x, $y = 0| { [$x, $y] }", " |*$xs| { $xs.length }"]
        if takes < 2:
            lams.append(" |$x| { \"<${x}>\" }")
        lam = rng.choice(lams)
    elif block == "optional" and rng.random() < 0.5:
        lam = " |$x| { $x }"
    elif block is None and bad == "block":
        lam = " |$x| { $x }"
    if args and rng.random() < 0.3:
        return f"{args[0]}.m::f{i}({', '.join(args[1:])}){lam}"
    return f"m::f{i}({', '.join(args)}){lam}"


def call_3x(rng, i, names, bad):
    args = [f"${v}" for v in names]
    if args and rng.random() < 0.3:
        # undef, alone and nested, as a 3.x function receives it
        args[rng.randrange(len(args))] = rng.choice(["undef", "[$u, 1]", "{'k' => $u}", "$u", "''"])
    if bad == "count":
        args = args + ["'extra'"] if rng.random() < 0.5 or not args else args[:-1]
    if args and rng.random() < 0.2:
        return f"{args[0]}.m_g{i}({', '.join(args[1:])})"
    return f"m_g{i}({', '.join(args)})"


def program(rng):
    files = {"modules/m/functions/p.pp": PUPPET_FN,
             "modules/m/lib/puppet_x/m/util.rb": HELPER,
             "modules/m/lib/puppet/parser/functions/m_p0.rb": PUPPET_3X}
    bad_program = rng.random() < 0.25
    calls = []
    for i in range(1, rng.randint(1, 3) + 1):
        bad = rng.choice(MISTAKES) if bad_program and i == 1 else None
        if rng.random() < 0.65:
            names = rng.sample(list(VARS), rng.randint(0, 3))
            # a dispatch's type for one argument wrong for the value given
            wrong = {rng.choice(names)} if bad == "type" and names else set()
            text, block, takes = function_4x(rng, i, names, wrong, bad)
            files[f"modules/m/lib/puppet/functions/m/f{i}.rb"] = text
            calls += [call_4x(rng, i, names, block, takes, bad) for _ in range(rng.randint(1, 2))]
        else:
            text, names = function_3x(rng, i, bad)
            files[f"modules/m/lib/puppet/parser/functions/m_g{i}.rb"] = text
            calls += [call_3x(rng, i, names, bad) for _ in range(rng.randint(1, 2))]
    rng.shuffle(calls)
    lines = [f"${v} = {VARS[v][0]}" for v in VARS]
    lines.append(f"$r = [{', '.join(calls)}]")
    lines.append("notify { 'out': message => String($r) }")
    lines.append("$r")
    return {"src": "\n".join(lines), "files": files}


def deviation(d):
    got = d["got"].get("error") or ""
    expected = d["expected"].get("error") or ""
    if "cannot be given to Puppet" in got:
        return ("a Ruby value without a Puppet counterpart (Range, Object, an Integer past 64 "
                "bits): the reference passes it on as a Runtime value (docs/deviations.md)")
    if "got Runtime" in expected or "Runtime[ruby" in str(d["expected"].get("log")):
        return ("a Ruby Symbol returned: a Runtime value in the reference, a String in prepl "
                "(docs/deviations.md)")
    if "kind_of_callable?" in expected:
        return "the reference fails inside its own describer (a block-only dispatch, docs/deviations.md)"
    return None
