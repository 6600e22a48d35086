use super::*;

fn toks(src: &str) -> Vec<Tok> {
    tokenize(src).unwrap().into_iter().map(|t| t.tok).collect()
}

fn err(src: &str) -> (ErrorKind, String) {
    let e = tokenize(src).unwrap_err();
    (e.kind, e.message)
}

#[test]
fn brackets_depend_on_whitespace() {
    assert_eq!(toks("$a[1]")[1], Tok::Punct(Punct::LBrack));
    assert_eq!(toks("$a [1]")[1], Tok::Punct(Punct::ListStart));
    assert_eq!(toks("[1]")[0], Tok::Punct(Punct::ListStart));
    assert_eq!(toks("foo (1)")[1], Tok::Punct(Punct::LParen));
    assert_eq!(toks("foo\n  (1)")[1], Tok::Punct(Punct::WsLParen));
    assert_eq!(toks("$x ? {")[2], Tok::Punct(Punct::SelBrace));
}

#[test]
fn regex_or_division() {
    assert_eq!(toks("/a\\/b/")[0], Tok::Regex(Rc::from("a/b")));
    assert_eq!(toks("4 / 2 / 1")[1], Tok::Punct(Punct::Div));
    assert_eq!(toks("$x =~ /a/")[2], Tok::Regex(Rc::from("a")));
}

#[test]
fn numbers_and_errors() {
    assert_eq!(
        toks("0xFF 0777 10 1e10 2.5e-1")[..5],
        [
            Tok::Integer(255),
            Tok::Integer(511),
            Tok::Integer(10),
            Tok::Float(1e10),
            Tok::Float(0.25)
        ]
    );
    assert_eq!(err("09").1, "Not a valid octal number 09");
    assert_eq!(err("0x").1, "Not a valid hex number 0x");
    assert_eq!(err("0x1G").1, "Not a valid hex number 0x1G");
    assert_eq!(err("1_000").1, "Illegal number '1_000'");
    assert_eq!(err("1a").1, "Illegal number '1a'");
    assert_eq!(err("08.5").1, "Not a valid octal number 08.5");
    // zero raised to a power is no number to the reference, nor is a float out of range
    for zero in ["0.0e3", "0.00E-1", "1e400"] {
        assert_eq!(
            err(zero).1,
            format!("Internal Error, NUMBER token does not contain a valid number, {zero}")
        );
    }
    assert_eq!(toks("0.0 0.5e1")[..2], [Tok::Float(0.0), Tok::Float(5.0)]);
}

/// Found by the differential area `differential` (corpus `differential-140`): an integer
/// too big for a literal, alone in an interpolation, names a match variable (undef), as in
/// the reference; in an expression it is still refused.
#[test]
fn a_big_number_alone_in_an_interpolation_is_a_match_variable() {
    let name = |src: &str| {
        toks(src).into_iter().find_map(|t| match t {
            Tok::Variable(n) => Some(n.to_string()),
            _ => None,
        })
    };
    assert_eq!(
        name("\"${9223372036854775808}\"").as_deref(),
        Some("9223372036854775808")
    );
    assert_eq!(
        name("\"${99999999999999999999999}\"").as_deref(),
        Some("99999999999999999999999")
    );
    assert!(err("\"${9223372036854775808 + 1}\"")
        .1
        .starts_with("A Literal Integer resulted in a value outside"));
}

#[test]
fn strings() {
    assert_eq!(toks(r"'a\'b\\c\d'")[0], Tok::Str(r"a'b\c\d".into()));
    assert_eq!(
        toks(r#""\n\t\s\$\"\'\\\u{1F600}\u00e4\q""#)[0],
        Tok::Str("\n\t $\"'\\😀ä\\q".into())
    );
    assert_eq!(
        err("\"abc"),
        (
            ErrorKind::Incomplete,
            "Unclosed quote after '\"' followed by 'abc...'".into()
        )
    );
    assert_eq!(
        err("'abc"),
        (
            ErrorKind::Incomplete,
            "Unclosed quote after \"'\" followed by 'abc...'".into()
        )
    );
    assert_eq!(
        err("/* abc"),
        (ErrorKind::Incomplete, "Unclosed multiline comment".into())
    );
}

#[test]
fn interpolation_tokens() {
    assert_eq!(
        toks("\"a$x b\""),
        [
            Tok::DqPre("a".into()),
            Tok::Variable(Rc::from("x")),
            Tok::DqPost(" b".into()),
            Tok::Eof
        ]
    );
    assert_eq!(toks("\"${x}\"")[1], Tok::Variable(Rc::from("x")));
    assert_eq!(toks("\"${if}\"")[1], Tok::Variable(Rc::from("if")));
    assert_eq!(toks("\"${0}\"")[1], Tok::Variable(Rc::from("0")));
    assert_eq!(toks("\"${x[1]}\"")[1], Tok::Variable(Rc::from("x")));
    assert_eq!(toks("\"${x + 1}\"")[1], Tok::Name(Rc::from("x")));
}

#[test]
fn heredocs() {
    let t = toks("@(END)\n  abc\n  END\n");
    assert_eq!(t[..2], [Tok::Heredoc(None), Tok::Str("  abc\n".into())]);
    let t = toks("@(END:json)\n  abc\n  |- END\n");
    assert_eq!(
        t[..2],
        [Tok::Heredoc(Some(Rc::from("json"))), Tok::Str("abc".into())]
    );
    let t = toks("[@(A), @(B)]\na\n-A\nb\n-B\n");
    assert_eq!(t[2], Tok::Str("a".into()));
    assert_eq!(t[5], Tok::Str("b".into()));
    let t = toks("@(\"X\"/t)\n\\t$y\\n\n|X\n");
    assert_eq!(
        t[1..4],
        [
            Tok::DqPre("\t".into()),
            Tok::Variable(Rc::from("y")),
            Tok::DqPost("\\n\n".into())
        ]
    );
    assert_eq!(err("@(END)\nabc").1, "Heredoc without end-tagged line");
}

/// The general reading of a number at the start of `src`: `scan::number` and its checks.
fn general_number(src: &str) -> Result<(Tok, usize), (ErrorKind, String)> {
    let mut lexer = Lexer::new(src, 0, 0);
    let mut rest = src;
    let text = scan::number(&mut rest).map_err(|_| (ErrorKind::Syntax, "no number".into()))?;
    lexer
        .assert_numeric(text, 0)
        .and_then(|()| lexer.number_value(text, 0))
        .map(|tok| (tok, text.len()))
        .map_err(|e| (e.kind, e.message))
        .and_then(|tok| match lexer.literal_errors.is_empty() {
            true => Ok(tok),
            false => Err((ErrorKind::Validation, "out of range".into())),
        })
}

#[test]
fn plain_numbers_read_as_the_general_scan_reads_them() {
    let numbers = [
        "0",
        "7",
        "10",
        "8080",
        "00",
        "0123",
        "019",
        "0x1F",
        "0X1f",
        "1e3",
        "1E3",
        "1e-3",
        "1.5",
        "0.5",
        "00.5",
        "97.5",
        "1.5e3",
        "1.5e",
        "1.",
        "1.x",
        "1.5.3",
        "12345678901234567",
        "123456789012345678",
        "1234567890123456789",
        "9223372036854775807",
        "9223372036854775808",
        "99999999999999999999",
        "1a",
        "1_",
        "3.14159265358979323846",
        "1000000000000000000000000000000000000000.5",
    ];
    let after = [
        "", " ", ",", "]", ")", "\n", "..", ".each", "é", "x", "_", "}",
    ];
    let mut fast = 0;
    for n in numbers {
        for a in after {
            let src = format!("{n}{a}");
            let Some(plain) = Lexer::new(&src, 0, 0).plain_number(0) else {
                continue;
            };
            fast += 1;
            assert_eq!(Ok(plain), general_number(&src), "{src:?}");
        }
    }
    assert!(fast > 60, "{fast}");
    // What the general scan reads otherwise is left to it.
    for src in [
        "0x1F",
        "0123",
        "1e3",
        "1.5e3",
        "1a",
        "1.5.3",
        "99999999999999999999",
    ] {
        assert_eq!(Lexer::new(src, 0, 0).plain_number(0), None, "{src}");
    }
    assert_eq!(
        toks("[1, 2.5]")[1..4],
        [Tok::Integer(1), Tok::Punct(Punct::Comma), Tok::Float(2.5)]
    );
}
