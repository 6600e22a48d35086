//! Ruby values as Psych dumps them (`value.to_yaml(options)` in a template or a module's
//! Ruby): plain data to the YAML writer's tree, `erb::psych_emit`, Symbols
//! kept as Symbols (`:a: 1`). What Psych writes as a tagged Ruby object (a Sensitive, an
//! object of the code's own class, a binary string, a range) is beyond the subset.

use crate::erb::psych_emit::{dump, Node, Options};
use crate::erb::ruby::{RValue, YamlOptions};
use crate::erb::HostError;

/// How deep a value may nest before it is taken for one that contains itself (Psych writes
/// an alias, `*1`; the subset does not).
const MAX_DEPTH: usize = 1000;

/// `value.to_yaml(options)`: Psych's text, or the error Ruby would raise (a bad
/// `line_width`) or the construct beyond the subset.
pub fn to_yaml(value: &RValue, options: &YamlOptions) -> Result<String, HostError> {
    let o = Options::new(options.indentation, options.line_width).map_err(|message| {
        HostError::RaiseAs {
            class: "ArgumentError".into(),
            message,
        }
    })?;
    let node = node_of(value, 0).map_err(HostError::Unsupported)?;
    Ok(dump(&node, &o))
}

fn node_of(v: &RValue, depth: usize) -> Result<Node, String> {
    if depth > MAX_DEPTH {
        return Err(format!(
            "to_yaml of a Ruby {} that contains itself",
            v.class_name()
        ));
    }
    crate::limits::deep(|| {
        Ok(match v {
            RValue::Nil => Node::Null,
            RValue::Bool(b) => Node::Bool(b.get()),
            RValue::Int(i) => Node::Int(i.to_string()),
            RValue::Float(f) => Node::Float(f.get()),
            RValue::Str(s) => Node::Str(s.to_string()),
            RValue::Sym(s) => Node::Symbol(s.to_string()),
            RValue::Regexp(_) => Node::Tagged("!ruby/regexp", crate::erb::ruby::show::inspect(v)),
            RValue::Array(a) => Node::Seq(
                a.borrow()
                    .iter()
                    .map(|x| node_of(x, depth + 1))
                    .collect::<Result<_, _>>()?,
            ),
            RValue::Hash(h) => Node::Map(
                h.borrow()
                    .iter()
                    .map(|(k, x)| Ok((node_of(k, depth + 1)?, node_of(x, depth + 1)?)))
                    .collect::<Result<_, String>>()?,
            ),
            other => return Err(format!("to_yaml of a Ruby {}", other.class_name())),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::erb::ruby::{RHash, RStr};
    use std::cell::RefCell;
    use std::rc::Rc;

    fn hash(entries: Vec<(RValue, RValue)>) -> RValue {
        let mut h = RHash::default();
        for (k, v) in entries {
            h.insert(k, v);
        }
        RValue::Hash(Rc::new(RefCell::new(h)))
    }

    fn opts(indentation: Option<i64>, line_width: Option<i64>) -> YamlOptions {
        YamlOptions {
            indentation,
            line_width,
        }
    }

    // (Ruby 3.1's Psych 4.0.3: `{a: 1, "b" => ":x", c: :sym}.to_yaml`)
    #[test]
    fn symbols_keep_their_colon() {
        let v = hash(vec![
            (RValue::Sym(RStr::from("a")), RValue::Int(1)),
            (RValue::str(":x"), RValue::Sym(RStr::from("sym"))),
        ]);
        assert_eq!(
            to_yaml(&v, &YamlOptions::default()).unwrap(),
            "---\n:a: 1\n\":x\": :sym\n"
        );
    }

    // (`{"a"=>{"b"=>[1, {"c"=>"x"}]}}.to_yaml(indentation: 4)`; 1 and 10 are taken as 2)
    #[test]
    fn indentation() {
        let inner = hash(vec![(RValue::str("c"), RValue::str("x"))]);
        let list = RValue::Array(Rc::new(RefCell::new(
            vec![RValue::Int(1), inner].into_iter().collect(),
        )));
        let v = hash(vec![(
            RValue::str("a"),
            hash(vec![(RValue::str("b"), list)]),
        )]);
        assert_eq!(
            to_yaml(&v, &opts(Some(4), None)).unwrap(),
            "---\na:\n    b:\n    - 1\n    -   c: x\n"
        );
        assert_eq!(
            to_yaml(&v, &opts(Some(10), None)).unwrap(),
            "---\na:\n  b:\n  - 1\n  - c: x\n"
        );
    }

    // (`("word " * 8 + "end").to_yaml(line_width: 20)`: longer than the width, folded)
    #[test]
    fn line_width_folds() {
        let s = RValue::str(format!("{}end", "word ".repeat(8)));
        assert_eq!(
            to_yaml(&s, &opts(None, Some(20))).unwrap(),
            "--- >-\n  word word word word\n  word word word word\n  end\n"
        );
        assert_eq!(
            to_yaml(&s, &opts(None, Some(-1))).unwrap(),
            format!("--- {}end\n", "word ".repeat(8))
        );
        match to_yaml(&s, &opts(None, Some(-2))) {
            Err(HostError::RaiseAs { class, message }) => {
                assert_eq!(class, "ArgumentError");
                assert_eq!(
                    message,
                    "Invalid line_width -2, must be non-negative or -1 for unlimited."
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
