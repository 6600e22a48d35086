//! Process-wide numbers for the texts of frozen trees, so that a thread thawing many files
//! makes each text once and finds it again by its number, not by its bytes.
//!
//! A module's files share most of their names (`ensure`, `present`, `$name`,
//! `apache::params`). Thawing looked each distinct text of a file up in the thread's table
//! of names (`lexer::intern`): a hash and a probe for every text, and for a text the thread
//! had not seen yet an insert too, 240 instructions a text in a fresh thread's
//! `include apache` (a quarter of thawing its manifests). Freezing now numbers each text
//! once for the process (under a lock, on the thread that freezes); a thawing thread keeps
//! the text it made for each number in a vector, so a text already made is an index and a
//! new one an allocation. Texts thawed this way are not put into the lexer's table: a name
//! the thread lexes later is made again (values compare texts by their bytes, never by
//! their addresses).

use crate::thread_cache::ThreadCache;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Mutex;

/// A text's number; [`NONE`] for a text frozen after the numbers ran out.
pub(super) type Number = u32;

pub(super) const NONE: Number = Number::MAX;

/// How many texts get numbers (far more than the distinct names and strings of all of
/// Debian's packaged modules, about 10,000): what a thread's vector of texts may grow to.
const LIMIT: usize = 1 << 18;

static NUMBERS: Mutex<Option<FxHashMap<Box<str>, Number>>> = Mutex::new(None);

/// The numbers of `texts`, the same number for the same text in every frozen tree of the
/// process.
pub(super) fn number<'a>(texts: impl Iterator<Item = &'a str>) -> Vec<Number> {
    // (a thread that panicked holding the lock left the map whole: each change is an insert)
    let mut guard = NUMBERS.lock().unwrap_or_else(|e| e.into_inner());
    let numbers = guard.get_or_insert_with(FxHashMap::default);
    texts
        .map(|t| match numbers.get(t) {
            Some(&n) => n,
            None if numbers.len() < LIMIT => {
                let n = numbers.len() as Number;
                numbers.insert(t.into(), n);
                n
            }
            None => NONE,
        })
        .collect()
}

thread_local! {
    /// The text this thread made for each number, once it made one.
    // SAFETY: a thread-local's value.
    static MADE: ThreadCache<RefCell<Vec<Option<Rc<str>>>>> =
        const { unsafe { ThreadCache::new(RefCell::new(Vec::new())) } };
}

/// The thread's texts for `texts` and their `numbers` (made by `make` for a text without a
/// number or not made before).
pub(super) fn thawed<'a>(
    texts: impl Iterator<Item = &'a str>,
    numbers: &[Number],
    make: impl Fn(&str) -> Rc<str>,
) -> Vec<Rc<str>> {
    MADE.with(|made| {
        let mut made = made.get().borrow_mut();
        // (room for every number of the tree at once, not one resize a new number)
        let top = numbers.iter().filter(|&&n| n != NONE).max();
        if let Some(&top) = top.filter(|&&n| n as usize >= made.len()) {
            made.resize(top as usize + 1, None);
        }
        texts
            .zip(numbers)
            .map(|(t, &n)| match made.get_mut(n as usize) {
                Some(slot) => slot.get_or_insert_with(|| Rc::from(t)).clone(),
                None => make(t),
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same text has the same number in every tree; a thread makes it once and gives
    /// it to every tree it thaws; another thread makes its own.
    #[test]
    fn a_text_is_made_once_per_thread() {
        let a = number(["ensure", "names test: apache::params"].into_iter());
        let b = number(["names test: apache::params", "present", "ensure"].into_iter());
        assert_eq!((a[0], a[1]), (b[2], b[0]));
        assert_ne!(b[1], b[0]);
        let make = |t: &str| Rc::from(t);
        let x = thawed(
            ["ensure", "names test: apache::params"].into_iter(),
            &a,
            make,
        );
        let y = thawed(
            ["names test: apache::params", "present", "ensure"].into_iter(),
            &b,
            make,
        );
        assert!(Rc::ptr_eq(&x[0], &y[2]) && Rc::ptr_eq(&x[1], &y[0]));
        assert_eq!((&*y[1], &*y[2]), ("present", "ensure"));
        let elsewhere = std::thread::spawn(move || {
            let z = thawed(["ensure"].into_iter(), &a[..1], |t| Rc::from(t));
            z[0].to_string()
        });
        assert_eq!(elsewhere.join().unwrap(), "ensure");
        // (a text without a number is made by `make`)
        let n = thawed(["x"].into_iter(), &[NONE], |_| Rc::from("made"));
        assert_eq!(&*n[0], "made");
    }
}
