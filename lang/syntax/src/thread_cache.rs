//! Per-thread caches dropped at the thread's exit through one registration a thread.
//!
//! A `thread_local!` whose value needs dropping registers its destructor with the C library
//! at its first use on a thread (`__cxa_thread_atexit_impl`: an allocation and a search of
//! the loaded objects, ~400 instructions of cold code each), and every fresh session runs
//! on a thread of its own (`--repeat`, a kernel's evaluations): the dozen caches a session
//! first uses registered a dozen destructors inside its timed part. A [`ThreadCache`] has no
//! destructor of its own, so `thread_local!` registers none for it: its first use puts it
//! on the thread's exit list, one thread-local (one registration) that drops the caches on
//! it when the thread ends, the last listed first, as the C library would have.

use std::cell::{Cell, RefCell, UnsafeCell};
use std::mem::ManuallyDrop;

/// A thread-local cache's value, dropped at the thread's exit by the thread's exit list.
pub struct ThreadCache<T> {
    value: UnsafeCell<ManuallyDrop<T>>,
    state: Cell<State>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Not used yet on this thread.
    Unlisted,
    /// On the exit list (or left to the end of the thread when the list was gone).
    Listed,
    /// Dropped by the exit list.
    Dropped,
}

impl<T> ThreadCache<T> {
    /// # Safety
    /// Only as the value of a `thread_local!` static (`const { unsafe { ... } }`): the exit
    /// list keeps its address until the thread ends.
    pub const unsafe fn new(value: T) -> ThreadCache<T> {
        ThreadCache {
            value: UnsafeCell::new(ManuallyDrop::new(value)),
            state: Cell::new(State::Unlisted),
        }
    }

    /// The value; the first call on a thread puts the cache on the thread's exit list.
    #[inline]
    pub fn get(&self) -> &T {
        if self.state.get() != State::Listed {
            self.list();
        }
        // SAFETY: the value is dropped only by the exit list, after which `list` panics.
        unsafe { &*self.value.get() }
    }

    #[cold]
    #[inline(never)]
    fn list(&self) {
        assert!(
            self.state.get() != State::Dropped,
            "a thread cache was used after the thread's exit list dropped it"
        );
        let exit = Exit {
            cache: (self as *const ThreadCache<T>).cast(),
            drop: drop_cache::<T>,
        };
        // (first used while the thread ends, after its list was dropped: the value is left
        // undropped, as the thread is gone next)
        let _ = EXITS.try_with(|list| list.0.borrow_mut().push(exit));
        self.state.set(State::Listed);
    }
}

/// (as [`ThreadCache::get`]: a `thread_local!`'s `with` reads the cache as its value)
impl<T> std::ops::Deref for ThreadCache<T> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        self.get()
    }
}

/// Drops the value of the [`ThreadCache<T>`] at `cache`.
///
/// # Safety
/// `cache` is a listed `ThreadCache<T>` of this thread, not dropped before.
unsafe fn drop_cache<T>(cache: *const ()) {
    let cache = unsafe { &*cache.cast::<ThreadCache<T>>() };
    cache.state.set(State::Dropped);
    unsafe { ManuallyDrop::drop(&mut *cache.value.get()) };
}

/// A cache to drop when the thread ends.
struct Exit {
    cache: *const (),
    drop: unsafe fn(*const ()),
}

/// The thread's caches in the order they were first used.
struct ExitList(RefCell<Vec<Exit>>);

impl Drop for ExitList {
    fn drop(&mut self) {
        // (one at a time, the list not borrowed while a value drops)
        while let Some(exit) = self.0.borrow_mut().pop() {
            // SAFETY: listed once by `ThreadCache::list` of this thread's cache, which
            // lives until the thread ends.
            unsafe { (exit.drop)(exit.cache) };
        }
    }
}

thread_local! {
    static EXITS: ExitList = const { ExitList(RefCell::new(Vec::new())) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static DROPPED: AtomicUsize = AtomicUsize::new(0);

    struct Counted(Vec<u32>);

    impl Drop for Counted {
        fn drop(&mut self) {
            DROPPED.fetch_add(self.0.len(), Ordering::SeqCst);
        }
    }

    thread_local! {
        static A: ThreadCache<RefCell<Counted>> =
            const { unsafe { ThreadCache::new(RefCell::new(Counted(Vec::new()))) } };
        static B: ThreadCache<std::cell::OnceCell<Rc<str>>> =
            const { unsafe { ThreadCache::new(std::cell::OnceCell::new()) } };
    }

    /// Each thread has its own value, dropped when the thread ends; a thread that never
    /// used the cache drops nothing.
    #[test]
    fn values_are_per_thread_and_dropped_at_exit() {
        let before = DROPPED.load(Ordering::SeqCst);
        std::thread::spawn(|| {
            A.with(|a| a.get().borrow_mut().0.extend([1, 2, 3]));
            B.with(|b| b.get().get_or_init(|| "x".into()).clone());
            A.with(|a| assert_eq!(a.get().borrow().0.len(), 3));
        })
        .join()
        .unwrap();
        assert_eq!(DROPPED.load(Ordering::SeqCst) - before, 3);
        std::thread::spawn(|| {
            A.with(|a| assert!(a.get().borrow().0.is_empty()));
            A.with(|a| a.get().borrow_mut().0.push(7));
        })
        .join()
        .unwrap();
        assert_eq!(DROPPED.load(Ordering::SeqCst) - before, 4);
        std::thread::spawn(|| {}).join().unwrap();
        assert_eq!(DROPPED.load(Ordering::SeqCst) - before, 4);
    }
}
