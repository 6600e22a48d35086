//! The interpreter's state apart from its host (frames, locals, definitions, output),
//! kept per thread and reused: an interpreter takes one of the thread's spare states and
//! gives it back emptied when it ends, so that a module function's call or a template's
//! render makes and drops no stacks, maps or frames of its own (nested interpreters, a
//! render inside a function inside a render, each take their own).

use super::{Ctx, Interp, Loaded, Scope, SharedVars, ToHashEntries};
use crate::ast::Node;
use crate::methods;
use crate::value::RStr;
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

/// How many argument lists an interpreter keeps, and the most room a kept one has.
const SPARE_ARGS: usize = 16;
const ARGS_ROOM: usize = 8;

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
    pub(crate) ivars: HashMap<RStr, RValue>,
    /// The instance variables of the object the top's code runs as, when it is not the
    /// template (a module function's instance, `Interp::set_instance`): then `ivars` is
    /// not used.
    pub(crate) instance: Option<super::InstanceVars>,
    /// `$~`: the last successful match.
    pub last_match: Option<Rc<Captures>>,
    /// The text `$~` matched in and the match's byte range, for `$~.pre_match`, `` $` ``
    /// and `$'`; `None` where the match set `last_match` alone (`when`, `gsub`'s block).
    /// Set with `last_match`, always.
    pub last_match_text: Option<(RStr, usize, usize)>,
    /// The names of `$~`'s groups when its pattern has named groups (`$~[:name]`), set
    /// with `last_match` by the matches that know their pattern.
    pub last_match_names: Option<Rc<Vec<Option<String>>>>,
    /// The variables `scope.setvar` set, as the Ruby values given (`scope['x']` answers
    /// the same object; `@x` does not see them, as in the reference).
    pub scope_vars: HashMap<String, RValue>,
    /// The host variables read so far, as Ruby values shared with nested renders (made
    /// when the first is read: a module function's call often reads none).
    pub(crate) shared: Option<SharedVars>,
    /// An ended interpreter's own table of host variables (no render chain shared it),
    /// emptied: the next one that reads a variable fills it instead of allocating one
    /// (a module function reading `closure_scope['facts']` at each call).
    pub(crate) spare_shared: Option<SharedVars>,
    /// The hash of the last `scope.to_hash`, with the names the host gave for it: the
    /// same names (the host gives the same list while the scope gains no variable) are
    /// the same entries, copied into each new hash with the index of their keys, or read
    /// in place (`scope_hash`: some forty reads a render in logrotate's rule.erb, ~300
    /// variables each).
    pub(crate) to_hash: Option<ToHashEntries>,
    /// The exception the running `rescue` clause handles (`$!`).
    pub(crate) handled: Option<RValue>,
    /// The tags of the `catch` blocks running.
    pub catching: Vec<RValue>,
    /// The strings running blocks were given from an array or hash (`mutate::Yielded`):
    /// a change through the block's parameter changes the element too.
    pub(crate) yielded: Vec<super::mutate::Yielded>,
    pub(crate) steps: usize,
    /// The code of the files `require` loaded (their methods point into it).
    pub(crate) loaded: Vec<Rc<Vec<Node>>>,
    /// Custom facts: the facts `Facter.add` defined and their resolutions.
    pub(crate) facter: methods::facter::Registry,
    /// The frames of files that have been loaded, kept for the blocks made in them (a
    /// custom fact's `setcode` block runs in its file's frame, after the file was loaded).
    pub(crate) parked: Vec<Ctx>,
    /// The stacks of scopes of ended frames, emptied, for new frames (`with_frame`).
    pub(crate) spare_locals: Vec<super::locals::Locals>,
    /// The argument lists of ended core method calls, emptied, for the next calls'
    /// (`Interp::list`, `methods::call`).
    spare_args: Vec<Vec<RValue>>,
    /// Room for the scopes a proc's call sets aside (`Interp::call_proc`), kept between
    /// calls (a nested call's takes its own).
    pub(crate) set_aside: Vec<Scope>,
    /// The host's `custom_facts()`, asked once when the interpreter is made (a constant's
    /// node asked it at each look-up, a dynamic call).
    pub(crate) custom_facts: bool,
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
            instance: None,
            last_match: None,
            last_match_names: None,
            last_match_text: None,
            scope_vars: HashMap::default(),
            shared: None,
            spare_shared: None,
            to_hash: None,
            handled: None,
            catching: Vec::new(),
            yielded: Vec::new(),
            steps: 0,
            loaded: Vec::new(),
            facter: methods::facter::Registry::default(),
            parked: Vec::new(),
            spare_locals: Vec::new(),
            spare_args: Vec::new(),
            set_aside: Vec::new(),
            custom_facts: false,
        }
    }

    /// A list for `n` arguments (or items): an ended call's, else a new one.
    pub(crate) fn args_list(&mut self, n: usize) -> Vec<RValue> {
        match self.spare_args.pop() {
            Some(mut list) => {
                list.reserve(n);
                list
            }
            None => Vec::with_capacity(n),
        }
    }

    /// Keeps an ended call's argument list, emptied, for a later call (a few, not big).
    /// (A call without arguments made no list: nothing to keep, and no call made to find
    /// that out.)
    #[inline]
    pub(crate) fn keep_args(&mut self, list: Vec<RValue>) {
        if list.capacity() != 0 {
            self.keep_list(list);
        }
    }

    /// [`State::keep_args`] of a list that has room.
    #[inline(never)]
    fn keep_list(&mut self, mut list: Vec<RValue>) {
        if list.capacity() <= ARGS_ROOM && self.spare_args.len() < SPARE_ARGS {
            list.clear();
            self.spare_args.push(list);
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
    /// maps (not past `ROOM_KEPT`). What the code made and read is dropped here, when the
    /// interpreter ends, not when the state is next used; what an earlier interpreter
    /// defined and this one was given (`Interp::calling`) stays installed, for the next
    /// call of the same function (`install`, `forget_definitions`). Each part is tested
    /// before it is emptied: a function's call leaves most of them untouched.
    fn reset(&mut self) {
        if !self.classes.is_empty() {
            self.clear_classes();
        }
        if !self.out.is_empty() {
            self.out.clear();
            if self.out.capacity() > ROOM_KEPT {
                self.out = String::new();
            }
        }
        if !self.frames.is_empty() {
            self.frames.clear();
        }
        self.ctx.reset_top();
        self.frame_ids = 1;
        self.call_depth = 0;
        // the code's own definitions (a map no `Loaded` shares) go
        if let Some(own) = Rc::get_mut(&mut self.top_methods) {
            if !own.is_empty() {
                super::defs::methods_changed();
            }
            cleared(own);
        }
        if let Some(own) = Rc::get_mut(&mut self.top_constants) {
            if !own.is_empty() {
                super::defs::constants_changed();
            }
            cleared(own);
        }
        cleared(&mut self.ivars);
        if self.instance.is_some() {
            self.instance = None;
        }
        if self.last_match.is_some() {
            self.last_match = None;
            self.last_match_text = None;
            self.last_match_names = None;
        }
        cleared(&mut self.scope_vars);
        self.yielded.clear();
        if let Some(mut shared) = self.shared.take() {
            if let Some(own) = Rc::get_mut(&mut shared) {
                cleared(own.get_mut());
                self.spare_shared = Some(shared);
            }
        }
        if self.to_hash.is_some() {
            self.to_hash = None;
        }
        if self.handled.is_some() {
            self.handled = None;
        }
        if !self.catching.is_empty() {
            self.catching.clear();
        }
        self.steps = 0;
        if !self.loaded.is_empty() {
            self.loaded.clear();
        }
        if !self.facter.is_empty() {
            self.facter = Default::default();
        }
        if !self.parked.is_empty() {
            self.parked.clear();
        }
    }

    /// Installs what an earlier interpreter's code defined (see `Loaded`), unless it is
    /// installed already.
    pub(crate) fn install(&mut self, loaded: &Loaded) {
        if !Rc::ptr_eq(&self.top_methods, &loaded.top_methods) {
            self.top_methods = loaded.top_methods.clone();
            super::defs::methods_changed();
        }
        if !Rc::ptr_eq(&self.top_constants, &loaded.top_constants) {
            self.top_constants = loaded.top_constants.clone();
        }
        let same = match (&self.installed_classes, &loaded.classes) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.installed_classes = loaded.classes.clone();
        }
    }

    /// Lets go of what an earlier interpreter defined (a new interpreter's code starts
    /// with no definitions).
    pub(crate) fn forget_definitions(&mut self) {
        if !self.top_methods.is_empty() {
            if let Ok(none) = NO_METHODS.try_with(Rc::clone) {
                self.top_methods = none;
                super::defs::methods_changed();
            }
        }
        if !self.top_constants.is_empty() {
            if let Ok(none) = NO_CONSTANTS.try_with(Rc::clone) {
                self.top_constants = none;
            }
        }
        if self.installed_classes.is_some() {
            self.installed_classes = None;
        }
    }

    /// Forgets the methods, constants and variables of the classes the code defined:
    /// they may hold the classes themselves.
    fn clear_classes(&mut self) {
        if !self.classes.is_empty() {
            super::defs::constants_changed();
        }
        for c in self.classes.drain(..) {
            c.clear();
        }
    }
}

/// Empties a map (a big one let go).
fn cleared<K, V>(m: &mut HashMap<K, V>) {
    if m.is_empty() {
    } else if m.capacity() > ROOM_KEPT {
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

/// The group names a match of `re` gives `$~`, when `re` has named groups (Ruby's
/// `(?<name>...)` and `(?'name'...)`); `None` otherwise, without looking at the groups.
pub(crate) fn named_groups(re: &crate::Regexp) -> Option<Rc<Vec<Option<String>>>> {
    let src = re.source();
    (src.contains("(?<") || src.contains("(?'")).then(|| Rc::new(re.group_names()))
}
