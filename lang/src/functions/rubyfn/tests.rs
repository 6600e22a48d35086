//! Unit tests of the analysis of function files.

use super::analysis::analyse;
use super::signatures::implicit_signature;
use super::*;

fn analysed(src: &str) -> Parsed {
    let mut toks = Vec::new();
    ruby::lexer::lex(src, 0, &mut toks).unwrap();
    analyse(ruby::parser::parse(toks).unwrap(), "f", 0).unwrap()
}

#[test]
fn dispatches_become_signatures() {
    let p = analysed(
        "Puppet::Functions.create_function(:'m::f') do\n  dispatch :a do\n    param 'String[1]', :x\n    optional_param 'Integer', :y\n    repeated_param 'Any', :rest\n    optional_block_param 'Callable[1,1]', :blk\n    return_type 'String'\n  end\n  dispatch :b do\n    required_repeated_param 'Integer', :n\n    block_param\n  end\n  def a(x, y = 1, *rest)\n    x\n  end\nend\n",
    );
    let Api::V4 { dispatches, .. } = &p.api else {
        panic!("not 4.x")
    };
    assert_eq!(
        dispatches[0].decl(),
        "String[1] $x, Integer $y?, Any *$rest, Callable[1,1] &$blk?"
    );
    assert_eq!(dispatches[0].return_type.as_deref(), Some("String"));
    assert_eq!(dispatches[1].decl(), "Integer +$n, Callable &$block");
    assert_eq!(p.body.len(), 1);
}

#[test]
fn newfunction_with_a_heredoc_doc() {
    let p = analysed(
        "module Puppet::Parser::Functions\n  newfunction(:f, type: :rvalue, arity: -2, doc: <<-DOC\n    Docs with #{interpolation}.\n  DOC\n  ) do |args|\n    args.size\n  end\nend\n",
    );
    assert!(matches!(
        p.api,
        Api::V3 {
            arity: Some(-2),
            rvalue: true
        }
    ));
    let p = analysed(
        "Puppet::Parser::Functions.newfunction(:f, :arity => 1, :doc => 'x') do |a|\nend\n",
    );
    assert!(matches!(
        p.api,
        Api::V3 {
            arity: Some(1),
            rvalue: false
        }
    ));
}

#[test]
fn implicit_signatures_take_any() {
    let p = analysed(
        "Puppet::Functions.create_function(:f) do\n  def f(a, b = 2, *c, &d)\n  end\nend\n",
    );
    let Kind::Def(d) = &p.body[0].kind else {
        panic!()
    };
    let shown: Vec<String> = implicit_signature(&d.params)
        .into_iter()
        .map(|(t, n, m)| format!("{t}{m}${n}"))
        .collect();
    assert_eq!(shown, ["Any$a", "Any?$b", "Any*$c", "Callable&?$d"]);
}
