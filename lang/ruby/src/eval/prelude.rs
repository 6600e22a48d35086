//! Core classes written in the subset itself (`src/prelude/*.rb`): defined at the top of an
//! interpreter the first time its code names one (`Set`, or `to_set`), as if the code had
//! `require`d Ruby's own file.

use super::{Flow, Interp, R};
use crate::ast::Node;
use crate::error::RubyError;
use std::rc::Rc;

/// Ruby's `Set` (set.rb): a class over a hash's keys.
const SET: &str = include_str!("../prelude/set.rb");

/// Puppet's iterator of `Iterable.asserted_iterable`.
const ITERATOR: &str = include_str!("../prelude/iterator.rb");

/// A prelude file's source and its statements.
type Parsed = (&'static str, Rc<[Node]>);

thread_local! {
    /// Each prelude file's statements, parsed once a thread.
    static PARSED: std::cell::RefCell<Vec<Parsed>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The source of the prelude class `name`, if there is one.
fn source_of(name: &str) -> Option<&'static str> {
    match name {
        "Set" => Some(SET),
        "PuppetIterator" => Some(ITERATOR),
        _ => None,
    }
}

fn parsed(src: &'static str) -> Result<Rc<[Node]>, RubyError> {
    if let Some(body) = PARSED.with(|p| {
        p.borrow()
            .iter()
            .find(|(s, _)| std::ptr::eq(*s, src))
            .map(|(_, b)| b.clone())
    }) {
        return Ok(body);
    }
    let mut toks = Vec::new();
    crate::lexer::lex(src, 0, &mut toks)?;
    let body: Rc<[Node]> = Rc::from(crate::parser::parse(toks)?);
    PARSED.with(|p| p.borrow_mut().push((src, body.clone())));
    Ok(body)
}

impl Interp<'_> {
    /// The prelude class `name` (`None`: no such class), defined at the top first if the
    /// code has not named it yet.
    pub(crate) fn prelude_constant(&mut self, name: &str) -> Option<R> {
        let name = name.strip_prefix("::").unwrap_or(name);
        let src = source_of(name)?;
        if let Some(v) = self.st.top_constants.get(name) {
            return Some(Ok(v.clone()));
        }
        let defined = match parsed(src) {
            Ok(body) => self.run_at_top(&body),
            Err(e) => Err(Flow::from(e)),
        };
        Some(defined.map(|()| self.st.top_constants.get(name).cloned().unwrap_or_default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prelude_file_parses() {
        assert_eq!(source_of("Set"), Some(SET));
        assert!(!parsed(SET).expect("the prelude parses").is_empty());
        assert_eq!(source_of("PuppetIterator"), Some(ITERATOR));
        assert!(!parsed(ITERATOR).expect("the prelude parses").is_empty());
    }
}
