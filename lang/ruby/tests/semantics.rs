//! A few hundred expressions of the Ruby subset (`semantics/cases.txt`), each evaluated as
//! `(EXPR).inspect` and compared with what the reference's Ruby gives for it
//! (`semantics/expected.jsonl`, written by `semantics/regen.rb` with the Ruby puppet-agent
//! runs templates with). Exceptions compare as `Class: message`, syntax errors by class.
//!
//! `semantics/known_differences.txt` lists the expressions that still differ (each with
//! why); the test fails on any other difference, and on a listed one that now agrees (so
//! that the list only shrinks).

use prepl_ruby::token::{Tok, Token};
use prepl_ruby::{Host, HostError, Interp, RValue, RubyError};
use std::collections::BTreeSet;

struct NoHost;

impl Host for NoHost {
    fn variable(&mut self, _name: &str) -> Option<RValue> {
        None
    }
    fn has_variable(&mut self, _name: &str, _with_value: bool) -> bool {
        false
    }
    fn call_function(&mut self, name: &str, _args: Vec<RValue>) -> Result<RValue, HostError> {
        Err(HostError::Raise(format!("Unknown function: '{name}'")))
    }
    fn has_function(&mut self, _name: &str) -> Result<bool, String> {
        Ok(false)
    }
}

fn token(tok: Tok, at: usize) -> Token {
    Token {
        tok,
        at,
        end: at,
        spaced: true,
    }
}

/// What prepl-ruby gives for `(src).inspect`, in the form of expected.jsonl's answers.
fn evaluate(src: &str) -> String {
    let code = format!("({src}\n).inspect");
    let mut toks = vec![token(Tok::OutStart, 0)];
    let parsed = prepl_ruby::lexer::lex(&code, 0, &mut toks).and_then(|()| {
        toks.push(token(Tok::OutEnd, code.len()));
        prepl_ruby::parser::parse(toks)
    });
    let body = match parsed {
        Ok(body) => body,
        Err(e) => return answer_of_error(e),
    };
    let mut host = NoHost;
    let mut it = Interp::new(&mut host);
    match it.run(&body) {
        Ok(()) => it.take_output(),
        Err(e) => answer_of_error(e),
    }
}

fn answer_of_error(e: RubyError) -> String {
    match e {
        RubyError::Syntax { .. } => "SyntaxError".into(),
        RubyError::Raised { message, class, .. } => format!("{class}: {message}"),
        RubyError::Unsupported { what, .. } => format!("unsupported: {what}"),
        RubyError::Interrupted { .. } => "interrupted".into(),
    }
}

#[test]
fn expressions_evaluate_as_the_references_ruby_evaluates_them() {
    all_cases_agree();
}

/// The same with every method and block body compiled at its first run (`eval::compiled`;
/// by default a body is compiled at its second, and most cases call a method once).
#[test]
fn expressions_evaluate_so_with_bodies_compiled_at_once() {
    prepl_ruby::eval::compile_bodies_at(1);
    all_cases_agree();
}

fn all_cases_agree() {
    let expected = include_str!("semantics/expected.jsonl");
    let known: BTreeSet<&str> = include_str!("semantics/known_differences.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let mut differ = Vec::new();
    let mut fixed = Vec::new();
    let mut cases = 0;
    for line in expected.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let src = case["src"].as_str().unwrap();
        let want = case["ruby"].as_str().unwrap();
        cases += 1;
        // (A panic is a difference too, and must not hide the others.)
        let got =
            std::panic::catch_unwind(|| evaluate(src)).unwrap_or_else(|_| "panicked".to_string());
        match (got == want, known.contains(src)) {
            (false, false) => differ.push(format!("{src}\n    ruby:  {want}\n    prepl: {got}")),
            (true, true) => fixed.push(src.to_string()),
            _ => {}
        }
    }
    assert!(cases > 500, "only {cases} cases");
    assert!(
        differ.is_empty() && fixed.is_empty(),
        "{} of {cases} expressions differ from Ruby's answers:\n{}\n\nlisted in \
         known_differences.txt but agreeing now (remove them):\n{}",
        differ.len(),
        differ.join("\n"),
        fixed.join("\n"),
    );
}
