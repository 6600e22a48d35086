use super::*;

/// The type of a text with no names but the built-in ones (`My::Alias` is the session's
/// alias `Integer[1]`), or its error message.
fn read(text: &str) -> String {
    let names = |name: &str| {
        Ok(match name {
            "My::Alias" => Some(PType::Integer(IntRange::new(1, i64::MAX))),
            "File" | "file" => Some(crate::types::names::resource_type("file")),
            _ => None,
        })
    };
    match parse_type_text(text, names) {
        Ok(t) => t.to_string(),
        Err(e) => e.message,
    }
}

fn invalid(text: &str) -> String {
    format!("The expression <{text}> is not a valid type specification.")
}

#[test]
fn names_and_parameters_read_as_types() {
    for (text, shown) in [
        ("Integer", "Integer"),
        ("INTEGER", "Integer"),
        ("::Integer", "Integer"),
        ("Integer[1, 2]", "Integer[1, 2]"),
        (" Integer[-5, - 1] ", "Integer[-5, -1]"),
        ("Integer[default]", "Integer"),
        ("Integer[0x10]", "Integer[16]"),
        ("Float[1, 2.5]", "Float[1.0, 2.5]"),
        ("String[Integer[1, 2]]", "String[1, 2]"),
        ("Array[1]", "Array[Any, 1]"),
        ("Array[String, 1, 2]", "Array[String, 1, 2]"),
        ("Array[1, 2]", "Array[Any, 1, 2]"),
        ("Hash[String, Integer, 1]", "Hash[String, Integer, 1]"),
        ("Collection[1, 2]", "Collection[1, 2]"),
        ("Enum[a, 'b', \"c\"]", "Enum['a', 'b', 'c']"),
        ("Enum[a, true]", "Enum['a', true]"),
        ("Enum[@(X)\n  a\n  |-X\n]", "Enum['a']"),
        ("Pattern[/a/, 'b', Regexp[/c/]]", "Pattern[/a/, /b/, /c/]"),
        ("Variant[String, Integer]", "Variant[String, Integer]"),
        (
            "Struct[{a => String, Optional[b] => Integer}]",
            "Struct[{'a' => String, Optional['b'] => Integer}]",
        ),
        (
            "Tuple[String, Integer, 1, 3]",
            "Tuple[String, Integer, 1, 3]",
        ),
        ("Callable[[String], Integer]", "Callable[[String], Integer]"),
        ("Optional['a']", "Optional['a']"),
        ("NotUndef[String]", "NotUndef[String]"),
        ("Boolean[false]", "Boolean[false]"),
        ("Resource[file, '/tmp']", "File['/tmp']"),
        ("File['/tmp']", "File['/tmp']"),
        ("Class[foo]", "Class[foo]"),
        ("Integer # a comment", "Integer"),
        // names of no type: references, never errors
        ("Foo", "TypeReference['Foo']"),
        ("::Foo", "TypeReference['::Foo']"),
        ("Foo::Bar[1, a]", "TypeReference['Foo::Bar[1, a]']"),
        ("Array[Foo]", "Array[TypeReference['Foo']]"),
        ("My::Alias", "Integer[1]"),
    ] {
        assert_eq!(read(text), shown, "{text}");
    }
}

#[test]
fn only_literals_are_read() {
    for (text, named) in [
        ("Integer[$n]", "$n"),
        ("Integer[1+1]", "1+1"),
        ("Integer[size(\"a\")]", "size(\"a\")"),
        ("Enum[\"${x}\"]", "\"${x}\""),
        ("Array[(Integer)]", "(Integer"),
        ("integer", "integer"),
        ("1", "1"),
        ("[Integer]", "[Integer]"),
        ("Integer String", "Integer String"),
        ("Integer; String", "Integer; String"),
        ("Integer[1].foo", "Integer[1].foo"),
        ("", ""),
        ("  # nothing", ""),
    ] {
        assert_eq!(read(text), invalid(named), "{text}");
    }
}

#[test]
fn each_type_checks_its_parameters() {
    let count = |t: &str, required: &str, given: usize| {
        format!("Invalid number of type parameters specified: {t} requires {required}, {given} provided")
    };
    for (text, message) in [
        // a parameter that makes no type: the type around it is named
        ("Integer[2.0]", invalid("Integer[2.0]")),
        ("Integer['a']", invalid("Integer['a']")),
        ("Array[Integer['a']]", invalid("Array[Integer['a']]")),
        (
            "Optional[Integer[true]]",
            invalid("Optional[Integer[true]]"),
        ),
        ("Hash[String, 1, 2]", invalid("Hash[String, 1, 2]")),
        ("Array[default]", invalid("Array[default]")),
        ("Variant[String, 1]", invalid("Variant[String, 1]")),
        ("Struct[a]", invalid("Struct[a]")),
        ("Type[1]", invalid("Type[1]")),
        ("Integer[1, 2, 3]", count("Integer", "1 or 2", 3)),
        ("Array[String, 1, 2, 3]", count("Array", "1 to 3", 4)),
        ("Hash[String]", count("Hash", "2 to 4", 1)),
        ("Optional[String, Integer]", count("Optional", "1", 2)),
        ("NotUndef[String, Integer]", count("NotUndef", "0 to 1", 2)),
        (
            "Sensitive[String, Integer]",
            count("Sensitive", "0 to 1", 2),
        ),
        ("Runtime[ruby]", count("Runtime", "2", 1)),
        ("Enum[true]", count("Enum", "1 or more", 0)),
        (
            "Callable[[String], 1, 2]",
            count("callable", "2 when first parameter is an array", 3),
        ),
        ("File[a, b]", count("File", "1", 2)),
        ("Resource[File, a, b]", count("Resource", "1 or 2", 3)),
        ("Numeric[1]", "Not a parameterized type <Numeric>".into()),
        ("Data[1]", "Not a parameterized type <Data>".into()),
        (
            "My::Alias[1]",
            "Not a parameterized type <My::Alias>".into(),
        ),
        (
            "Enum[a, 1]",
            "Enum parameters must be identifiers or strings".into(),
        ),
        (
            "Boolean['true']",
            "Boolean parameter must be true or false".into(),
        ),
        (
            "Pattern[1]",
            "Only String, Regexp, Pattern-Type, and Regexp-Type are allowed: got 'Integer".into(),
        ),
        ("Resource[1]", "The type name cannot be a Integer".into()),
        (
            "Integer[2, 1]",
            "'from' must be less or equal to 'to'. Got (2, 1".into(),
        ),
    ] {
        assert_eq!(read(text), message, "{text}");
    }
}

#[test]
fn syntax_errors_at_a_place_are_not_evaluation_errors() {
    let e = parse_type_text("Integer]", |_| Ok(None)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    let e = parse_type_text("Integer[", |_| Ok(None)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Evaluation);
    assert_eq!(e.message, "Syntax error at end of input");
}

#[test]
fn names_are_asked_of_the_caller_once_each() {
    let mut asked = Vec::new();
    let t = parse_type_text("Hash[Foo, Array[Integer]]", |n| {
        asked.push(n.to_string());
        Ok(None)
    })
    .unwrap();
    assert_eq!(asked, ["Foo"]);
    assert_eq!(t.to_string(), "Hash[TypeReference['Foo'], Array[Integer]]");
}

#[test]
fn deeply_nested_texts_are_read() {
    let depth = 10_000;
    let text = format!("{}Integer{}", "Array[".repeat(depth), "]".repeat(depth));
    let t = parse_type_text(&text, |_| Ok(None)).unwrap();
    assert!(t.to_string().starts_with("Array[Array["));
    // lists as deep (a Callable's parameters): an error, without overflow
    let text = format!(
        "Callable[{}Integer{}]",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    assert!(parse_type_text(&text, |_| Ok(None)).is_err());
    let text = format!("Optional[Foo{}]", "[Bar".repeat(depth) + &"]".repeat(depth));
    assert!(parse_type_text(&text, |_| Ok(None)).is_ok());
    // a type naming no type, found deep inside
    let text = format!("{}Foo{}", "Array[".repeat(depth), "]".repeat(depth));
    let t = parse_type_text(&text, |_| Ok(None)).unwrap();
    assert_eq!(
        crate::types::references::first_reference(&t).as_deref(),
        Some("Foo")
    );
}
