//! Module files parsed once per thread: the sessions of a thread (`prepl diff` compiles
//! each node in a session of its own, `--repeat` runs each evaluation in a fresh one) share
//! the syntax tree of a text parsed before.
//!
//! Trees are kept by the file's path and used again only for the same text, whatever the
//! modification time says: the autoloader reads the file anyway, and comparing the text is
//! a small fraction of parsing it (a single evaluation pays nothing but one path's hash:
//! hashing every text to find it among all those parsed cost 1.5% of `include apache`).
//!
//! Sharing a tree is safe because what evaluation keeps in its nodes does not depend on
//! the session: variable slots, frame sizes and frame layouts are a function of the tree
//! alone (resolved once, when parsed; each evaluator that loads the tree takes its
//! layouts), call sites carry the generation of the function table they were
//! found in (process-wide numbers, so one evaluator never takes another's index), and the
//! values of constant literals are the same in every session. Per-evaluator caches keyed by
//! node addresses stay valid: a session keeps the trees it loaded, so an address is not
//! reused while it can still hold it. Nothing crosses threads: trees hold `Rc`s and
//! `Cell`s, so each thread parses for itself.

use crate::error::{Error, Source};
use crate::eval::resolve::Layouts;
use crate::syntax::ast::Program;
use crate::syntax::Warning;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// A module file, parsed and validated.
pub(crate) struct Parsed {
    /// Its text, named by its path (definitions keep it).
    pub source: Rc<Source>,
    pub program: Rc<Program>,
    /// The frame layouts of its lambdas and functions: the tree is resolved once, when
    /// parsed (its variables' slots written), and each evaluator that loads it takes these.
    pub layouts: Layouts,
    /// What parsing it warned about (logged by each session that loads it).
    pub warnings: Vec<Warning>,
}

thread_local! {
    static PARSED: RefCell<rustc_hash::FxHashMap<PathBuf, Rc<Parsed>>> =
        RefCell::new(Default::default());
}

/// How many files [`PARSED`] keeps (it starts again empty when full): more than the
/// modules of a large control repository have manifests.
const LIMIT: usize = 8192;

/// The parsed form of the file at `path` whose text is `text`: the tree parsed before when
/// this thread parsed the same text at that path, else parsed now (and kept). Errors are
/// located in the file; a text that fails to parse is not kept.
pub(crate) fn parse(path: &Path, text: String) -> Result<Rc<Parsed>, Error> {
    let known = PARSED.with(|c| {
        c.borrow()
            .get(path)
            .filter(|p| p.source.text == text)
            .cloned()
    });
    if let Some(parsed) = known {
        return Ok(parsed);
    }
    // (the text moves into the source, not copied)
    let source = Source::new(path.display().to_string(), text);
    let (program, warnings) = crate::syntax::parse_with_warnings(&source.text).map_err(|e| {
        // The reference names the file where it has no line to give.
        let e = match e.message == "Syntax error at end of input" {
            true => Error {
                message: format!("{} (file: {})", e.message, source.name),
                ..e
            },
            false => e,
        };
        e.in_source(&source)
    })?;
    let mut layouts = Layouts::default();
    crate::eval::resolve::resolve_program(&program, &mut layouts);
    let parsed = Rc::new(Parsed {
        source,
        layouts,
        program: Rc::new(program),
        warnings,
    });
    PARSED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= LIMIT {
            c.clear();
        }
        c.insert(path.to_path_buf(), parsed.clone());
    });
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::parse;
    use std::path::Path;
    use std::rc::Rc;

    /// The same text at the same path gives the same tree; another text (the file
    /// changed, even to the same length) a new one; a text that fails is not kept.
    #[test]
    fn a_file_is_parsed_once_per_text() {
        let at = |path: &str, text: &str| parse(Path::new(path), text.into());
        let a = at("/m/manifests/init.pp", "class m { $x = 1 }").unwrap();
        let again = at("/m/manifests/init.pp", "class m { $x = 1 }").unwrap();
        assert!(Rc::ptr_eq(&a, &again));
        let elsewhere = at("/old/m/manifests/init.pp", "class m { $x = 1 }").unwrap();
        assert!(!Rc::ptr_eq(&a, &elsewhere));
        assert_eq!(elsewhere.source.name, "/old/m/manifests/init.pp");
        let changed = at("/m/manifests/init.pp", "class m { $x = 2 }").unwrap();
        assert!(!Rc::ptr_eq(&a, &changed));
        assert_eq!(changed.source.text, "class m { $x = 2 }");
        let e = at("/m/manifests/init.pp", "class m {").err().unwrap();
        assert_eq!(
            e.source.map(|s| s.name.clone()).as_deref(),
            Some("/m/manifests/init.pp")
        );
        let back = at("/m/manifests/init.pp", "class m { $x = 2 }").unwrap();
        assert!(Rc::ptr_eq(&changed, &back));
    }
}
