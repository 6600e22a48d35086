//! Tokenizer and highlighting tests.

use super::*;

fn kinds(src: &str) -> Vec<(&str, Kind)> {
    tokenize(src)
        .into_iter()
        .map(|t| (&src[t.start..t.end], t.kind))
        .collect()
}

#[test]
fn words_numbers_and_variables() {
    use Kind::*;
    assert_eq!(
        kinds("if $x > 0x1F { notice(Integer[1]) } # done"),
        vec![
            ("if", Keyword),
            ("$x", Variable),
            (">", Operator),
            ("0x1F", Number),
            ("{", Bracket),
            ("notice", Function),
            ("(", Bracket),
            ("Integer", TypeName),
            ("[", Bracket),
            ("1", Number),
            ("]", Bracket),
            (")", Bracket),
            ("}", Bracket),
            ("# done", Comment),
        ]
    );
    assert_eq!(
        kinds("$::a::b 1.5e-3"),
        vec![("$::a::b", Variable), ("1.5e-3", Number)]
    );
}

#[test]
fn strings_with_interpolation() {
    use Kind::*;
    assert_eq!(
        kinds(r#""a $b ${c + "d"} \n""#),
        vec![
            ("\"a ", String),
            ("$b", Variable),
            (" ", String),
            ("${", Interpolation),
            ("c", Name),
            ("+", Operator),
            ("\"d\"", String),
            ("}", Interpolation),
            (" ", String),
            ("\\n", Interpolation),
            ("\"", String),
        ]
    );
    assert_eq!(kinds("'it\\'s'"), vec![("'it\\'s'", String)]);
}

#[test]
fn bare_words_that_interpolate_as_variables() {
    let first_kind = |src: &str| tokenize(src)[2].kind;
    assert_eq!(first_kind("\"${x}\""), Kind::Variable);
    assert_eq!(first_kind("\"${node}\""), Kind::Variable);
    assert_eq!(first_kind("\"${0}\""), Kind::Variable);
    assert_eq!(first_kind("\"${x[1]}\""), Kind::Variable);
    assert_eq!(first_kind("\"${x.map |$v| { $v }}\""), Kind::Variable);
    assert_eq!(first_kind("\"${x + 3}\""), Kind::Name);
    assert_eq!(first_kind("\"${2 + 2}\""), Kind::Number);
    assert_eq!(first_kind("\"${if[2]}\""), Kind::Keyword);
}

#[test]
fn regex_or_division() {
    use Kind::*;
    assert_eq!(
        kinds("$a =~ /x\\/y/"),
        vec![("$a", Variable), ("=~", Operator), ("/x\\/y/", Regex)]
            .into_iter()
            .flat_map(|(s, k)| if s == "=~" {
                vec![("=", Operator), ("~", Operator)]
            } else {
                vec![(s, k)]
            })
            .collect::<Vec<_>>()
    );
    assert_eq!(
        kinds("4 / 2 / 1"),
        vec![
            ("4", Number),
            ("/", Operator),
            ("2", Number),
            ("/", Operator),
            ("1", Number)
        ]
    );
}

#[test]
fn heredoc_bodies_are_strings() {
    let src = "$x = @(END)\n  text $y\n  | END\n$z";
    let k = kinds(src);
    assert_eq!(k[2], ("@(END)", Kind::String));
    assert_eq!(k[3], ("  text $y\n  | END\n", Kind::String));
    assert_eq!(k[4], ("$z", Kind::Variable));
}

#[test]
fn never_fails_on_odd_input() {
    for src in [
        "\"${",
        "\"${ \"${ '",
        "'",
        "/*",
        "@(",
        "@(\"x\")\n",
        "$",
        "::",
        "é$é\"é${é",
        "\\",
        "1e+",
        "}}}",
    ] {
        let tokens = tokenize(src);
        for t in tokens {
            assert!(
                src.is_char_boundary(t.start) && src.is_char_boundary(t.end) && t.start < t.end,
                "{src:?}"
            );
        }
        let _ = highlight("", src, src.len(), true);
    }
    let deep = "\"${".repeat(10_000);
    let _ = tokenize(&deep);
}

#[test]
fn brackets_match_across_nesting() {
    let src = "[1, (2), {a => [3]}]";
    let tokens = tokenize(src);
    assert_eq!(
        bracket_pair(src, &tokens, 0),
        Some((0, Some(src.len() - 1)))
    );
    assert_eq!(
        bracket_pair(src, &tokens, src.len()),
        Some((src.len() - 1, Some(0)))
    );
    assert_eq!(bracket_pair(src, &tokens, 2), None);
    let open = "(1, [2]";
    assert_eq!(bracket_pair(open, &tokenize(open), 0), Some((0, None)));
}

#[test]
fn highlighting_keeps_the_text() {
    let strip = |s: &str| {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    };
    let line = "notice(\"${1 + $x}\") # hi";
    assert_eq!(strip(&highlight("", line, 6, true)), line);
    assert_eq!(
        strip(&highlight("$a = \"x\n", "y\" + 1", 0, false)),
        "y\" + 1"
    );
    assert!(highlight("$a = \"x\n", "y\"", 0, false).starts_with(GREEN));
}
