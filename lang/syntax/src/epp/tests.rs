use super::*;

fn texts(t: &str) -> Vec<String> {
    scan(t)
        .unwrap()
        .segments
        .iter()
        .map(|s| match s {
            Segment::Text { text, .. } => format!("T{text}"),
            Segment::Code { start, end } => format!("C{}", &t[*start..*end]),
            Segment::Render { start, end } => format!("R{}", &t[*start..*end]),
        })
        .collect()
}

#[test]
fn splits_text_code_and_render_tags() {
    assert_eq!(texts("a <%= $x %> b"), ["Ta ", "R $x ", "T b"]);
    assert_eq!(texts("<% $a = 1 %>x"), ["C $a = 1 ", "Tx"]);
    assert_eq!(texts("<%# comment %>x"), ["Tx"]);
}

#[test]
fn escapes_and_trimming() {
    assert_eq!(texts("a <%% b %%> c"), ["Ta <% b %> c"]);
    // `-%>` drops blanks and one line break; `<%-` drops the blanks before it.
    assert_eq!(texts("<%= 1 -%>  \n  x"), ["R 1 ", "T  x"]);
    assert_eq!(texts("a  \t<%- 1 %>"), ["Ta", "C 1 "]);
    assert_eq!(texts("a\n  <%#- c -%>\n b"), ["Ta\n b"]);
    assert_eq!(texts("a\n  <%# c -%>\n b"), ["Ta\n   b"]);
}

#[test]
fn close_tags_inside_strings_and_comments_do_not_count() {
    assert_eq!(texts("<%= \"%>\" %>"), ["R \"%>\" "]);
    assert_eq!(texts("<%= 'a' # c %>\n%>t"), ["R 'a' # c %>\n", "Tt"]);
}

#[test]
fn parameter_tag_only_first() {
    let t = " <%- | $n | -%>x";
    assert_eq!(scan(t).unwrap().params, Some((5, 11)));
    assert_eq!(scan("x <% |$n| %>").unwrap().params, None);
}

#[test]
fn unbalanced_tags_are_errors() {
    let e = scan("a <%= 1 ").unwrap_err();
    assert_eq!(
        e.message,
        "Unbalanced epp tag, reached <eof> without closing tag."
    );
    assert_eq!(e.at, Some(8));
    let e = scan("a <%# 1 ").unwrap_err();
    assert_eq!(
        e.message,
        "Reaching end after opening <%# without seeing %>"
    );
    assert_eq!(line_col("a <%# 1 ", e.at.unwrap()), (1, 5));
}

#[test]
fn translation_maps_back_to_the_template() {
    let t = "x<%= $a %>";
    let tpl = scan(t).unwrap();
    let g = translate(t, &tpl, &[], false);
    let at = g.source.find("$a").unwrap();
    assert_eq!(g.map.origin(at), Origin::Code(5));
    assert!(g.source.contains("prepl_epp::render('x')"));
}

#[test]
fn parameter_list_may_be_followed_by_code_and_preceded_by_comments() {
    let t = "<% |$n, $m = [1, '|'] | $x = 1 %>";
    let tpl = scan(t).unwrap();
    let (s, e) = tpl.params.unwrap();
    assert_eq!(&t[s..e], "|$n, $m = [1, '|'] |");
    assert_eq!(
        tpl.segments,
        [Segment::Code {
            start: e,
            end: t.len() - 2
        }]
    );
    assert!(scan("<%# c %><%- |$n| -%>").unwrap().params.is_some());
}

#[test]
fn strings_in_interpolations_do_not_end_the_string() {
    // (found by the differential area `grammar`, seed 12: a parameter's default)
    let t = "<%- |String $a = \"${case 1 { 1: { \"x\" } }}|\"| -%>b";
    let scanned = scan(t).unwrap();
    assert_eq!(scanned.params, Some((4, t.find("| -%>").unwrap() + 1)));
    assert_eq!(
        texts("<%= \"${'%>'}${\"}\"}\" %>x"),
        ["R \"${'%>'}${\"}\"}\" ", "Tx"]
    );
    assert_eq!(
        texts("<%= \"${ {a => 1}['a'] }\\\"\" %>"),
        ["R \"${ {a => 1}['a'] }\\\"\" "]
    );
    // (`$` without a brace, and `${` in single quotes, are text)
    assert_eq!(texts("<%= \"$x\" + '${' %>"), ["R \"$x\" + '${' "]);
    let e = scan("<%= \"${\"a}\" %>").unwrap_err();
    assert_eq!(
        e.message,
        "Unclosed quote after '\"' followed by '${\"a}...'"
    );
}

#[test]
fn unclosed_quotes_in_tags() {
    let e = scan("<%= \"unterminated %>").unwrap_err();
    assert_eq!(
        e.message,
        "Unclosed quote after '\"' followed by 'unter...'"
    );
    assert_eq!(e.at, Some(5));
    let e = scan("<%= 'ab").unwrap_err();
    assert_eq!(e.message, "Unclosed quote after \"'\" followed by 'ab...'");
}

#[test]
fn a_comment_ending_the_template_drops_the_text_since_the_last_tag() {
    // The reference's scanner returns nothing for the stretch a final comment ends.
    assert_eq!(scan("a <%# c %>").unwrap().segments, []);
    let tpl = scan("<%= 1 %>b<%# c %>x<%# d %>").unwrap();
    assert_eq!(tpl.segments, [Segment::Render { start: 3, end: 6 }]);
    // Text after the comment, even only a trimmed line break, keeps it.
    let tpl = scan("<%= 1 %> <%%").unwrap();
    assert_eq!(tpl.segments, [Segment::Render { start: 3, end: 6 }]);
    let tpl = scan("a <%# c -%>\n").unwrap();
    assert_eq!(
        tpl.segments,
        [Segment::Text {
            text: "a ".into(),
            at: 0
        }]
    );
}

#[test]
fn texts_and_values_between_code_tags_render_in_one_call_to_run() {
    let t = "a<%= $x # c\n%>b<%= $y -%>\n<% if $z { %>c<% } %>";
    let tpl = scan(t).unwrap();
    let run = translate(t, &tpl, &[], true);
    let body = &run.source[run.body_start..run.body_end];
    assert_eq!(
        body,
        "prepl_epp::render('a', ( $x # c\n\n), 'b', ( $y \n))\n if $z { \n\
         prepl_epp::render('c')\n } \n"
    );
    // Each piece still maps back to its place in the template.
    let y = t.find("$y").unwrap();
    assert_eq!(
        run.map.origin(run.source.find("$y").unwrap()),
        Origin::Code(y)
    );
    let b = t.find("%>b").unwrap() + 2;
    assert_eq!(
        run.map.origin(run.source.find("'b'").unwrap()),
        Origin::Other(b)
    );
    let close = run.source.find("$y").unwrap() + 4;
    assert_eq!(run.map.origin(close), Origin::Close(y + 3));
    // As the reference's validation sees it: one call per piece.
    let checked = translate(t, &tpl, &[], false);
    let body = &checked.source[checked.body_start..checked.body_end];
    assert_eq!(body.matches("prepl_epp::render(").count(), 6, "{body}");
}
