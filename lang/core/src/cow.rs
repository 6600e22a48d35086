//! [`CowRc`]: a value shared by reference count and copied on the first write, so that a
//! copy of a large structure (a session's state before an input, kept to restore it if the
//! input fails) costs a reference count, and a write after it copies only the parts written.

use std::ops::{Deref, DerefMut};
use std::rc::Rc;

/// A `T` behind a reference count: `clone` shares it, and writing through `DerefMut`
/// copies it first when it is shared (`Rc::make_mut`). It behaves as a `T` (a clone is an
/// independent value), only cheaper to copy when most copies are never written.
///
/// Read through `Deref`; a method that takes `&mut self` copies a shared value even when it
/// changes nothing, so code that only may write looks first.
#[derive(Default, PartialEq, Eq)]
pub struct CowRc<T>(Rc<T>);

impl<T> CowRc<T> {
    pub fn new(value: T) -> CowRc<T> {
        CowRc(Rc::new(value))
    }

    /// The value, copied when it is shared.
    pub fn into_inner(self) -> T
    where
        T: Clone,
    {
        Rc::try_unwrap(self.0).unwrap_or_else(|shared| (*shared).clone())
    }

    /// Whether both share one value (nothing was written to either since one was cloned
    /// from the other).
    pub fn ptr_eq(a: &CowRc<T>, b: &CowRc<T>) -> bool {
        Rc::ptr_eq(&a.0, &b.0)
    }
}

impl<T> Clone for CowRc<T> {
    fn clone(&self) -> Self {
        CowRc(self.0.clone())
    }
}

impl<T> Deref for CowRc<T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for CowRc<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        Rc::make_mut(&mut self.0)
    }
}

impl<T> From<T> for CowRc<T> {
    fn from(value: T) -> Self {
        CowRc::new(value)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for CowRc<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<'a, T> IntoIterator for &'a CowRc<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (**self).into_iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut CowRc<T>
where
    &'a mut T: IntoIterator,
{
    type Item = <&'a mut T as IntoIterator>::Item;
    type IntoIter = <&'a mut T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (**self).into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::CowRc;

    #[test]
    fn a_clone_is_shared_until_written() {
        let mut a = CowRc::new(vec![1, 2]);
        let b = a.clone();
        assert!(CowRc::ptr_eq(&a, &b));
        assert_eq!(a.len(), 2, "reading does not copy");
        assert!(CowRc::ptr_eq(&a, &b));
        a.push(3);
        assert!(!CowRc::ptr_eq(&a, &b));
        assert_eq!((&*a, &*b), (&vec![1, 2, 3], &vec![1, 2]));
        // Unshared, a write does not copy.
        let before = &*a as *const Vec<i32>;
        a.push(4);
        assert_eq!(before, &*a as *const Vec<i32>);
        let sum: i32 = (&a).into_iter().sum();
        assert_eq!(sum, 10);
        for x in &mut a {
            *x += 1;
        }
        assert_eq!(*a, [2, 3, 4, 5]);
    }
}
