//! Compiled templates by text, once per process: `template()` files and `inline_template`
//! texts are compiled the first time any thread renders them.
//!
//! A compiled template's tree holds `Rc`s, so each thread has its own (`LOCAL`, the same
//! `Rc` for the same text); the process keeps each text's tree frozen (`SHARED`, see
//! `prepl_ruby::frozen`), from which another thread (`--repeat`'s fresh sessions,
//! `prepl diff`'s workers) makes its tree without lexing and parsing the text again.
//! A text is frozen the second time the process compiles it (the first only notes it): a
//! process that renders on one thread pays nothing for the freezing.
//! Kept by text, the whole text compared: a template file edited on disk gives a new text,
//! compiled anew. A text that does not compile is not kept (its error is reported each
//! time). Both caches are bounded (they start again empty when full).

use super::{RubyError, Template};
use prepl_ruby::frozen::Frozen;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

/// How many templates a thread keeps.
const LOCAL_LIMIT: usize = 512;
/// How many templates, and how many bytes of their texts, the process keeps (a frozen tree
/// of code is several times the size of its text; 8 MiB of texts is far more than the
/// templates of a control repository).
const SHARED_LIMIT: usize = 1024;
const SHARED_BYTES: usize = 8 << 20;

thread_local! {
    static LOCAL: RefCell<HashMap<Rc<str>, Rc<Template>>> = RefCell::new(HashMap::default());
}

#[derive(Default)]
struct Shared {
    /// Each text compiled, with its frozen tree once a second thread compiled it.
    trees: HashMap<Box<str>, Option<Arc<Frozen>>>,
    bytes: usize,
}

static SHARED: Mutex<Option<Shared>> = Mutex::new(None);

/// The shared trees (a thread that panicked holding the lock left them whole: each change
/// is one insert or clear).
fn shared() -> std::sync::MutexGuard<'static, Option<Shared>> {
    SHARED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The compiled form of the template `text`: this thread's, else made from the process's
/// frozen tree, else compiled now (kept by the thread; frozen for the process when the
/// process compiled the text before).
pub fn compiled(text: &str) -> Result<Rc<Template>, RubyError> {
    if let Some(t) = LOCAL.with(|c| c.borrow().get(text).cloned()) {
        return Ok(t);
    }
    let known = shared().as_ref().and_then(|s| s.trees.get(text).cloned());
    let t = match known {
        Some(Some(frozen)) => Rc::new(Template {
            body: frozen.thaw(),
        }),
        seen => {
            let t = Rc::new(super::compile(text)?);
            let frozen = seen.map(|_| Arc::new(Frozen::freeze(&t.body)));
            let mut guard = shared();
            let s = guard.get_or_insert_with(Shared::default);
            if s.trees.len() >= SHARED_LIMIT || s.bytes + text.len() > SHARED_BYTES {
                *s = Shared::default();
            }
            if text.len() <= SHARED_BYTES && s.trees.insert(text.into(), frozen).is_none() {
                s.bytes += text.len();
            }
            t
        }
    };
    LOCAL.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= LOCAL_LIMIT {
            c.clear();
        }
        c.insert(Rc::from(text), t.clone());
    });
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::compiled;
    use std::rc::Rc;

    fn render(t: &super::Template) -> String {
        struct NoHost;
        impl prepl_ruby::Host for NoHost {
            fn variable(&mut self, _: &str) -> Option<prepl_ruby::RValue> {
                None
            }
            fn has_variable(&mut self, _: &str, _: bool) -> bool {
                false
            }
            fn call_function(
                &mut self,
                name: &str,
                _: Vec<prepl_ruby::RValue>,
            ) -> Result<prepl_ruby::RValue, prepl_ruby::HostError> {
                Err(prepl_ruby::HostError::Raise(format!("no function {name}")))
            }
            fn has_function(&mut self, _: &str) -> Result<bool, String> {
                Ok(false)
            }
        }
        super::super::render(t, &mut NoHost).unwrap()
    }

    /// A text is compiled once per thread (the same tree), frozen when a second thread
    /// compiles it, and thawed for a third (which renders the same); a changed text is
    /// compiled anew.
    #[test]
    fn compiled_once_per_process_by_text() {
        let text = "<% x = [1, 2].map { |v| v * 3 } -%>a<%= x.join(',') %>b (cache test 1)";
        let a = compiled(text).unwrap();
        assert!(Rc::ptr_eq(&a, &compiled(text).unwrap()));
        let here = render(&a);
        assert_eq!(here, "a3,6b (cache test 1)");
        let elsewhere = || {
            std::thread::spawn(move || {
                let t = compiled(text).unwrap();
                (render(&t), format!("{:?}", t.body))
            })
            .join()
            .unwrap()
        };
        let frozen = |text: &str| {
            super::shared()
                .as_ref()
                .and_then(|s| s.trees.get(text).cloned())
        };
        assert!(frozen(text).is_some_and(|f| f.is_none()));
        assert_eq!(elsewhere(), (here.clone(), format!("{:?}", a.body)));
        assert!(frozen(text).is_some_and(|f| f.is_some()));
        assert_eq!(elsewhere(), (here, format!("{:?}", a.body)));
        let changed = compiled(&text.replace('3', "4")).unwrap();
        assert!(!Rc::ptr_eq(&a, &changed));
        assert_eq!(render(&changed), "a4,8b (cache test 1)");
        // (a text that does not compile gives its error each time)
        assert!(compiled("<%= x. %> (cache test 1)").is_err());
        assert!(compiled("<%= x. %> (cache test 1)").is_err());
    }
}
