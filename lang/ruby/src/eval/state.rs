//! The interpreter's state apart from its host (frames, locals, definitions, output),
//! kept per thread and reused: an interpreter takes one of the thread's spare states and
//! gives it back emptied when it ends, so that a module function's call or a template's
//! render makes and drops no stacks, maps or frames of its own (nested interpreters, a
//! render inside a function inside a render, each take their own).

use super::{Ctx, Interp, SharedVars, ToHashEntries};
use crate::ast::Node;
use crate::methods;
use crate::value::{Captures, Method, RValue, UserClass};
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;

thread_local! {
    /// The methods and constants of a new interpreter's top: none, shared (copied when the
    /// code defines one; a module function's interpreter installs its file's instead).
    static NO_METHODS: Rc<HashMap<String, Method>> = Rc::default();
    static NO_CONSTANTS: Rc<HashMap<String, RValue>> = Rc::default();
    /// The states of ended interpreters, emptied, for the next ones (boxed: an
    /// interpreter holds its state by pointer, handed over without a copy).
    #[allow(clippy::vec_box)]
    static SPARE: RefCell<Vec<Box<State>>> = const { RefCell::new(Vec::new()) };
}

/// How many spare states a thread keeps (as many as interpreters nest in a usual call
/// chain), and the most room a kept output or map may have (a big render's is freed).
const SPARES_KEPT: usize = 8;
const ROOM_KEPT: usize = 1 << 16;

/// Everything of an interpreter but its host.
pub struct State {
    pub out: String,
    /// The running frame: the template's body, a method's, a class body's.
    pub(crate) ctx: Ctx,
    /// The frames the running one was called from, innermost last.
    pub(crate) frames: Vec<Ctx>,
    /// The last frame id given out.
    pub(crate) frame_ids: u64,
    /// How many methods are running (bounded: `stack level too deep`).
    pub(crate) call_depth: usize,
    /// The methods the template defines at its top (`def` outside a class); shared with
    /// the `Loaded` it started from until it defines one of its own.
    pub(crate) top_methods: Rc<HashMap<String, Method>>,
    /// Constants of the top (`X = 1`, top-level classes and modules), shared as the methods.
    pub(crate) top_constants: Rc<HashMap<String, RValue>>,
    /// Every class the template defined, by full name (for exception classes).
    pub(crate) classes: Vec<Rc<UserClass>>,
    /// The classes an earlier interpreter defined (`install`): found as `classes` are, and
    /// not cleared when this one ends.
    pub(crate) installed_classes: Option<Rc<[Rc<UserClass>]>>,
    /// Instance variables read so far (and assigned ones).
    pub(crate) ivars: HashMap<String, RValue>,
    /// `$~`: the last successful match.
    pub last_match: Option<Rc<Captures>>,
    /// The variables `scope.setvar` set, as the Ruby values given (`scope['x']` answers
    /// the same object; `@x` does not see them, as in the reference).
    pub scope_vars: HashMap<String, RValue>,
    /// The host variables read so far, as Ruby values shared with nested renders (made
    /// when the first is read: a module function's call often reads none).
    pub(crate) shared: Option<SharedVars>,
    /// The entries of the last `scope.to_hash`, with the names the host gave for them: the
    /// same names (the host gives the same list while the scope gains no variable) are
    /// the same entries, copied into the new hash (some thirty calls a render in
    /// logrotate's rule.erb, ~300 variables each).
    pub(crate) to_hash: Option<ToHashEntries>,
    /// The tags of the `catch` blocks running.
    pub catching: Vec<RValue>,
    pub(crate) steps: usize,
    /// The code of the files `require` loaded (their methods point into it).
    pub(crate) loaded: Vec<Rc<Vec<Node>>>,
    /// Custom facts: the facts `Facter.add` defined and their resolutions.
    pub(crate) facter: methods::facter::Registry,
    /// The frames of files that have been loaded, kept for the blocks made in them (a
    /// custom fact's `setcode` block runs in its file's frame, after the file was loaded).
    pub(crate) parked: Vec<Ctx>,
}

impl State {
    fn new() -> State {
        State {
            out: String::new(),
            ctx: Ctx::top(),
            frames: Vec::new(),
            frame_ids: 1,
            call_depth: 0,
            top_methods: NO_METHODS.with(Rc::clone),
            top_constants: NO_CONSTANTS.with(Rc::clone),
            classes: Vec::new(),
            installed_classes: None,
            ivars: HashMap::default(),
            last_match: None,
            scope_vars: HashMap::default(),
            shared: None,
            to_hash: None,
            catching: Vec::new(),
            steps: 0,
            loaded: Vec::new(),
            facter: methods::facter::Registry::default(),
            parked: Vec::new(),
        }
    }

    /// A state for a new interpreter: a spare of the thread's, else a new one.
    pub(crate) fn take() -> Box<State> {
        SPARE
            .try_with(|s| s.try_borrow_mut().ok()?.pop())
            .ok()
            .flatten()
            .unwrap_or_else(|| Box::new(State::new()))
    }

    /// Empties an ended interpreter's state and keeps it for the next one (the thread
    /// keeps a few).
    pub(crate) fn give_back(mut st: Box<State>) {
        st.reset();
        let _ = SPARE.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut() {
                if s.len() < SPARES_KEPT {
                    s.push(st);
                }
            }
        });
    }

    /// Back to what a new interpreter starts from, keeping the room of its stacks and
    /// maps (not past `ROOM_KEPT`). What the code defined and read is dropped here, when
    /// the interpreter ends, not when the state is next used.
    fn reset(&mut self) {
        self.clear_classes();
        self.out.clear();
        if self.out.capacity() > ROOM_KEPT {
            self.out = String::new();
        }
        self.frames.clear();
        self.ctx.reset_top();
        self.frame_ids = 1;
        self.call_depth = 0;
        emptied(&mut self.top_methods, &NO_METHODS);
        emptied(&mut self.top_constants, &NO_CONSTANTS);
        self.installed_classes = None;
        cleared(&mut self.ivars);
        self.last_match = None;
        cleared(&mut self.scope_vars);
        self.shared = None;
        self.to_hash = None;
        self.catching.clear();
        self.steps = 0;
        self.loaded.clear();
        if !self.facter.is_empty() {
            self.facter = Default::default();
        }
        self.parked.clear();
    }

    /// Forgets the methods, constants and variables of the classes the code defined:
    /// they may hold the classes themselves.
    fn clear_classes(&mut self) {
        for c in self.classes.drain(..) {
            c.clear();
        }
    }
}

/// An emptied map of the top's definitions: its own one cleared, a shared one (a
/// `Loaded`'s) let go for the shared empty one.
fn emptied<V>(
    m: &mut Rc<HashMap<String, V>>,
    none: &'static std::thread::LocalKey<Rc<HashMap<String, V>>>,
) {
    match Rc::get_mut(m) {
        Some(own) if own.capacity() <= ROOM_KEPT => own.clear(),
        _ => {
            if let Ok(empty) = none.try_with(Rc::clone) {
                *m = empty;
            }
        }
    }
}

fn cleared<V>(m: &mut HashMap<String, V>) {
    if m.capacity() > ROOM_KEPT {
        *m = HashMap::default();
    } else {
        m.clear();
    }
}

impl Drop for State {
    fn drop(&mut self) {
        self.clear_classes();
    }
}

impl Drop for Interp<'_> {
    fn drop(&mut self) {
        // SAFETY: `st` is not used again: the interpreter is being dropped.
        let st = unsafe { std::mem::ManuallyDrop::take(&mut self.st) };
        State::give_back(st);
    }
}
