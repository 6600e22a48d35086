//! Property test: random mutations of the corpus programs never crash the parser or the
//! evaluator (no panic, no stack overflow, no hang): they give a value or an error.

use prepl_tests::*;
use std::time::Duration;

/// A small deterministic xorshift generator (no external crates needed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "|",
    "$",
    "\"",
    "'",
    "@(END)",
    "\nEND\n",
    "${",
    "=>",
    "->",
    ",",
    ";",
    "*",
    "-",
    "+",
    "=~",
    "!",
    "?",
    ":",
    "::",
    ".",
    "/",
    "\\",
    "0x",
    "1e",
    "Integer[",
    "Struct[{",
    "undef",
    "default",
    "if ",
    "case ",
    "|$x|",
    "function f() {",
    "type T = ",
    "$0",
    "[[[[[[[[[[",
    "((((((((((",
    "\u{1F600}",
    "\t",
    "#",
    "/*",
];

fn mutate(rng: &mut Rng, src: &str) -> String {
    let mut chars: Vec<char> = src.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let pos = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 if !chars.is_empty() => {
                let end = (pos + 1 + rng.below(4)).min(chars.len());
                chars.drain(pos.min(chars.len())..end);
            }
            1 => {
                let frag = FRAGMENTS[rng.below(FRAGMENTS.len())];
                for (i, c) in frag.chars().enumerate() {
                    chars.insert(pos.min(chars.len()) + i, c);
                }
            }
            2 if chars.len() > 1 => {
                let a = rng.below(chars.len());
                let b = rng.below(chars.len());
                chars.swap(a, b);
            }
            _ => {
                let dup: String = chars.iter().take(pos).collect();
                chars.splice(0..0, dup.chars());
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_programs_never_crash() {
    with_big_stack(|| {
        let cases = load_corpus(&corpus_dir());
        assert!(!cases.is_empty());
        let watchdog = Watchdog::start();
        let mut rng = seeded(0x9E37_79B9_7F4A_7C15);
        let rounds = rounds(20000);
        for _ in 0..rounds {
            let case = &cases[rng.below(cases.len())];
            let src = mutate(&mut rng, &case.src);
            let got = run_case(&src, Duration::from_secs(5), &watchdog);
            assert_ne!(
                got.error.as_deref(),
                Some("PANIC"),
                "panic on mutated program: {src:?}"
            );
        }
    });
}

#[test]
fn deep_nesting_gives_an_error_not_a_crash() {
    with_big_stack(|| {
        let watchdog = Watchdog::start();
        for src in [
            "[".repeat(100_000),
            format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000)),
            format!("{}1{}", "(".repeat(50_000), ")".repeat(50_000)),
            "function f($n) { f($n + 1) } f(0)".to_string(),
            format!("{}1", "-".repeat(100_000)),
            format!("{}1", "!".repeat(100_000)),
        ] {
            let got = run_case(&src, Duration::from_secs(10), &watchdog);
            assert!(got.error.is_some() || got.value.is_some());
            assert_ne!(
                got.error.as_deref(),
                Some("PANIC"),
                "panic on {:?}",
                &src[..40.min(src.len())]
            );
        }
    });
}

/// What the libFuzzer targets run (fuzz/src/harness.rs), shared so that their inputs can be
/// replayed here without libFuzzer.
#[allow(dead_code)]
#[path = "../fuzz/src/harness.rs"]
mod harness;

/// Replays the inputs kept in fuzz/regressions/TARGET/ (crashes once found, and a sample of
/// what the fuzzers' corpora grew to) through the same code as the fuzz targets: each must
/// end, without a panic, within the evaluation budget. `kernel_wire` is replayed by the
/// kernel's own tests (kernel/src/wire.rs).
#[test]
fn fuzz_regressions_replay() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions");
    type Target = (&'static str, fn(&[u8]));
    let targets: [Target; 12] = [
        ("parse", harness::parse),
        ("eval", harness::eval),
        ("epp", harness::epp),
        ("format", harness::format),
        ("types", harness::types),
        ("versions_time", harness::versions_time),
        ("hiera_yaml", harness::hiera_yaml),
        ("hiera_config", harness::hiera_config),
        ("facts", harness::facts),
        ("erb", harness::erb),
        ("modules", harness::modules),
        ("ruby_module", harness::ruby_module),
    ];
    with_big_stack(move || {
        let mut replayed = 0;
        for (name, run) in targets {
            let mut files: Vec<_> = std::fs::read_dir(root.join(name))
                .map(|d| d.flatten().map(|e| e.path()).collect())
                .unwrap_or_default();
            files.sort();
            for file in files {
                let data = std::fs::read(&file).expect("readable");
                let started = std::time::Instant::now();
                run(&data);
                assert!(
                    started.elapsed() < Duration::from_secs(20),
                    "{} ran for {:?}",
                    file.display(),
                    started.elapsed()
                );
                replayed += 1;
            }
        }
        assert!(replayed > 0, "no fuzz inputs in {}", root.display());
    });
}

/// Pieces of ERB, Ruby and EPP the template mutations insert.
const TEMPLATE_FRAGMENTS: &[&str] = &[
    "<%",
    "%>",
    "<%=",
    "-%>",
    "<%-",
    "<%#",
    "<%%",
    "#{",
    "}",
    "do |x|",
    " end ",
    "if ",
    "elsif ",
    "else",
    "unless ",
    "while ",
    "? 1 : 2",
    "**",
    "[",
    "]",
    "{",
    "(",
    ")",
    "|",
    ".each",
    ".map",
    "\"",
    "'",
    "%w(",
    "%(",
    "<<~EOS\n",
    "\nEOS\n",
    "@x",
    "scope['x']",
    "scope.function_",
    "=",
    "==",
    "<=>",
    "..",
    "...",
    "::",
    "/a*/",
    "1e400",
    "0x",
    "-9223372036854775808",
    "%",
    "\\",
    "$x",
    "|$x|",
    "<%= $",
    "@(END)",
    "\u{1F600}",
    "\n",
    "begin",
    "rescue",
    "yield",
    "lambda",
    "->(x)",
    "&:",
    "*",
    ";",
];

const TEMPLATE_SEEDS: &[&str] = &[
    "<% [1, 2, 3].each do |x| -%>\nline <%= x %>\n<% end -%>\n",
    "<%= @x.nil? ? 'none' : @x.to_s.upcase %>",
    "<% h = {'a' => 1, :b => [2, 3]} %><%= h.map { |k, v| \"#{k}=#{v}\" }.join(',') %>",
    "<%= (1..5).select(&:even?).inspect %> <%= '%05.1f' % 3.14159 %>",
    "<% if @x && @x.size > 2 -%>big<% elsif @x -%>small<% else -%>none<% end -%>",
    "<%= scope['x'] %> <%= scope.lookupvar('x') %> <%= [1, [2, [3]]].flatten.sum %>",
    "<% begin; raise 'no'; rescue => e; %><%= e.message %><% end %>",
    "<%= \"a,b,,c\".split(',').reject(&:empty?).sort.reverse.join('|') %>",
    "<%# comment %><%% literal %%><%= 2 ** 10 %> <%= 7 / 2 %> <%= -7 % 3 %>",
    "<% x = 0; while x < 3; x += 1; end %><%= x %>",
];

const EPP_SEEDS: &[&str] = &[
    "<%- | $x = 1, Array $y = [] | -%>\n<% $y.each |$v| { -%>\n<%= $v %>\n<% } -%>",
    "<% if $x > 1 { %>big<% } else { %>small<% } %> <%= \"${x}!\" %>",
    "<%= [1, 2].map |$a| { $a * 2 } %> <%# comment %> <%% x %%>",
];

/// `s` as a single-quoted Puppet string's text.
fn single_quoted(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\'', "\\'")
}

fn mutate_with(rng: &mut Rng, src: &str, fragments: &[&str]) -> String {
    let mut chars: Vec<char> = src.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let pos = rng.below(chars.len() + 1).min(chars.len());
        match rng.below(3) {
            0 if !chars.is_empty() => {
                let end = (pos + 1 + rng.below(6)).min(chars.len());
                chars.drain(pos..end);
            }
            1 => {
                let frag = fragments[rng.below(fragments.len())];
                for (i, c) in frag.chars().enumerate() {
                    chars.insert(pos + i, c);
                }
            }
            _ if chars.len() > 1 => {
                let a = rng.below(chars.len());
                let b = rng.below(chars.len());
                chars.swap(a, b);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Template files of the repository's fixtures, as further seeds.
fn fixture_files(ext: &str) -> Vec<String> {
    fn walk(dir: &std::path::Path, ext: &str, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, ext, out);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.extend(std::fs::read_to_string(&p).ok());
            }
        }
    }
    let mut out = Vec::new();
    walk(&repo_root().join("tests/fixtures"), ext, &mut out);
    out
}

/// The generator of a test: its own seed, or mixed with `FUZZ_SEED` (another run's
/// programs: `FUZZ_SEED=7 FUZZ_ROUNDS=200000 cargo test --release -p prepl-tests --test fuzz`).
fn seeded(seed: u64) -> Rng {
    let extra: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    // (xorshift needs a state other than zero)
    Rng((seed ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15)).max(1))
}

fn rounds(default: usize) -> usize {
    std::env::var("FUZZ_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Random mutations of ERB templates (their Ruby: the lexer, the parser, the interpreter)
/// and of EPP templates never crash: a value or an error, within the time budget.
#[test]
fn mutated_templates_never_crash() {
    with_big_stack(|| {
        let watchdog = Watchdog::start();
        let mut rng = seeded(0xD1B5_4A32_D192_ED03);
        let mut erb: Vec<String> = TEMPLATE_SEEDS.iter().map(|s| s.to_string()).collect();
        erb.extend(fixture_files("erb"));
        let mut epp: Vec<String> = EPP_SEEDS.iter().map(|s| s.to_string()).collect();
        epp.extend(fixture_files("epp"));
        for _ in 0..rounds(3000) {
            let (seeds, function) = match rng.below(4) {
                0 => (&epp, "inline_epp"),
                _ => (&erb, "inline_template"),
            };
            let seed = &seeds[rng.below(seeds.len())];
            let template = mutate_with(&mut rng, seed, TEMPLATE_FRAGMENTS);
            let src = format!(
                "$x = [1, 'two', {{a => 3}}] {function}('{}')",
                single_quoted(&template)
            );
            let got = run_case(&src, Duration::from_secs(5), &watchdog);
            assert_ne!(got.error.as_deref(), Some("PANIC"), "panic on: {src:?}");
        }
    });
}

const YAML_FRAGMENTS: &[&str] = &[
    ":",
    ": ",
    "- ",
    "\n",
    "\n  ",
    "&a ",
    "*a",
    "<<: ",
    "!!set",
    "!!binary ",
    "!ruby/symbol ",
    "'",
    "\"",
    "[",
    "]",
    "{",
    "}",
    ",",
    "#",
    "|",
    ">-",
    "%{",
    "%{lookup('k')}",
    "%{alias('a')}",
    "\u{feff}",
    "0x",
    "1:30",
    "2001-01-01",
    "~",
    "? ",
    "---\n",
    "...\n",
    "\t",
    "\\u",
    "!!int ",
];

const YAML_SEEDS: &[&str] = &[
    "a: 1\nb: [x, y]\nc:\n  d: true\n  e: ~\n",
    "base: &b {x: 1, y: 2}\nderived:\n  <<: *b\n  y: 3\nlist: [*b, *b]\n",
    "s: 'quoted %{facts.os}'\nblock: |\n  line one\n  line two\nfolded: >-\n  a\n  b\n",
    "\"k::x\": 0x1F\n'k::y': 1_000\nz: .inf\nn: -.nan\nt: on\nf: no\n",
];

/// Random mutations of Hiera YAML data never panic the YAML reader (a value or an error),
/// and what it reads can be printed.
#[test]
fn mutated_hiera_yaml_never_crashes() {
    with_big_stack(|| {
        let mut rng = seeded(0xA076_1D64_78BD_642F);
        let mut seeds: Vec<String> = YAML_SEEDS.iter().map(|s| s.to_string()).collect();
        let mut data = Vec::new();
        fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "yaml") {
                    out.extend(std::fs::read_to_string(&p).ok());
                }
            }
        }
        walk(&repo_root().join("tests/fixtures"), &mut data);
        seeds.extend(data.into_iter().filter(|t| t.len() < 20_000));
        for _ in 0..rounds(20000) {
            let seed = &seeds[rng.below(seeds.len())];
            let text = mutate_with(&mut rng, seed, YAML_FRAGMENTS);
            let r = std::panic::catch_unwind(|| {
                if let Ok(v) = prepl::env::hiera::yaml::parse(&text) {
                    let _ = prepl::format::try_programmatic(&v);
                }
            });
            assert!(r.is_ok(), "panic on YAML: {text:?}");
        }
        for text in [
            "[".repeat(100_000),
            "a:\n".to_string() + &" - ".repeat(50_000),
            "{a: ".repeat(50_000),
            format!("{}1{}", "[".repeat(2_000), "]".repeat(2_000)),
        ] {
            let r = std::panic::catch_unwind(|| prepl::env::hiera::yaml::parse(&text).is_ok());
            assert!(r.is_ok(), "panic on deep YAML of {} bytes", text.len());
        }
    });
}

/// Pieces of module trees, Hiera configurations, facts and Ruby the mutations insert.
const TREE_FRAGMENTS: &[&str] = &[
    "\n=== modules/m/manifests/init.pp\n",
    "\n=== modules/m/templates/t.erb\n",
    "\n=== modules/m/data/common.yaml\n",
    "\n=== hiera.yaml\n",
    "\n=== modules/m/lib/puppet/functions/m/f.rb\n",
    "%{lookup('m::a')}",
    "%{alias('b')}",
    "%{facts.os}",
    "glob: '**/*'",
    "mapped_paths: [a, b, c]",
    "data_hash: json_data",
    "include m\n",
    "class m::x {}",
    "def f(x)\n",
    "end\n",
    "<%= @p %>",
    ":sym",
    "!ruby/object:X ",
    "&a ",
    "*a",
    "<<: ",
    "{",
    "[",
    "\"",
    "---\n",
];

/// Random mutations of the new surfaces' inputs (Hiera data and `hiera.yaml`, facts files,
/// ERB templates, module trees) through the fuzz targets' harness never crash, each input
/// within the time budget (the libFuzzer targets of the same names run the same code).
#[test]
fn mutated_module_trees_hiera_and_facts_never_crash() {
    type Target = (&'static str, fn(&[u8]));
    let targets: [Target; 5] = [
        ("hiera_yaml", harness::hiera_yaml),
        ("hiera_config", harness::hiera_config),
        ("facts", harness::facts),
        ("erb", harness::erb),
        ("modules", harness::modules),
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions");
    with_big_stack(move || {
        let mut rng = seeded(0x2545_F491_4F6C_DD1D);
        for (name, run) in targets {
            let seeds: Vec<String> = std::fs::read_dir(root.join(name))
                .map(|d| {
                    d.flatten()
                        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                        .collect()
                })
                .unwrap_or_default();
            assert!(!seeds.is_empty(), "no seeds for {name}");
            for _ in 0..rounds(150) {
                let seed = &seeds[rng.below(seeds.len())];
                let text = mutate_with(&mut rng, seed, TREE_FRAGMENTS);
                let started = std::time::Instant::now();
                run(text.as_bytes());
                assert!(
                    started.elapsed() < Duration::from_secs(20),
                    "{name} ran for {:?} on {text:?}",
                    started.elapsed()
                );
            }
        }
    });
}
