use super::Frozen;
use crate::ast::{Expr, ExprKind, Slot};

/// Every kind of node the parser makes, in one program.
const EVERYTHING: &str = r#"
    $a = [1, 'two', -3, 4.5, true, undef, default, bare, Integer, /re/]
    $h = { 'k' => [1, 2], 'i' => "x${a[0]}y $h" }
    [$x, $y] = [1, 2]
    $s = $a ? { 1 => 'one', default => @("END":json)
      {"x": "${x}"}
      | END
    }
    function f::g(Integer $n = 1, *$rest) >> Integer { $m = $n + 1 $m }
    type My::T = Variant[Integer, String]
    class c($p = 1) inherits c::params { notice(!$p) }
    define d(String $t) { file { $t: ensure => present } }
    node 'a', /b/, default { include c }
    if $x == 1 { notice(1) } elsif $x { notice(2) } else { notice(3) }
    unless $x { notice(4) } else { notice(5) }
    case $x { 1, 2: { notice(6) } default: {} }
    $a.each |$i, $v| { notice($i) }
    Integer[1, 2]('3')
    @file { '/a': mode => '0644', * => {} }
    @@file { '/b': content => 'x' }
    File { mode => '0600' }
    File['/a'] { owner => root }
    File <| title == '/a' |> { group +> root }
    File <<| |>>
    File['/a'] -> File['/b'] ~> File['/c']
    $o = (1) + 2 * 3 - 4 / 5 % 6 << 7 >> 8
    $z = $x =~ /a/ and $y !~ /b/ or $x in $a
    notice(*$a)
"#;

fn program(text: &str) -> crate::ast::Program {
    crate::parse(text).expect("parses")
}

/// A thawed tree prints as the one frozen (every field, slots and frame sizes
/// included), and its texts are the thread's shared names.
#[test]
fn a_thawed_tree_is_the_frozen_one() {
    let p = program(EVERYTHING);
    // (slots as the resolver writes them: kept by the frozen form)
    if let ExprKind::Assign(target, _) = &p.body[0].kind {
        if let ExprKind::Variable(v) = &target.kind {
            v.slot.set(Slot::Local { depth: 1, index: 2 });
        }
    }
    let frozen = Frozen::freeze(&p).expect("no literal errors");
    let thawed = frozen.thaw();
    assert_eq!(format!("{:?}", p.body), format!("{:?}", thawed.body));
    assert!(frozen.size() > 0);
    // the same tree again, on another thread
    let text = std::thread::scope(|s| {
        s.spawn(|| format!("{:?}", frozen.thaw().body))
            .join()
            .unwrap()
    });
    assert_eq!(text, format!("{:?}", p.body));
}

/// Class and define bodies are thawed when first read, into what an eager thaw makes
/// (slots included); whether they hold definitions is known without making them.
#[test]
fn bodies_are_thawed_when_read() {
    let p = program(
        "class a($x = 1) { $y = $x notice($y) }\n\
         class b { class b::c { notice(1) } }\n\
         define d { file { $title: } }\n\
         class e { }",
    );
    if let ExprKind::ClassDef(c) = &p.body[0].kind {
        if let ExprKind::Assign(target, _) = &c.body[0].kind {
            if let ExprKind::Variable(v) = &target.kind {
                v.slot.set(Slot::Scope { index: 3 });
            }
        }
    }
    let thawed = Frozen::freeze(&p).unwrap().thaw();
    let bodies: Vec<&crate::ast::Body> = (thawed.body.iter())
        .map(|e| match &e.kind {
            ExprKind::ClassDef(c) => &c.body,
            ExprKind::DefineDef(d) => &d.body,
            _ => panic!("a definition"),
        })
        .collect();
    assert_eq!(
        bodies
            .iter()
            .map(|b| (b.is_made(), b.has_definitions()))
            .collect::<Vec<_>>(),
        [(false, false), (false, true), (false, false), (true, false)]
    );
    assert_eq!(format!("{:?}", p.body), format!("{:?}", thawed.body));
    assert!(bodies.iter().all(|b| b.is_made()));
    assert!(bodies[1].has_definitions() && !bodies[0].has_definitions());
}

/// A `case` arm's statements are thawed when first read (a module's `params.pp` runs one
/// arm of its `case $facts['os']['family']`), into what an eager thaw makes, slots
/// included.
#[test]
fn case_arms_are_thawed_when_read() {
    let p = program(
        "case $f { 'RedHat': { $p = 'a' notice($p) } 'Debian', 'Ubuntu': { $p = 'b' } default: { } }",
    );
    fn arms(e: &Expr) -> Vec<&crate::ast::CaseArm> {
        match &e.kind {
            ExprKind::Case { arms, .. } => arms.iter().collect(),
            _ => panic!("a case"),
        }
    }
    if let ExprKind::Assign(target, _) = &arms(&p.body[0])[1].body[0].kind {
        if let ExprKind::Variable(v) = &target.kind {
            v.slot.set(Slot::Scope { index: 2 });
        }
    }
    let thawed = Frozen::freeze(&p).unwrap().thaw();
    let made = |t: &crate::ast::Program| -> Vec<bool> {
        arms(&t.body[0]).iter().map(|a| a.body.is_made()).collect()
    };
    assert_eq!(made(&thawed), [false, false, true]);
    let debian = format!("{:?}", &*arms(&thawed.body[0])[1].body);
    assert_eq!(made(&thawed), [false, true, true]);
    assert_eq!(debian, format!("{:?}", &*arms(&p.body[0])[1].body));
    assert_eq!(format!("{:?}", p.body), format!("{:?}", thawed.body));
    assert_eq!(made(&thawed), [true, true, true]);
}

/// A constant literal's kept value and a call's site are not carried over.
#[test]
fn caches_start_empty() {
    let p = program("$a = [1, 2] $b = [$a] notice(1)");
    let ExprKind::Assign(_, rhs) = &p.body[0].kind else {
        panic!("an assignment")
    };
    let ExprKind::Array(_, shared) = &rhs.kind else {
        panic!("an array")
    };
    shared.keep(&7u8);
    let thawed = Frozen::freeze(&p).unwrap().thaw();
    let array = |e: &Expr| match &e.kind {
        ExprKind::Assign(_, rhs) => match &rhs.kind {
            ExprKind::Array(_, shared) => (shared.is_constant(), shared.get::<u8>().copied()),
            _ => panic!("an array"),
        },
        _ => panic!("an assignment"),
    };
    assert_eq!(array(&thawed.body[0]), (true, None));
    assert_eq!(array(&thawed.body[1]), (false, None));
}

/// Trees as deep as the parser allows freeze, thaw and drop without overflowing the
/// stack of a small thread.
#[test]
fn deep_trees() {
    let depth = 20_000;
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let text = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
            let p = crate::parser::parse_program(&text).expect("parses");
            let frozen = Frozen::freeze(&p).unwrap();
            let thawed = frozen.thaw();
            assert_eq!(thawed.body.len(), 1);
            assert!(frozen.size() > depth * 16);
            drop(frozen);
        })
        .unwrap()
        .join()
        .unwrap();
}

/// Every manifest of the installed modules (Debian's packaged ones, when present:
/// `tests/real_modules/install.sh`) thaws into the tree its parse gives.
#[test]
fn installed_modules_thaw_into_their_trees() {
    let files = crate::manifests_under(std::path::Path::new("/usr/share/puppet/modules"));
    let mut checked = 0;
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(p) = crate::parse(&text) else {
            continue;
        };
        let thawed = Frozen::freeze(&p).unwrap().thaw();
        assert_eq!(
            format!("{:?}", p.body),
            format!("{:?}", thawed.body),
            "{}",
            path.display()
        );
        checked += 1;
    }
    eprintln!("{checked} manifests thawed");
}
