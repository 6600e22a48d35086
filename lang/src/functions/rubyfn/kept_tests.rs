//! Tests of what a call keeps converted for later ones: the Puppet strings given as
//! arguments, a function's string result, and the variables' Ruby objects an evaluation
//! before made.

use super::loading_tests::{function_dirs, session_on};

fn run(s: &mut crate::Session, src: &str) -> String {
    match s.eval(src) {
        Ok(v) => crate::format::to_programmatic(&v),
        Err(e) => e.message,
    }
}

/// A string given again (a literal, a variable) is the same Ruby string at each call, but
/// within a call each argument is its own object, as before (prepl shares one Puppet
/// string among equal literals); a 3.x function's undef arguments are one empty string,
/// as the reference's. The reference's answers, but for `m::same($x, $x)` and
/// `msame($x, $x, ...)` (the reference's `true`: one Ruby object) and `frozen?` (left
/// out: the subset's strings are all frozen). A function's string result is the same text whether or not
/// it was the last call's.
#[test]
fn strings_kept_across_calls_stay_distinct_within_one() {
    let (root, v4, v3) = function_dirs("strings");
    std::fs::write(
        v4.join("same.rb"),
        "Puppet::Functions.create_function(:'m::same') do\n  def same(a, b)\n    \
         a.equal?(b)\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v4.join("twice.rb"),
        "Puppet::Functions.create_function(:'m::twice') do\n  def twice(a)\n    \
         @last = a unless defined?(@last) && @last\n    \"#{a}#{a.size} #{@last == a}\"\n  \
         end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v4.join("pick_of.rb"),
        "Puppet::Functions.create_function(:'m::pick_of') do\n  def pick_of(h, k)\n    \
         h[k]\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v3.join("msame.rb"),
        "module Puppet::Parser::Functions\n  newfunction(:msame, :type => :rvalue) do |args|\n    \
         \"#{args[0].equal?(args[1])} #{args[0].equal?(args[2][0])} #{args.inspect}\"\n  \
         end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    assert_eq!(
        run(
            &mut s,
            "$x = 'abc' [m::same($x, $x), m::same('a', 'a'), m::same(\"x${x}\", $x), \
             msame($x, $x, [$x]), msame(undef, undef, [undef])]"
        ),
        "[false, false, false, 'false false [\"abc\", \"abc\", [\"abc\"]]', \
         'true false [\"\", \"\", [nil]]']"
    );
    assert_eq!(
        run(
            &mut s,
            "Integer[1, 3].map |$i| { [m::twice('ab'), m::twice(\"c${i}\"), \
             m::pick_of({'a' => 'x', 'b' => \"y${i}\"}, 'a'), \
             m::pick_of({'a' => 'x', 'b' => \"y${i}\"}, 'b')] }"
        ),
        "[['ab2 true', 'c12 false', 'x', 'y1'], ['ab2 true', 'c22 false', 'x', 'y2'], \
         ['ab2 true', 'c32 false', 'x', 'y3']]"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// A variable's Ruby object made in an evaluation is taken again by the next one's equal
/// value only when the code left it as it was made and kept no part of it: a change to
/// it (an entry, a nested one, a default) or a part kept in a helper's class is not seen
/// by the next evaluation, which reads a new object.
#[test]
fn variables_ruby_objects_taken_again_only_unchanged() {
    let (root, v4, _) = function_dirs("again");
    let helper = root.join("m/lib/puppet_x/m/stash.rb");
    std::fs::create_dir_all(helper.parent().unwrap()).unwrap();
    std::fs::write(
        &helper,
        "module PuppetX\n  module M\n    class Stash\n      @kept = nil\n      \
         def self.put(v)\n        @kept = v\n      end\n      def self.get\n        @kept\n      \
         end\n    end\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v4.join("see.rb"),
        "require 'puppet_x/m/stash'\nPuppet::Functions.create_function(:'m::see') do\n  \
         def see(name, change)\n    v = closure_scope[name]\n    \
         seen = [v.key?('added'), v['n']['deep'], v['zz'], v.size]\n    case change\n    \
         when 'add' then v['added'] = 1\n    when 'deep' then v['n']['deep'] = 2\n    \
         when 'default' then v.default = 5\n    when 'stash' then PuppetX::M::Stash.put(v['n'])\n    \
         when 'poke' then PuppetX::M::Stash.get['deep'] = 3\n    end\n    seen.inspect\n  \
         end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let program =
        |change: &str| format!("$h = {{'a' => 1, 'n' => {{'deep' => 1}}}} m::see('h', '{change}')");
    let fresh = "'[false, 1, nil, 2]'";
    for change in [
        "none", "none", "add", "none", "deep", "none", "default", "none",
    ] {
        assert_eq!(run(&mut s, &program(change)), fresh, "after {change}");
    }
    // a part kept by a helper's class across evaluations, changed there later
    assert_eq!(run(&mut s, &program("stash")), fresh);
    assert_eq!(run(&mut s, &program("poke")), fresh);
    assert_eq!(run(&mut s, &program("none")), fresh);
    std::fs::remove_dir_all(&root).unwrap();
}

/// `closure_scope['facts']` is one object through an evaluation, whichever way it is read
/// (`'::facts'`, calls apart): a change a call writes to it is seen by the later calls of
/// that evaluation (the subset does not freeze it, docs/deviations.md) and not by the next
/// evaluation, which reads the facts set then.
#[test]
fn reserved_variables_one_object_per_evaluation() {
    let (root, v4, _) = function_dirs("reserved");
    std::fs::write(
        v4.join("fk.rb"),
        "Puppet::Functions.create_function(:'m::fk') do\n  def fk(mark)\n    \
         f = closure_scope['facts']\n    \
         same = defined?(@seen) ? @seen.equal?(f) : nil\n    @seen = f\n    \
         f['a'] = mark unless mark.empty?\n    \
         [same, f['a'], f.equal?(closure_scope['facts']), \
         closure_scope['::facts'].equal?(f), closure_scope['trusted'].class].inspect\n  \
         end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let facts = |a: &str| crate::catalog::json::from_data(&serde_json::json!({ "a": a }));
    s.set_facts(facts("x"));
    let program = "[m::fk(''), m::fk('y'), m::fk('')]";
    let changed = "['[nil, \"x\", true, true, Hash]', '[true, \"y\", true, true, Hash]', \
                   '[true, \"y\", true, true, Hash]']";
    assert_eq!(run(&mut s, program), changed);
    assert_eq!(run(&mut s, program), changed);
    s.set_facts(facts("z"));
    assert_eq!(
        run(&mut s, "[m::fk(''), m::fk('')]"),
        "['[nil, \"z\", true, true, Hash]', '[true, \"z\", true, true, Hash]']"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// `closure_scope[...]` and `closure_scope.lookupvar(...)` read the variable alike whether
/// the body is walked (its first call) or compiled (the later ones: the compiled site reads
/// the scope's variable at once, past the general call), with a literal, a local and a
/// constant as the name, a qualified name, and an undefined one (the reference's
/// `ArgumentError`). The reference's answers (`puppet-oracle`, session 51).
#[test]
fn scope_variables_read_alike_walked_and_compiled() {
    let (root, v4, _) = function_dirs("scopevars");
    std::fs::write(
        v4.join("sv.rb"),
        "Puppet::Functions.create_function(:'m::sv') do\n  K = 'x'\n  def sv(name)\n    \
         u = begin\n      closure_scope['nope']\n    rescue => e\n      \
         \"#{e.class}: #{e.message}\"\n    end\n    \
         [closure_scope['x'], closure_scope[name], closure_scope[K], \
         closure_scope.lookupvar('x'), closure_scope['::x'], closure_scope['c::v'], u].inspect\n  \
         end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let one = |y: &str| {
        format!(
            "'[\"top\", {y}, \"top\", \"top\", \"top\", \"cv\", \
             \"ArgumentError: Undefined variable \\'nope\\'; \"]'"
        )
    };
    let expected = format!("[{}, {}, {}]", one("[1]"), one("\"top\""), one("[1]"));
    assert_eq!(
        run(
            &mut s,
            "class c { $v = 'cv' } include c $x = 'top' $y = [1] \
             [m::sv('y'), m::sv('x'), m::sv('y')]"
        ),
        expected
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// A module function's method runs in its interpreter's top frame (`run_def_in_top`): a
/// proc made and kept in it, `return` from a block, recursion into another method (its own
/// frame), `yield` to the Puppet lambda, `block_given?`, a lambda seeing the parameters, a
/// raise and the calls after it, each call's locals its own. The reference's answers
/// (`puppet-oracle`, session 51).
#[test]
fn a_top_method_in_its_interpreters_top_frame() {
    let (root, v4, _) = function_dirs("topframe");
    std::fs::write(
        v4.join("fr.rb"),
        "Puppet::Functions.create_function(:'m::fr') do\n  def fr(x)\n    \
         p = proc { |y| \"#{y}-#{x}\" }\n    @keep = p\n    r = [x, p.call(x), block_given?]\n    \
         r << [1, 2].map { |i| return 'early' if x == 'ret'; i * 2 }\n    r << deep(3)\n    \
         raise ArgumentError, 'boom' if x == 'raise'\n    r.inspect\n  end\n\n  \
         def deep(n)\n    n.zero? ? 0 : n + deep(n - 1)\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v4.join("two.rb"),
        "Puppet::Functions.create_function(:'m::two') do\n  dispatch :two do\n    \
         param 'Any', :a\n    param 'Any', :b\n    optional_block_param :blk\n  end\n  \
         def two(a, b)\n    q = lambda { |z| z + a.to_s }\n    \
         v = block_given? ? yield(a, b) : nil\n    [q.call('q'), v, defined?(c).inspect].inspect\n  \
         end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let program = "[m::fr('a'), m::fr('b'), m::fr('ret'), m::fr('c'), m::two(1, 2), \
                   m::two(3, 4) |$x, $y| { $x + $y }, m::two('s', 't')]";
    let expected = "['[\"a\", \"a-a\", false, [2, 4], 6]', '[\"b\", \"b-b\", false, [2, 4], 6]', \
                    'early', '[\"c\", \"c-c\", false, [2, 4], 6]', '[\"q1\", nil, \"nil\"]', \
                    '[\"q3\", 7, \"nil\"]', '[\"qs\", nil, \"nil\"]']";
    assert_eq!(run(&mut s, program), expected);
    assert!(run(&mut s, "m::fr('raise')").contains("boom"));
    assert_eq!(
        run(&mut s, "[m::fr('d'), m::fr('e')]"),
        "['[\"d\", \"d-d\", false, [2, 4], 6]', '[\"e\", \"e-e\", false, [2, 4], 6]']"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
