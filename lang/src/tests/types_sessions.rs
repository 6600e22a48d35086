//! Tests of the type system that run whole programs through a session (the type layer
//! itself, `prepl-core`, has no evaluator): the single-bound reading, explanations of
//! recursive aliases, Struct checks, type references in aliases.

mod create {
    use crate::Session;
    use crate::SingleBound;

    fn show(s: &mut Session, src: &str) -> String {
        crate::format::to_programmatic(&s.eval(src).unwrap())
    }

    #[test]
    fn single_bound_reading_is_per_session() {
        let mut spec = Session::new();
        spec.set_single_bound(SingleBound::Exact);
        let mut reference = Session::new();
        assert_eq!(
            reference.single_bound(),
            SingleBound::AtLeast,
            "the default"
        );
        assert_eq!(show(&mut spec, "Integer[1]"), "Integer[1, 1]");
        assert_eq!(show(&mut reference, "Integer[1]"), "Integer[1]");
        assert_eq!(
            show(&mut spec, "[5 =~ Integer[1], Float[1.5]]"),
            "[false, Float[1.5, 1.5]]"
        );
        assert_eq!(
            show(&mut reference, "[5 =~ Integer[1], Float[1.5]]"),
            "[true, Float[1.5]]"
        );
        // a type alias keeps the reading it was made with
        show(&mut reference, "type AtLeastTwo = Integer[2]");
        reference.set_single_bound(SingleBound::Exact);
        assert_eq!(
            show(&mut reference, "[3 =~ AtLeastTwo, 3 =~ Integer[2]]"),
            "[true, false]"
        );
    }

    /// Each source, what the reference's reading prints for it (the oracle's answers, but
    /// for the Timespan range of one value, which the reference prints as the open range
    /// `Timespan['0-00:00:02.0']`) and what the spec's reading prints.
    const PRINTED: &[(&str, &str, &str)] = &[
        ("Integer[5]", "Integer[5]", "Integer[5, 5]"),
        ("Integer[5, 5]", "Integer[5, 5]", "Integer[5, 5]"),
        ("Integer[5, default]", "Integer[5]", "Integer[5, default]"),
        (
            "Integer[default, 5]",
            "Integer[default, 5]",
            "Integer[default, 5]",
        ),
        ("Integer[default]", "Integer", "Integer"),
        ("Integer[default, default]", "Integer", "Integer"),
        ("Integer[0]", "Integer[0]", "Integer[0, 0]"),
        ("Integer[-5]", "Integer[-5]", "Integer[-5, -5]"),
        ("Integer[0, default]", "Integer[0]", "Integer[0, default]"),
        ("Float[1.5]", "Float[1.5]", "Float[1.5, 1.5]"),
        ("Float[1.5, 1.5]", "Float[1.5, 1.5]", "Float[1.5, 1.5]"),
        ("Float[1.5, default]", "Float[1.5]", "Float[1.5, default]"),
        (
            "Float[default, 1.5]",
            "Float[default, 1.5]",
            "Float[default, 1.5]",
        ),
        ("Float[0]", "Float[0.0]", "Float[0.0, 0.0]"),
        ("Float[-1]", "Float[-1.0]", "Float[-1.0, -1.0]"),
        ("Float[default]", "Float", "Float"),
        (
            "Timespan[2]",
            "Timespan['0-00:00:02.0']",
            "Timespan['0-00:00:02.0', '0-00:00:02.0']",
        ),
        (
            "Timespan[2, default]",
            "Timespan['0-00:00:02.0']",
            "Timespan['0-00:00:02.0', default]",
        ),
        (
            "Timespan[2, 2]",
            "Timespan['0-00:00:02.0', '0-00:00:02.0']",
            "Timespan['0-00:00:02.0', '0-00:00:02.0']",
        ),
        (
            "Timespan[default, 2]",
            "Timespan[default, '0-00:00:02.0']",
            "Timespan[default, '0-00:00:02.0']",
        ),
        (
            "Timespan[2, 3]",
            "Timespan['0-00:00:02.0', '0-00:00:03.0']",
            "Timespan['0-00:00:02.0', '0-00:00:03.0']",
        ),
        ("Timespan[default]", "Timespan", "Timespan"),
        (
            "Timestamp['2020-01-01']",
            "Timestamp['2020-01-01T00:00:00.000000000 UTC']",
            "Timestamp['2020-01-01T00:00:00.000000000 UTC', '2020-01-01T00:00:00.000000000 UTC']",
        ),
        (
            "Timestamp['2020-01-01', default]",
            "Timestamp['2020-01-01T00:00:00.000000000 UTC']",
            "Timestamp['2020-01-01T00:00:00.000000000 UTC', default]",
        ),
        (
            "Timestamp[default, '2020-01-01']",
            "Timestamp[default, '2020-01-01T00:00:00.000000000 UTC']",
            "Timestamp[default, '2020-01-01T00:00:00.000000000 UTC']",
        ),
        // Sizes are minimums in both readings.
        ("String[5]", "String[5]", "String[5]"),
        ("String[5, 5]", "String[5, 5]", "String[5, 5]"),
        ("String[5, default]", "String[5]", "String[5]"),
        ("String[default, 5]", "String[0, 5]", "String[0, 5]"),
        (
            "Array[Integer, 2]",
            "Array[Integer, 2]",
            "Array[Integer, 2]",
        ),
        (
            "Array[Integer, 2, 2]",
            "Array[Integer, 2, 2]",
            "Array[Integer, 2, 2]",
        ),
        (
            "Array[Integer, default, 2]",
            "Array[Integer, 0, 2]",
            "Array[Integer, 0, 2]",
        ),
        (
            "Hash[String, Integer, 2]",
            "Hash[String, Integer, 2]",
            "Hash[String, Integer, 2]",
        ),
        (
            "Hash[String, Integer, 2, default]",
            "Hash[String, Integer, 2]",
            "Hash[String, Integer, 2]",
        ),
        ("Collection[2]", "Collection[2]", "Collection[2]"),
        ("Collection[2, 2]", "Collection[2, 2]", "Collection[2, 2]"),
        (
            "Tuple[Integer, 2]",
            "Tuple[Integer, 2]",
            "Tuple[Integer, 2]",
        ),
        (
            "Tuple[Integer, 2, default]",
            "Tuple[Integer, 2]",
            "Tuple[Integer, 2]",
        ),
        // Inside other types.
        (
            "Optional[Integer[1]]",
            "Optional[Integer[1]]",
            "Optional[Integer[1, 1]]",
        ),
        (
            "Optional[Integer[1, default]]",
            "Optional[Integer[1]]",
            "Optional[Integer[1, default]]",
        ),
        (
            "Variant[Integer[1], Float[2]]",
            "Variant[Integer[1], Float[2.0]]",
            "Variant[Integer[1, 1], Float[2.0, 2.0]]",
        ),
        (
            "Struct[{a => Integer[1, default]}]",
            "Struct[{'a' => Integer[1]}]",
            "Struct[{'a' => Integer[1, default]}]",
        ),
        (
            "Array[Integer[0], 1]",
            "Array[Integer[0], 1]",
            "Array[Integer[0, 0], 1]",
        ),
    ];

    #[test]
    fn types_print_as_they_read_back() {
        for (reading, column) in [(SingleBound::AtLeast, 1), (SingleBound::Exact, 2)] {
            let mut s = Session::new();
            s.set_single_bound(reading);
            for row in PRINTED {
                let (src, want) = (row.0, [row.0, row.1, row.2][column]);
                let printed = show(&mut s, src);
                assert_eq!(printed, want, "{src} ({reading:?})");
                // The text reads back as the same type, which prints the same.
                assert_eq!(show(&mut s, &printed), printed, "{printed} ({reading:?})");
                assert_eq!(
                    show(&mut s, &format!("{src} == {printed}")),
                    "true",
                    "{src} == {printed} ({reading:?})"
                );
            }
        }
    }

    #[test]
    fn the_default_reading_is_the_references() {
        // The oracle's answers.
        let mut s = Session::new();
        let cases = [
            ("[Integer[5, 5] == Integer[5], Integer[5] == Integer[5, default]]", "[false, true]"),
            ("[6 =~ Integer[5], 4 =~ Integer[5], 1.7 =~ Float[1.5]]", "[true, false, true]"),
            ("[Timespan(3) =~ Timespan[2], Timespan(3) =~ Timespan[2, 2]]", "[true, false]"),
            ("[Timespan[2] == Timespan[2, default], Timespan[2, 2] == Timespan[2]]", "[true, false]"),
            ("Timestamp('2021-01-01') =~ Timestamp['2020-01-01']", "true"),
            ("[Integer[1] =~ Type[Integer[1, 1]], Integer[1, 1] =~ Type[Integer[1]]]", "[false, true]"),
            ("['abcdef' =~ String[5], [1, 2, 3] =~ Array[Integer, 2], [1, 2, 3] =~ Tuple[Integer, 2]]", "[true, true, true]"),
            ("[String(Integer[5, 5]), String(Integer[5, default]), \"${Integer[5]}\"]", "['Integer[5, 5]', 'Integer[5]', 'Integer[5]']"),
            ("function f(Integer[0] $n) { $n * 2 } f(21)", "42"),
        ];
        for (src, want) in cases {
            assert_eq!(show(&mut s, src), want, "{src}");
        }
    }
}

mod explain_assignable {
    use crate::Session;

    #[test]
    fn recursive_aliases_are_explained_once_per_path() {
        let mut s = Session::new();
        s.eval("type A = Variant[Integer, Array[A]] type B = Variant[String, Array[B]]")
            .unwrap();
        let e = s.why("A <= B").unwrap();
        assert!(!e.holds);
        let text = e.text();
        assert!(text.contains("(as above)"), "{text}");
        assert!(e.lines().len() < 40, "{text}");
        let e = s.why("Array[Array[A]] == Array[Array[B]]").unwrap();
        assert!(e.lines().len() < 60, "{}", e.text());
    }
}

mod instance {
    /// Struct checks of small hashes (keys compared in turn) and of larger ones (looked
    /// up), with the reference's answers (`puppet-oracle`).
    #[test]
    fn struct_members_are_found_in_any_order() {
        crate::test_support::check(&[
            ("{'b' => 1, 'a' => 'x'} =~ Struct[{a => String, b => Integer}]", Ok("true")),
            ("{'a' => 'x', 'b' => 1} =~ Struct[{a => String, b => Integer}]", Ok("true")),
            ("{'a' => 'x', 'b' => 1, 'c' => 2} =~ Struct[{a => String, b => Integer}]", Ok("false")),
            ("{'a' => 'x'} =~ Struct[{a => String, Optional[b] => Integer}]", Ok("true")),
            ("{'a' => 'x', 'b' => 'y'} =~ Struct[{a => String, Optional[b] => Integer}]", Ok("false")),
            ("{'b' => 1} =~ Struct[{a => String, b => Integer}]", Ok("false")),
            ("{1 => 'x', 'a' => 'x'} =~ Struct[{a => String}]", Ok("false")),
            ("{'A' => 'x'} =~ Struct[{a => String}]", Ok("false")),
            ("{'c' => 1, 'b' => 1, 'a' => 'x'} =~ Struct[{a => String, b => Integer, c => Integer}]", Ok("true")),
            ("{'a' => 1, 'b' => 2, 'c' => 3, 'd' => 4, 'e' => 5, 'f' => 6, 'g' => 7, 'h' => 8, 'i' => 9} =~ Struct[{i => Integer, a => Integer, b => Integer, c => Integer, d => Integer, e => Integer, f => Integer, g => Integer, h => Integer}]", Ok("true")),
            ("{'a' => 1, 'b' => 2, 'c' => 3, 'd' => 4, 'e' => 5, 'f' => 6, 'g' => 7, 'h' => 8, 'i' => 9} =~ Struct[{i => Integer, a => Integer, b => Integer, c => Integer, d => Integer, e => Integer, f => Integer, g => Integer, Optional[j] => Integer}]", Ok("false")),
            ("{'a' => 1, 'b' => 2, 'c' => 3, 'd' => 4, 'e' => 5, 'f' => 6, 'g' => 7, 'h' => 'x'} =~ Struct[{h => Integer, a => Integer, b => Integer, c => Integer, d => Integer, e => Integer, f => Integer, g => Integer}]", Ok("false")),
            ("{'a' => undef} =~ Struct[{a => Optional[String]}]", Ok("true")),
            ("{} =~ Struct[{Optional[a] => String}]", Ok("true")),
        ]);
    }
}

mod references {
    fn eval(s: &mut crate::Session, src: &str) -> String {
        match s.eval(src) {
            Ok(v) => crate::format::to_programmatic(&v),
            Err(e) => format!("error: {}", e.message),
        }
    }

    /// The reference's answers (puppet-oracle) for unknown names in type aliases.
    #[test]
    fn unknown_names_in_aliases_are_lazy_references() {
        let mut s = crate::Session::new();
        assert_eq!(
            eval(&mut s, "type A = Array[Foo] A"),
            "A = Array[TypeReference['Foo']]"
        );
        assert_eq!(eval(&mut s, "[1] =~ A"), "false");
        assert_eq!(eval(&mut s, "[A < Any, Integer < A]"), "[true, false]");
        assert_eq!(
            eval(&mut s, "type V = Variant[Integer, Foo] [1 =~ V, 'x' =~ V]"),
            "[true, false]"
        );
        assert_eq!(
            eval(&mut s, "type Q = Foo::Bar Q"),
            "Q = TypeReference['Foo::Bar']"
        );
        assert_eq!(
            eval(&mut s, "type E = Foo E[1]"),
            "error: Operator '[]' is not applicable to an E = TypeReference['Foo']-Type."
        );
        // Outside an alias, an unknown name is still an error.
        assert_eq!(
            eval(&mut s, "Array[Nope]"),
            "error: Resource type not found: Nope"
        );
        // Defined in a later input, the name resolves.
        assert_eq!(eval(&mut s, "type Foo = Integer [1] =~ A"), "true");
        assert_eq!(eval(&mut s, "A"), "A = Array[Foo = Integer]");
    }
}
