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
        let mut reference = Session::new();
        reference.set_single_bound(SingleBound::AtLeast);
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
