//! Dispatch and error texts (expectations from the reference; the types used are those
//! the type system on main already checks: Any, Integer, String).

use super::*;

fn sig(s: &str) -> Signature {
    Signature::parse(s).unwrap()
}

#[test]
fn parses_and_displays_like_the_reference() {
    let s = sig("Hash $hash, Callable[2, 2] &$block");
    assert_eq!(s.display(), "Hash hash, Callable[2, 2] block");
    assert_eq!(s.count_range(), (1, 1));
    let s = sig("Iterable $enumerable, Integer[1] $slice_size, Callable &$block?");
    assert_eq!(
        s.display(),
        "Iterable enumerable, Integer[1] slice_size, Callable block?"
    );
    let s = sig("String $function_name, Any *$arguments, Callable &$block?");
    assert_eq!(
        s.display(),
        "String function_name, Any arguments*, Callable block?"
    );
    assert_eq!(s.count_range(), (1, MANY));
    let s = sig("Optional[Pattern[/^[GEIM]*$/]] $flags?, Enum['N', 'E'] $encoding?");
    assert_eq!(
        s.display(),
        "Pattern[/^[GEIM]*$/] flags?, Enum['N', 'E'] encoding?"
    );
    assert_eq!(s.count_range(), (0, 2));
    assert_eq!(sig("").count_range(), (0, 0));
}

#[test]
fn every_builtin_signature_parses() {
    for b in crate::functions::all() {
        for d in b.signatures {
            if let Err(e) = Signature::parse(d) {
                panic!("{}: {d}: {e}", b.name);
            }
        }
        assert!(!b.signatures.is_empty() || b.name.is_empty(), "{}", b.name);
        assert!(b.doc.contains(b.name), "doc of {} names it", b.name);
    }
}

const SPLIT: &[&str] = &["String $str, String $pattern"];
const TWO: &[&str] = &["Integer $a", "String $b, Integer $c"];
const NONE: &[&str] = &[""];
const OPT: &[&str] = &["Any $value?"];

#[test]
fn single_signature_errors() {
    let e = dispatch_with("split", SPLIT, &["a".into()], None).unwrap_err();
    assert_eq!(e.message, "'split' expects 2 arguments, got 1");
    let e = dispatch_with("split", SPLIT, &["a".into(), ",".into(), 3.into()], None).unwrap_err();
    assert_eq!(e.message, "'split' expects 2 arguments, got 3");
    let e = dispatch_with("break", NONE, &[1.into()], None).unwrap_err();
    assert_eq!(e.message, "'break' expects no arguments, got 1");
    let e = dispatch_with("next", OPT, &[1.into(), 2.into()], None).unwrap_err();
    assert_eq!(e.message, "'next' expects at most 1 argument, got 2");
    assert_eq!(dispatch_with("next", OPT, &[], None).unwrap(), 0);
    let e = dispatch_with("upcase2", &["String $arg"], &[], None).unwrap_err();
    assert_eq!(e.message, "'upcase2' expects 1 argument, got none");
}

#[test]
fn picks_the_first_matching_signature() {
    assert_eq!(dispatch_with("two", TWO, &[1.into()], None).unwrap(), 0);
    assert_eq!(
        dispatch_with("two", TWO, &["x".into(), 1.into()], None).unwrap(),
        1
    );
    // Both fail on the count: merged into one range.
    let e = dispatch_with("two", TWO, &[], None).unwrap_err();
    assert_eq!(
        e.message,
        "'two' expects between 1 and 2 arguments, got none"
    );
}

#[test]
fn range_texts() {
    use super::describe::range_text as r;
    assert_eq!(r((0, MANY), "no"), "unlimited");
    assert_eq!(r((2, MANY), "no"), "at least 2");
    assert_eq!(r((1, 3), "no"), "between 1 and 3");
    assert_eq!(r((0, 2), "no"), "at most 2");
    assert_eq!(r((0, 0), "none"), "none");
}

/// The checks made by a value's kind agree with the general instance check, for every
/// parameter type of the built-ins' signatures and values of each kind (a type checked by
/// kind where its bounds or element types matter would accept too much).
#[test]
fn checks_by_kind_agree_with_the_instance_check() {
    use crate::values::Map;
    let values = [
        Value::Undef,
        Value::Default,
        Value::Integer(3),
        Value::Integer(-1),
        Value::Integer(i64::MIN),
        Value::Float(1.5),
        Value::Float(f64::NAN),
        Value::Float(f64::INFINITY),
        Value::Boolean(true),
        Value::string(""),
        Value::string("text"),
        Value::array(vec![]),
        Value::array(vec![Value::Integer(1), Value::string("a")]),
        Value::hash(Map::new()),
        Value::hash([(Value::Integer(1), Value::Undef)].into_iter().collect()),
        Value::typ(PType::string()),
    ];
    // Each type checked by kind, whether a built-in takes it or not.
    let any = || Box::new(PType::Any);
    let size = crate::types::IntRange::SIZE;
    for t in [
        PType::Any,
        PType::string(),
        PType::Numeric,
        PType::integer(),
        PType::float(),
        PType::Boolean(None),
        PType::Array(any(), size),
        PType::Hash(any(), any(), size),
        PType::Collection(size),
        PType::Optional(Some(Box::new(PType::Collection(size)))),
        PType::Type(None),
        PType::Undef,
        PType::Variant(vec![PType::Collection(size), PType::string()]),
        PType::Optional(Some(Box::new(PType::Variant(vec![
            PType::Numeric,
            PType::Boolean(None),
        ])))),
    ] {
        let check = Check::of(&t);
        assert!(check.by_kind(), "{t}");
        for v in &values {
            assert_eq!(
                check.accepts(v, || unreachable!()),
                shims::is_instance(&t, v),
                "{t} {v:?}"
            );
        }
    }
    // Constrained types refuse the other kinds by kind, and check theirs by type (of the
    // 20 kinds, those decided by kind).
    let parsed = |src: &str| match src {
        "Float[0.0]" => PType::Float(0.0, f64::INFINITY),
        _ => crate::types::typesrc::parse_type(src).unwrap(),
    };
    for (src, decided) in [
        ("String[1]", 19),
        ("Integer[0]", 19),
        ("Float[0.0]", 18),
        ("Array[String]", 19),
        ("Hash[String, Integer]", 19),
        ("Variant[Array[String], String]", 19),
        ("Optional[Enum['a']]", 1),
        ("Variant[String, Integer[1, 2], Undef]", 19),
        ("Type[String]", 19),
        ("Collection[1]", 18),
    ] {
        let t = parsed(src);
        let check = Check::of(&t);
        assert!(!check.by_kind(), "{src}");
        let count = (0..20).filter(|k| check.maybe & 1 << k == 0).count();
        assert_eq!(count, decided, "{src}");
        for v in &values {
            assert_eq!(
                check.accepts(v, || shims::is_instance(&t, v)),
                shims::is_instance(&t, v),
                "{src} {v:?}"
            );
        }
    }
    let mut by_kind = 0;
    let mut decided = 0;
    for b in crate::functions::all() {
        for d in b.signatures {
            for p in sig(d).params {
                let check = Check::of(&p.ty);
                by_kind += usize::from(check.by_kind());
                for v in &values {
                    if !check.decides(v) {
                        continue;
                    }
                    decided += 1;
                    assert_eq!(
                        check.accepts(v, || unreachable!()),
                        shims::is_instance(&p.ty, v),
                        "{}: {} with {v:?}",
                        b.name,
                        p.shown
                    );
                }
            }
        }
    }
    assert!(by_kind > 100, "{by_kind}");
    assert!(decided > 2000, "{decided}");
}

/// A thread that finds a built-in's shapes kept by the process (a fresh session's) picks
/// the same signature, and fails with the same words, as the thread that parsed them: for
/// signatures checked by kind alone (not parsed there) and by type.
#[test]
fn kept_shapes_dispatch_as_parsed_signatures() {
    const BY_KIND: &[&str] = &[
        "Integer $a, String $b?",
        "Hash $h, Any *$rest",
        "!Any *$args",
    ];
    const BY_TYPE: &[&str] = &["Variant[String, Integer[0]] $x", "Array[String] +$names"];
    let calls = || -> Vec<Vec<Value>> {
        vec![
            vec![],
            vec![1.into()],
            vec![(-1).into()],
            vec![1.into(), "b".into()],
            vec!["a".into()],
            vec![Value::array(vec!["a".into()])],
            vec![Value::array(vec![1.into()])],
            vec![Value::hash(crate::values::Map::new()), 1.into(), 2.into()],
            vec![Value::Undef, Value::Undef, Value::Undef],
        ]
    };
    let answers = move || {
        let mut out = Vec::new();
        for (name, decl) in [("by_kind", BY_KIND), ("by_type", BY_TYPE)] {
            for args in &calls() {
                out.push(dispatch_with(name, decl, args, None).map_err(|e| e.message));
            }
        }
        out
    };
    let first = std::thread::spawn(answers).join().unwrap();
    assert!(kept_shapes().as_ref().is_some_and(|m| m.len() >= 2));
    let fresh = std::thread::spawn(answers).join().unwrap();
    assert_eq!(first, fresh);
    assert!(first.iter().any(|a| a.is_ok()) && first.iter().any(|a| a.is_err()));
}

/// `dispatch` answers from its memo (the signature the last call with arguments of the same
/// kinds picked) what the signatures' checks answer: for every built-in, every list of up
/// to three arguments of the values below, asked twice (the second time from the memo,
/// where it keeps the answer), in an order where each kind follows others.
#[test]
fn dispatch_from_the_memo_picks_as_the_checks_pick() {
    use crate::values::Map;
    let values = [
        Value::Undef,
        Value::Integer(3),
        Value::Float(1.5),
        Value::Float(f64::NAN),
        Value::Boolean(false),
        Value::string("text"),
        Value::array(vec![Value::Integer(1)]),
        Value::hash(Map::new()),
        Value::typ(PType::string()),
        Value::Default,
        // (checked by type: `compare(1, $span)`)
        Value::Timespan(crate::time::Timespan { nanos: 1 }),
        // (decided by kind where a parameter is `Regexp`: `regsubst`'s pattern)
        Value::Regexp(Rc::new(crate::values::Regexp::new("a").unwrap())),
    ];
    let mut lists: Vec<Vec<Value>> = vec![vec![]];
    lists.extend(argument_lists(&values, 3));
    let mut session = crate::Session::new();
    let memoized = every_builtin_from_the_memo(&mut session.evaluator, &lists);
    assert!(memoized > 1000, "{memoized}");
    // Calls with a block: lambdas of each count of parameters, optional ones and a
    // captured rest among them; each call asked twice, the second time from the memo.
    let lambdas: Vec<Closure> = [
        (0, 0, false),
        (1, 0, false),
        (2, 0, false),
        (1, 1, false),
        (3, 0, false),
        (0, 0, true),
        (1, 0, true),
        (0, 2, false),
    ]
    .into_iter()
    .map(|(required, optional, rest)| lambda_of(required, optional, rest))
    .collect();
    let ev = &mut session.evaluator;
    let mut memoized = 0;
    for b in crate::functions::all() {
        ev.current_builtin = b.name;
        ev.current_signatures = b.signatures;
        for args in lists.iter().filter(|a| a.len() <= 2) {
            for c in &lambdas {
                let expected =
                    dispatch_with(b.name, b.signatures, args, Some(c)).map_err(|e| e.message);
                for _ in 0..2 {
                    assert_eq!(
                        dispatch(ev, args, Some(c)).map_err(|e| e.message),
                        expected,
                        "{} {args:?} {:?}",
                        b.name,
                        lambda_range(c)
                    );
                }
                if let Some(kinds) = memo::Kinds::with_block(args, lambda_range(c)) {
                    memoized +=
                        usize::from(ev.dispatch_memo.get(b.signatures, kinds, args).is_some());
                }
            }
        }
    }
    assert!(memoized > 1000, "{memoized}");
}

/// `dispatch` answers from its memo what the checks answer for calls whose pick a check by
/// type of a short string decided (kept with the strings' texts): every built-in, lists of
/// one to three arguments of strings (short, empty, of two bytes, too long to be kept) and
/// two other kinds, each following lists of the same kinds with other texts; and
/// `regsubst`'s flags, the case this is for (`'G'` kept, then `'X'` refused, `''` and
/// `'GI'`, each after the others).
#[test]
fn dispatch_from_the_memo_tells_short_strings_apart() {
    let values = [
        Value::string("G"),
        Value::string(""),
        Value::string("N"),
        Value::string("GI"),
        Value::string("é"),
        Value::string("x"),
        Value::string("abcdefgh"),
        Value::Integer(1),
        Value::Undef,
    ];
    let lists = argument_lists(&values, 3);
    let mut session = crate::Session::new();
    let ev = &mut session.evaluator;
    every_builtin_from_the_memo(ev, &lists);
    let mut texts_kept = 0;
    let regsubst = crate::functions::all()
        .iter()
        .find(|b| b.name == "regsubst")
        .expect("regsubst");
    ev.current_builtin = regsubst.name;
    ev.current_signatures = regsubst.signatures;
    let s = Value::string;
    let regexp = Value::Regexp(Rc::new(crate::values::Regexp::new("a").unwrap()));
    for flags in [
        "G", "X", "G", "", "GI", "X", "E", "GGGGGGG", "GGGGGGGG", "G",
    ] {
        for pattern in [s("a"), regexp.clone()] {
            let args = [s("abc"), pattern, s("b"), s(flags)];
            let expected = dispatch_with(regsubst.name, regsubst.signatures, &args, None)
                .map_err(|e| e.message);
            for _ in 0..2 {
                assert_eq!(
                    dispatch(ev, &args, None).map_err(|e| e.message),
                    expected,
                    "{args:?}"
                );
            }
            let kinds = memo::Kinds::of(&args).unwrap();
            texts_kept += usize::from(
                ev.dispatch_memo
                    .get(regsubst.signatures, kinds, &args)
                    .is_some(),
            );
        }
    }
    // (kept: with the pattern a string 'G' thrice, '', 'GI', 'E' and 'GGGGGGG'; with the
    // regexp 'G' thrice and '' (its signature's flags are `Pattern[/^G?$/]`: the others
    // fail); 'X' fails with either; 'GGGGGGGG' does not fit in the key)
    assert_eq!(texts_kept, 11);
}

/// A built-in's signatures parsed on one thread are made again from their sendable form on
/// the others, equal to a parse (patterns, enums, optional and repeated parameters, blocks);
/// one whose types have no sendable form is parsed by each.
#[test]
fn signatures_are_parsed_once_per_process() {
    static DECL: [&str; 3] = [
        "Optional[Pattern[/^[GEIM]*$/]] $flags?, Enum['N', 'E'] $encoding?",
        "Variant[String[1], Array[String[1], 1]] $names, Hash[String, Any] *$rest, Callable[1, 2] &$block?",
        "!Optional[Integer[0, 9]] $a, Array[Float] +$x",
    ];
    static UNSENDABLE: [&str; 1] = ["Callable[1, 1] $f, Timestamp $t"];
    let parsed = |decl: &'static [&'static str]| {
        std::thread::spawn(move || format!("{:?}", parse_all("f", decl).unwrap()))
            .join()
            .unwrap()
    };
    let direct: Vec<Signature> = DECL.iter().map(|d| sig(d)).collect();
    let first = parsed(&DECL);
    assert_eq!(first, format!("{:?}", Rc::<[Signature]>::from(direct)));
    let kept = |decl: &'static [&'static str]| {
        kept_signatures()
            .as_ref()
            .and_then(|m| m.get(&(decl.as_ptr() as usize, decl.len())).cloned())
    };
    assert!(kept(&DECL).is_some_and(|k| k.is_some()));
    assert_eq!(parsed(&DECL), first);
    assert_eq!(parsed(&UNSENDABLE), parsed(&UNSENDABLE));
    assert!(kept(&UNSENDABLE).is_some_and(|k| k.is_none()));
}

/// A lambda of `required` parameters, then `optional` ones, then a captured rest.
fn lambda_of(required: usize, optional: usize, rest: bool) -> Closure {
    use crate::syntax::ast::{Expr, ExprKind, Param, Span};
    let param = |i: usize, default: bool, captures_rest: bool| Param {
        name: Rc::from(format!("p{i}")),
        type_expr: None,
        captures_rest,
        default: default.then(|| Expr::new(ExprKind::Undef, Span::default())),
        span: Span::default(),
    };
    let mut params: Vec<Param> = (0..required).map(|i| param(i, false, false)).collect();
    params.extend((0..optional).map(|i| param(required + i, true, false)));
    if rest {
        params.push(param(required + optional, false, true));
    }
    Closure::bodiless(params, None)
}

/// Every built-in asked each argument list twice, the second time from the memo where it
/// keeps the answer: both answers are what the signatures' checks answer. The number of
/// lists the memo kept.
fn every_builtin_from_the_memo(ev: &mut crate::eval::Evaluator, lists: &[Vec<Value>]) -> usize {
    let mut memoized = 0;
    for b in crate::functions::all() {
        ev.current_builtin = b.name;
        ev.current_signatures = b.signatures;
        for args in lists {
            let expected = dispatch_with(b.name, b.signatures, args, None).map_err(|e| e.message);
            for _ in 0..2 {
                assert_eq!(
                    dispatch(ev, args, None).map_err(|e| e.message),
                    expected,
                    "{} {args:?}",
                    b.name
                );
            }
            if let Some(kinds) = memo::Kinds::of(args) {
                memoized += usize::from(ev.dispatch_memo.get(b.signatures, kinds, args).is_some());
            }
        }
    }
    memoized
}

/// Every list of 1 to `max` arguments drawn from `values` (with repeats), in order.
fn argument_lists(values: &[Value], max: usize) -> Vec<Vec<Value>> {
    let mut lists = Vec::new();
    for n in 1..=max {
        let mut index = vec![0; n];
        loop {
            lists.push(index.iter().map(|&i| values[i].clone()).collect());
            let Some(p) = (0..n).rev().find(|&p| index[p] + 1 < values.len()) else {
                break;
            };
            index[p] += 1;
            index[p + 1..].iter_mut().for_each(|i| *i = 0);
        }
    }
    lists
}
