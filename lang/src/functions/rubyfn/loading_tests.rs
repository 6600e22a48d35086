//! Tests of loading function files and their helpers: what they define is kept until a
//! file changes.

/// A function's file and the helpers it requires are loaded once (what they define is
/// kept across calls, as in the reference, where a class's state lasts), and again
/// once one of them changed.
#[test]
fn definitions_kept_until_a_file_changes() {
    let root = std::env::temp_dir().join(format!("prepl-rubyfn-load-{}", std::process::id()));
    let functions = root.join("m/lib/puppet/functions/m");
    let helper = root.join("m/lib/puppet_x/m/counter.rb");
    std::fs::create_dir_all(&functions).unwrap();
    std::fs::create_dir_all(helper.parent().unwrap()).unwrap();
    std::fs::write(
        functions.join("count.rb"),
        "require 'puppet_x/m/counter'\nPuppet::Functions.create_function(:'m::count') do\n  \
         def count\n    PuppetX::M::Counter.next\n  end\nend\n",
    )
    .unwrap();
    let write_helper = |step: i64| {
        std::fs::write(
            &helper,
            format!(
                "module PuppetX\n  module M\n    class Counter\n      @n = 0\n      \
                 def self.next\n        @n += {step}\n      end\n    end\n  end\nend\n"
            ),
        )
        .unwrap();
    };
    write_helper(1);
    let mut s = session_on(&root);
    let run =
        |s: &mut crate::Session, src: &str| crate::format::to_programmatic(&s.eval(src).unwrap());
    assert_eq!(run(&mut s, "[m::count(), m::count()]"), "[1, 2]");
    assert_eq!(run(&mut s, "m::count()"), "3");
    // a longer file (its length tells it changed, whatever the clock's resolution)
    write_helper(100);
    assert_eq!(run(&mut s, "[m::count(), m::count()]"), "[100, 200]");
    // the function's own file changed: it and its helper are loaded anew
    std::fs::write(
        functions.join("count.rb"),
        "require 'puppet_x/m/counter'\nPuppet::Functions.create_function(:'m::count') do\n  \
         def count\n    PuppetX::M::Counter.next * 10\n  end\nend\n",
    )
    .unwrap();
    assert_eq!(run(&mut s, "[m::count(), m::count()]"), "[1000, 2000]");
    std::fs::remove_dir_all(&root).unwrap();
}

/// A template's 3.x function is looked for once per evaluation: every call finds the
/// same file, a file added or changed is found at the next input, and a name that has
/// no file is not remembered beyond the input.
#[test]
fn legacy_functions_found_once_per_evaluation() {
    let root = std::env::temp_dir().join(format!("prepl-rubyfn-3x-{}", std::process::id()));
    let functions = root.join("m/lib/puppet/parser/functions");
    std::fs::create_dir_all(&functions).unwrap();
    let write = |name: &str, body: &str| {
        std::fs::write(
            functions.join(format!("{name}.rb")),
            format!(
                "module Puppet::Parser::Functions\n  newfunction(:{name}, type: :rvalue) do \
                 |args|\n    {body}\n  end\nend\n"
            ),
        )
        .unwrap();
    };
    write("m_up", "args[0].upcase");
    let mut s = session_on(&root);
    let run = |s: &mut crate::Session, src: &str| match s.eval(src) {
        Ok(v) => crate::format::to_programmatic(&v),
        Err(e) => e.message,
    };
    let twice = "Integer[1, 2].map |$i| { inline_template(\"<%= scope.function_m_up(['a']) %>\") }";
    assert_eq!(run(&mut s, twice), "['A', 'A']");
    write("m_up", "args[0].upcase + '!' * 3");
    assert_eq!(run(&mut s, twice), "['A!!!', 'A!!!']");
    let added = "inline_template(\"<%= scope.function_m_new(['b']) %>\")";
    assert!(
        run(&mut s, added).contains("m_new"),
        "{}",
        run(&mut s, added)
    );
    write("m_new", "args[0] * 2");
    assert_eq!(run(&mut s, added), "'bb'");
    std::fs::remove_dir_all(&root).unwrap();
}

/// A module's Ruby function called again in one evaluation skips the look for a `.pp`
/// function of its name (`find_called`); a `.pp` function of the name still wins, on
/// every call, and one added between evaluations is found.
#[test]
fn a_pp_function_still_wins_over_a_ruby_one_called_before() {
    let root = std::env::temp_dir().join(format!("prepl-rubyfn-pp-{}", std::process::id()));
    let rb = root.join("m/lib/puppet/functions/m");
    std::fs::create_dir_all(&rb).unwrap();
    std::fs::create_dir_all(root.join("m/functions")).unwrap();
    for f in ["a", "b"] {
        std::fs::write(
            rb.join(format!("{f}.rb")),
            format!("Puppet::Functions.create_function(:'m::{f}') do\n  def {f}\n    'rb'\n  end\nend\n"),
        )
        .unwrap();
    }
    std::fs::write(root.join("m/functions/a.pp"), "function m::a() { 'pp' }\n").unwrap();
    let mut s = session_on(&root);
    let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
    let calls = "[m::a(), m::b(), m::a(), m::b()]";
    assert_eq!(shown(s.eval(calls).unwrap()), "['pp', 'rb', 'pp', 'rb']");
    std::fs::write(root.join("m/functions/b.pp"), "function m::b() { 'pp' }\n").unwrap();
    assert_eq!(shown(s.eval(calls).unwrap()), "['pp', 'pp', 'pp', 'pp']");
    std::fs::remove_dir_all(&root).unwrap();
}

/// A fresh modulepath directory of the test's own (`tag`) holding a module `m` with its
/// 4.x (`lib/puppet/functions/m`) and 3.x (`lib/puppet/parser/functions`) function
/// directories made: (the modulepath, the 4.x directory, the 3.x directory).
/// A session whose environment `production` has the modulepath `root` alone.
pub(super) fn session_on(root: &std::path::Path) -> crate::Session {
    let mut s = crate::Session::new();
    s.set_environment(crate::env::Environment {
        name: "production".into(),
        dir: None,
        modulepath: vec![root.to_path_buf()],
    });
    s
}

pub(super) fn function_dirs(
    tag: &str,
) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let root = std::env::temp_dir().join(format!("prepl-rubyfn-{tag}-{}", std::process::id()));
    let v4 = root.join("m/lib/puppet/functions/m");
    let v3 = root.join("m/lib/puppet/parser/functions");
    std::fs::create_dir_all(&v4).unwrap();
    std::fs::create_dir_all(&v3).unwrap();
    (root, v4, v3)
}

/// A Ruby block given to `call_function` is the Puppet function's lambda, in both APIs
/// (with the reference's answers): it changes the function's locals, a 3.x block's
/// `self` is the scope, and an error it raises is the function's.
#[test]
fn ruby_block_to_call_function_is_the_lambda() {
    let (root, v4, v3) = function_dirs("blk");
    std::fs::write(
        v4.join("each_block.rb"),
        "Puppet::Functions.create_function(:'m::each_block') do\n  def each_block(n)\n    \
         out = []\n    call_function('each', [1, 2]) { |x| out << x * n }\n    \
         call_function('each', [3]) { |x| raise ArgumentError, 'no' } if n == 0\n    \
         begin\n      call_function('each', [4]) { |x| raise ArgumentError, 'caught' }\n    \
         rescue ArgumentError => e\n      out << e.message\n    end if n == 1\n    \
         out << call_function('each', [5, 6]) { |x| break x * 2 }\n    \
         out\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v3.join("m_each_block.rb"),
        "Puppet::Parser::Functions.newfunction(:m_each_block, type: :rvalue) do |args|\n  \
         out = []\n  call_function('each', [[1, 2]]) { |x| out << lookupvar('v') + x }\n  \
         out\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
    assert_eq!(shown(s.eval("m::each_block(3)").unwrap()), "[3, 6, 10]");
    // (the block's error reaches the function with its class; `break` leaves `each`)
    assert_eq!(
        shown(s.eval("m::each_block(1)").unwrap()),
        "[1, 2, 'caught', 10]"
    );
    let e = s.eval("m::each_block(0)").unwrap_err();
    assert!(
        e.message
            .ends_with("Error while evaluating a Function Call, no"),
        "{}",
        e.message
    );
    assert_eq!(shown(s.eval("$v = 10 m_each_block()").unwrap()), "[11, 12]");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn variables_read_are_the_same_ruby_object_in_an_evaluation() {
    let (root, v4, _) = function_dirs("obj");
    std::fs::write(
        v4.join("poke.rb"),
        "Puppet::Functions.create_function(:'m::poke') do\n  def poke(name)\n    \
         v = closure_scope[name]\n    seen = v.key?('added')\n    v['added'] = 1\n    \
         \"#{seen} #{closure_scope[name].equal?(v)}\"\n  end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
    // The second call reads the object the first changed, as the reference's (where
    // the change reaches the Puppet variable too); another hash is another object.
    assert_eq!(
        shown(
            s.eval("$h = {'a' => 1} $g = {'a' => 1} [m::poke('h'), m::poke('h'), m::poke('g')]")
                .unwrap()
        ),
        "['false true', 'true true', 'false true']"
    );
    // A new evaluation reads the variable anew.
    assert_eq!(shown(s.eval("m::poke('h')").unwrap()), "'false true'");
    std::fs::remove_dir_all(&root).unwrap();
}

/// A library found once is known for the rest of the evaluation and that modulepath
/// only; a path no module and no library has is never kept (it raises at each call).
#[test]
fn libraries_are_known_per_evaluation() {
    use super::{known_library, remember_library};
    use std::path::PathBuf;
    let here = vec![PathBuf::from("/nonexistent/a")];
    let there = vec![PathBuf::from("/nonexistent/b")];
    crate::env::fs::forget();
    assert!(!known_library(&here, "shellwords"));
    remember_library(&here, "shellwords");
    assert!(known_library(&here, "shellwords"));
    assert!(!known_library(&here, "json"));
    assert!(!known_library(&there, "shellwords"));
    crate::env::fs::forget();
    assert!(!known_library(&here, "shellwords"));

    let (root, v4, _) = function_dirs("req");
    std::fs::write(
        v4.join("esc.rb"),
        "Puppet::Functions.create_function(:'m::esc') do\n  def esc(s)\n    \
         require 'shellwords'\n    require 'pry' if s == 'pry'\n    \
         Shellwords.shellescape(s)\n  end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
    assert_eq!(
        shown(s.eval("[m::esc('a b'), m::esc('c d')]").unwrap()),
        "['a\\ b', 'c\\ d']"
    );
    for _ in 0..2 {
        let e = s.eval("m::esc('x') m::esc('pry')").unwrap_err().to_string();
        assert!(e.contains("cannot load such file -- pry"), "{e}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// Where a template's 3.x function is found is kept for the process while the directories
/// it was found from are unchanged (`locate::files_3x`): fresh sessions, each on a thread
/// of its own, find the file of the first module that has one, whether a module's
/// `lib/puppet/parser/functions` (missing at first, with `lib`) is made, or removed.
#[test]
fn legacy_function_files_found_again_after_a_change() {
    let root = std::env::temp_dir().join(format!("prepl-rubyfn-3x-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let write = |module: &str, body: &str| {
        let dir = root.join(module).join("lib/puppet/parser/functions");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("m_where.rb"),
            format!(
                "module Puppet::Parser::Functions\n  newfunction(:m_where, :type => :rvalue) do |args|\n    '{body}'\n  end\nend\n"
            ),
        )
        .unwrap();
    };
    std::fs::create_dir_all(root.join("a/manifests")).unwrap();
    write("b", "b");
    let fresh = || {
        let root = root.clone();
        std::thread::spawn(move || {
            let mut s = crate::Session::new();
            s.set_environment(crate::env::Environment {
                modulepath: vec![root],
                ..crate::env::Environment::empty()
            });
            match s.eval("inline_template('<%= scope.function_m_where([]) %>')") {
                Ok(v) => crate::format::to_programmatic(&v),
                Err(e) => e.message,
            }
        })
        .join()
        .unwrap()
    };
    for _ in 0..3 {
        assert_eq!(fresh(), "'b'");
    }
    write("a", "a");
    for _ in 0..3 {
        assert_eq!(fresh(), "'a'");
    }
    std::fs::remove_dir_all(root.join("a/lib")).unwrap();
    for _ in 0..3 {
        assert_eq!(fresh(), "'b'");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// A function's instance variables are its object's, made once and shared by its calls
/// (the reference makes a function's instance once per loader: `@n` counts the calls),
/// and are not Puppet variables (`@x` is nil where `$x` is set; a template's `@x` is
/// `$x`). Answers of the reference (`puppet-oracle`): "1 nil", "2 nil"; the 3.x
/// function's the same.
#[test]
fn instance_variables_of_a_function_last_across_its_calls() {
    let (root, v4, v3) = function_dirs("ivars");
    std::fs::write(
        v4.join("count.rb"),
        "Puppet::Functions.create_function(:'m::count') do\n  def count\n    @n ||= 0\n    \
         @n += 1\n    \"#{@n} #{@x.inspect} #{defined?(@x).inspect}\"\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v3.join("mcount.rb"),
        "module Puppet::Parser::Functions\n  newfunction(:mcount, :type => :rvalue) do |args|\n    \
         @n ||= 0\n    @n += 1\n    \"#{@n} #{@x.inspect}\"\n  end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let run =
        |s: &mut crate::Session, src: &str| crate::format::to_programmatic(&s.eval(src).unwrap());
    assert_eq!(
        run(&mut s, "$x = 5 [m::count(), m::count(), m::count()]"),
        "['1 nil nil', '2 nil nil', '3 nil nil']"
    );
    assert_eq!(
        run(&mut s, "$x = 5 [mcount(), mcount()]"),
        "['1 nil', '2 nil']"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// `require` is Kernel's everywhere: in a helper's class or module body and in a method
/// of a class (archive's `PuppetX::Bodeco::Util::HTTP` requires `net/http` in its class
/// body), not only at a file's top; `URI(x)` is Kernel's too.
#[test]
fn require_in_a_class_body_and_a_method() {
    let (root, v4, _) = function_dirs("reqclass");
    let helper = root.join("m/lib/puppet_x/m");
    std::fs::create_dir_all(&helper).unwrap();
    std::fs::write(
        helper.join("util.rb"),
        "module PuppetX\n  module M\n    module Util\n      require 'json'\n      \
         class Parts\n        require 'uri'\n        def host(u)\n          \
         require 'shellwords'\n          URI(u).host\n        end\n      end\n    end\n  \
         end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v4.join("host.rb"),
        "require 'puppet_x/m/util'\nPuppet::Functions.create_function(:'m::host') do\n  \
         def host(u)\n    PuppetX::M::Util::Parts.new.host(u)\n  end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let v = s.eval("m::host('http://example.com:81/x')").unwrap();
    assert_eq!(crate::format::to_programmatic(&v), "'example.com'");
    std::fs::remove_dir_all(&root).unwrap();
}

/// Later calls of a loaded function run the method their dispatch picked (found once per
/// function, not by name at each call), with a one-argument method's argument bound in
/// its frame and any other method's (a default, a splat, two parameters) as before; a
/// function calling itself while it runs; a 3.x function's argument list new at each
/// call. The reference's answers (`puppet-oracle`).
#[test]
fn later_calls_run_the_dispatched_method() {
    let (root, v4, v3) = function_dirs("later");
    std::fs::write(
        v4.join("two.rb"),
        "Puppet::Functions.create_function(:'m::two') do\n  dispatch :one do\n    param \
         'String', :s\n  end\n  dispatch :pair do\n    param 'Integer', :a\n    param \
         'Integer', :b\n  end\n  dispatch :defaulted do\n    param 'Array', :a\n  end\n  \
         dispatch :splat do\n    param 'Hash', :h\n  end\n  def one(s)\n    s = s + '!'\n    \
         \"one #{s}\"\n  end\n  def pair(a, b)\n    \"pair #{a + b}\"\n  end\n  def \
         defaulted(a, extra = 'd')\n    a << extra\n    \"defaulted #{a.inspect}\"\n  end\n  \
         def splat(*all)\n    \"splat #{all.size} #{all[0].keys.inspect}\"\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v4.join("down.rb"),
        "Puppet::Functions.create_function(:'m::down') do\n  dispatch :down do\n    param \
         'Integer', :n\n  end\n  def down(n)\n    return 'bottom' if n == 0\n    \"#{n} \" + \
         call_function('m::down', n - 1)\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v3.join("mgrow.rb"),
        "module Puppet::Parser::Functions\n  newfunction(:mgrow, :type => :rvalue) do |args|\n    \
         args << 'more'\n    args[0] << 'x' if args[0].is_a?(Array)\n    args.inspect\n  \
         end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let run =
        |s: &mut crate::Session, src: &str| crate::format::to_programmatic(&s.eval(src).unwrap());
    assert_eq!(
        run(
            &mut s,
            "[m::two('a'), m::two(1, 2), m::two(['z']), m::two({'k' => 1}), m::two('b'), \
             m::two(3, 4), m::two(['y']), m::two({'j' => 2})]"
        ),
        "['one a!', 'pair 3', 'defaulted [\"z\", \"d\"]', 'splat 1 [\"k\"]', 'one b!', \
         'pair 7', 'defaulted [\"y\", \"d\"]', 'splat 1 [\"j\"]']"
    );
    assert_eq!(
        run(&mut s, "[m::down(3), m::down(1), m::down(0)]"),
        "['3 2 1 bottom', '1 bottom', 'bottom']"
    );
    assert_eq!(
        run(
            &mut s,
            "$a = ['p'] [mgrow($a), mgrow($a), mgrow('s'), mgrow(), $a]"
        ),
        "['[[\"p\", \"x\"], \"more\"]', '[[\"p\", \"x\"], \"more\"]', '[\"s\", \"more\"]', \
         '[\"more\"]', ['p']]"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// A 3.x call's argument arrays that its code kept nowhere are reused by later calls
/// (`convert::give_back_args`); those it kept (in a constant here) stay as they were, and
/// so do an outer call's while a call it makes from Ruby (`function_NAME`) runs, and a
/// list the call returned. The reference's answers.
#[test]
fn argument_arrays_kept_by_the_code_stay_its_own() {
    let (root, _, v3) = function_dirs("keep");
    std::fs::write(
        v3.join("mkeep.rb"),
        "KEEP = []\nmodule Puppet::Parser::Functions\n  newfunction(:mkeep, :type => :rvalue) \
         do |args|\n    KEEP << args\n    KEEP << args[0] if args[0].is_a?(Array)\n    \
         args[0] << 'x' if args[0].is_a?(Array)\n    KEEP.inspect\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        v3.join("mnest.rb"),
        "module Puppet::Parser::Functions\n  newfunction(:mnest, :type => :rvalue) do |args|\n    \
         pair = [args[0], [args[0]]]\n    inner = args[0] > 0 ? function_mnest([args[0] - 1, \
         [args[0]]]) : ''\n    \"#{args.inspect} #{pair.inspect} #{inner}\"\n  end\nend\n",
    )
    .unwrap();
    // (its list and array given back to Puppet, grown past the room an array has inline)
    std::fs::write(
        v3.join("mself.rb"),
        "module Puppet::Parser::Functions\n  newfunction(:mself, :type => :rvalue) do |args|\n    \
         args[0] << args[1] if args[0].is_a?(Array)\n    args\n  end\nend\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let v = s
        .eval(
            "$a = ['p'] [mself($a, 1), mself(['b'], 2), mself(['c', 'd', 'e'], 3), mself($a, 4), \
             $a]",
        )
        .unwrap();
    assert_eq!(
        crate::format::to_programmatic(&v),
        "[[['p', 1], 1], [['b', 2], 2], [['c', 'd', 'e', 3], 3], [['p', 4], 4], ['p']]"
    );
    let v = s
        .eval(
            "$a = ['p'] [mnest(2), mkeep(['a']), mnest(1, ['q']), mkeep($a), mnest(0), \
             mkeep('c'), $a]",
        )
        .unwrap();
    assert_eq!(
        crate::format::to_programmatic(&v),
        "['[2] [2, [2]] [1, [2]] [1, [1]] [0, [1]] [0, [0]] ', '[[[\"a\", \"x\"]], [\"a\", \
         \"x\"]]', '[1, [\"q\"]] [1, [1]] [0, [1]] [0, [0]] ', '[[[\"a\", \"x\"]], [\"a\", \
         \"x\"], [[\"p\", \"x\"]], [\"p\", \"x\"]]', '[0] [0, [0]] ', '[[[\"a\", \"x\"]], \
         [\"a\", \"x\"], [[\"p\", \"x\"]], [\"p\", \"x\"], [\"c\"]]', ['p']]"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// A module's Ruby writes `puts`, `print`, `p`, `warn`, `$stdout` and `$stderr` to the
/// session's output (the reference's Ruby to the process's stdout and stderr, from
/// `puppet apply`): a template's `puts` is no part of its text; `p` returns its argument,
/// `puts`, `print` and `warn` nil.
#[test]
fn ruby_output_goes_to_the_session_output() {
    let root = std::env::temp_dir().join(format!("prepl-rubyfn-puts-{}", std::process::id()));
    let functions = root.join("pm/lib/puppet/functions/pm");
    std::fs::create_dir_all(&functions).unwrap();
    std::fs::create_dir_all(root.join("pm/templates")).unwrap();
    std::fs::write(
        functions.join("say.rb"),
        "Puppet::Functions.create_function(:'pm::say') do\n  def say(x)\n    \
         r = puts(\"puts #{x}\")\n    r2 = p(x, 2)\n    r3 = print(\"print \", x, \"\\n\")\n    \
         r4 = warn(\"warn #{x}\")\n    r5 = $stdout.puts(\"stdout #{x}\")\n    \
         r6 = $stderr.puts(\"stderr #{x}\")\n    r7 = p\n    r8 = p(x)\n    \
         r9 = STDOUT.write('a', 1)\n    [r, r2, r3, r4, r5, r6, r7, r8, r9].inspect\n  end\nend\n",
    )
    .unwrap();
    std::fs::write(
        root.join("pm/templates/t.erb"),
        "a<% puts \"in template\" %>b<%= p(1) %>c<% warn \"w\" %><%= print(\"q\") %>\n",
    )
    .unwrap();
    let mut s = session_on(&root);
    let out = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let kept = out.clone();
    s.set_output_sink(move |stream, text| kept.borrow_mut().push((stream, text.to_string())));
    let run =
        |s: &mut crate::Session, src: &str| crate::format::to_programmatic(&s.eval(src).unwrap());
    assert_eq!(
        run(&mut s, "pm::say('hi')"),
        "'[nil, [\"hi\", 2], nil, nil, nil, nil, nil, \"hi\", 2]'"
    );
    assert_eq!(run(&mut s, "template('pm/t.erb')"), "\"ab1c\\n\"");
    use prepl_ruby::Stream::{Stderr, Stdout};
    let written = out.borrow().clone();
    let expected: Vec<(prepl_ruby::Stream, String)> = [
        (Stdout, "puts hi\n"),
        (Stdout, "\"hi\"\n2\n"),
        (Stdout, "print hi\n"),
        (Stderr, "warn hi\n"),
        (Stdout, "stdout hi\n"),
        (Stderr, "stderr hi\n"),
        (Stdout, "\"hi\"\n"),
        (Stdout, "a1"),
        (Stdout, "in template\n"),
        (Stdout, "1\n"),
        (Stderr, "w\n"),
        (Stdout, "q"),
    ]
    .into_iter()
    .map(|(s, t)| (s, t.to_string()))
    .collect();
    assert_eq!(written, expected);
    std::fs::remove_dir_all(&root).unwrap();
}

/// A native version of a module's function serves only the version of the module it stands
/// for: a module whose function takes other arguments (a newer postgresql's
/// `postgresql_password(username, password, sensitive, hash, salt)`) runs from its source;
/// one whose dispatch takes what the native takes keeps the native.
#[test]
fn a_native_serves_only_the_module_version_it_stands_for() {
    let root = std::env::temp_dir().join(format!("prepl-rubyfn-native-{}", std::process::id()));
    let functions = root.join("postgresql/lib/puppet/functions/postgresql");
    std::fs::create_dir_all(&functions).unwrap();
    let write = |params: &str, body: &str| {
        std::fs::write(
            functions.join("postgresql_password.rb"),
            format!(
                "Puppet::Functions.create_function(:'postgresql::postgresql_password') do\n  \
                 dispatch :pw do\n{params}  end\n  def pw(*args)\n    {body}\n  end\nend\n"
            ),
        )
        .unwrap();
    };
    let run = |src: &str| {
        let mut s = session_on(&root);
        crate::format::to_programmatic(&s.eval(src).unwrap())
    };
    // the newer module: five parameters, three optional
    write(
        "    param 'String', :u\n    param 'String', :p\n    optional_param 'Boolean', :s\n    \
         optional_param 'String', :h\n    optional_param 'String', :salt\n",
        "\"source #{args.length}\"",
    );
    assert_eq!(
        run("postgresql::postgresql_password('a', 'b', false, 'md5')"),
        "'source 4'"
    );
    assert_eq!(
        run("postgresql::postgresql_password('a', 'b')"),
        "'source 2'"
    );
    // the version the native stands for: two parameters, the native answers
    write(
        "    param 'Variant[String[1], Integer]', :u\n    param 'Variant[String[1], Integer]', :p\n",
        "'source'",
    );
    assert_eq!(
        run("postgresql::postgresql_password('foo', 'bar')"),
        "'md596948aad3fcae80c08a35c9b5958cd89'"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// `scope_param` is an `InternalFunction`'s: a plain function that declares it fails to
/// load, as the reference's (whose message then dumps its dispatch builder).
#[test]
fn scope_param_only_in_an_internal_function() {
    let root = std::env::temp_dir().join(format!("prepl-rubyfn-scope-{}", std::process::id()));
    let functions = root.join("m/lib/puppet/functions/m");
    std::fs::create_dir_all(&functions).unwrap();
    let write = |name: &str, parent: &str| {
        std::fs::write(
            functions.join(format!("{name}.rb")),
            format!(
                "Puppet::Functions.create_function(:'m::{name}'{parent}) do\n  dispatch :run do\n    \
                 scope_param\n    param 'String', :x\n  end\n  def run(scope, x)\n    \
                 scope[x]\n  end\nend\n"
            ),
        )
        .unwrap();
    };
    write("internal", ", Puppet::Functions::InternalFunction");
    write("plain", "");
    let mut s = session_on(&root);
    let v = s.eval("$y = 'Y' m::internal('y')").unwrap();
    assert_eq!(crate::format::to_programmatic(&v), "'Y'");
    let e = s.eval("m::plain('y')").unwrap_err();
    assert!(
        e.message.contains(
            "Function Load Error for function 'm::plain': undefined local variable or method \
             `scope_param' for #<Puppet::Functions::DispatcherBuilder>"
        ),
        "{}",
        e.message
    );
    std::fs::remove_dir_all(&root).unwrap();
}
