//! Strings made straight into the shared form string values hold (`Rc<str>`): one
//! allocation of the exact size, where building a `String` first and copying it into an
//! `Rc<str>` cost two allocations and two copies (a module function's `s.upcase + '!'`
//! made four for its two strings).

use std::mem::MaybeUninit;
use std::rc::Rc;

/// An `Rc<str>` of `len` bytes that `fill` writes, all of them, as whole `str`s or ASCII
/// bytes (see the two callers: the only ways the bytes are made).
fn build(len: usize, fill: impl FnOnce(&mut [MaybeUninit<u8>]) -> usize) -> Rc<str> {
    let mut bytes = Rc::<[u8]>::new_uninit_slice(len);
    let out = Rc::get_mut(&mut bytes).expect("a new Rc is held once");
    let written = fill(out);
    assert_eq!(written, len, "every byte of the string is written");
    // SAFETY: all `len` bytes were written (checked just above).
    let bytes = unsafe { bytes.assume_init() };
    // SAFETY: the bytes are valid UTF-8 (whole `str`s one after the other, or a `str`
    // whose ASCII letters changed case: bytes past ASCII are left as they were);
    // `Rc<[u8]>` and `Rc<str>` have the same layout and allocation (the standard library
    // makes its `Rc<str>` from a `&str` the same way).
    unsafe { Rc::from_raw(Rc::into_raw(bytes) as *const str) }
}

/// The pieces one after the other.
pub fn concat(pieces: &[&str]) -> Rc<str> {
    build(concat_len(pieces), |out| write_concat(pieces, out))
}

/// The length of the pieces one after the other.
#[inline]
pub fn concat_len(pieces: &[&str]) -> usize {
    pieces.iter().fold(0usize, |n, p| n.saturating_add(p.len()))
}

/// Writes the pieces one after the other at the start of `out` ([`concat_len`] bytes at
/// least), and says how many bytes it wrote (whole `str`s: UTF-8). Also used by the Ruby
/// subset's own shared string.
#[inline]
pub fn write_concat(pieces: &[&str], out: &mut [MaybeUninit<u8>]) -> usize {
    let mut at = 0;
    for p in pieces {
        out[at..at + p.len()].write_copy_of_slice(p.as_bytes());
        at += p.len();
    }
    at
}

/// The parts one after the other with `sep` between each two, `len` bytes in all (the
/// parts' lengths and the separators').
pub fn joined<'a>(parts: impl Iterator<Item = &'a str>, sep: &str, len: usize) -> Rc<str> {
    build(len, |out| {
        let mut at = 0;
        for (i, p) in parts.enumerate() {
            if i > 0 {
                out[at..at + sep.len()].write_copy_of_slice(sep.as_bytes());
                at += sep.len();
            }
            out[at..at + p.len()].write_copy_of_slice(p.as_bytes());
            at += p.len();
        }
        at
    })
}

/// `s` with its ASCII letters upper-cased (`upper`) or lower-cased; other characters are
/// left as they are.
pub fn ascii_case(s: &str, upper: bool) -> Rc<str> {
    build(s.len(), |out| write_ascii_case(s, upper, out))
}

/// Writes `s` with its ASCII letters upper-cased (`upper`) or lower-cased at the start of
/// `out` (`s.len()` bytes at least), and says how many bytes it wrote (bytes past ASCII
/// as they were: UTF-8).
#[inline]
pub fn write_ascii_case(s: &str, upper: bool, out: &mut [MaybeUninit<u8>]) -> usize {
    for (d, b) in out.iter_mut().zip(s.bytes()) {
        d.write(if upper {
            b.to_ascii_uppercase()
        } else {
            b.to_ascii_lowercase()
        });
    }
    s.len()
}

/// A part of the string `whole` (a slice of it) as a string: `whole` itself, shared, when
/// the part is all of it (strings are values in the subset: nothing can change either).
pub fn part_of(whole: &Rc<str>, part: &str) -> Rc<str> {
    if part.len() == whole.len() {
        whole.clone()
    } else {
        Rc::from(part)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_made_in_place() {
        assert_eq!(&*concat(&["hello ", "wörld", "", "!"]), "hello wörld!");
        assert_eq!(&*concat(&[]), "");
        assert_eq!(&*ascii_case("Grüße, x1!", true), "GRüßE, X1!");
        assert_eq!(&*ascii_case("ÀB-c", false), "Àb-c");
        assert_eq!(&*joined(["a", "", "bé"].into_iter(), ", ", 8), "a, , bé");
        assert_eq!(&*joined(["a", "b"].into_iter(), "", 2), "ab");
        assert_eq!(&*joined(std::iter::empty(), "-", 0), "");
        let whole: Rc<str> = Rc::from("  ab ");
        assert!(Rc::ptr_eq(&part_of(&whole, &whole[..]), &whole));
        assert_eq!(&*part_of(&whole, whole.trim()), "ab");
    }
}
