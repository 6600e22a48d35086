//! Module files parsed once per process: the sessions of a thread (`prepl diff` compiles
//! each node in a session of its own) share the syntax tree of a text parsed before, and
//! other threads (`--repeat` runs each evaluation on a fresh one, `prepl diff --jobs`'s
//! workers, the kernel's) make theirs from the process's frozen copy of it
//! (`syntax::frozen`) without lexing, parsing, validating and resolving the text again (its
//! slots and frame sizes are in the frozen tree, its frame layouts frozen beside it:
//! `layouts.rs`).
//!
//! Trees are kept by the file's path and used again only for the same text, whatever the
//! modification time says: the autoloader reads the file anyway (a single evaluation pays
//! nothing but one path's hash: hashing every text to find it among all those parsed cost
//! 1.5% of `include apache`). The bytes read are the file system's kept copy of the file
//! while it is unchanged (`fs::read_shared_if_file`: one `statx` an evaluation tells), so
//! a text is known again by their address, and compared only when they are other bytes
//! (a file read again after a change, or too recently changed to be kept): an edited file
//! is parsed again at the next evaluation. What a session needs of a file besides its tree
//! is made once for the process and shared too: the text itself, where its lines start,
//! whether it mentions `debug::break`, its display name (made again by each session, with
//! the copy, UTF-8 check and comparison of the text, they were ~9% of `include keystone`).
//! A text is frozen the second time the process parses its path (the first only notes
//! the path): a process that evaluates on one thread pays nothing for freezing and keeps
//! no copy of the texts.
//!
//! Sharing a tree among a thread's sessions is safe because what evaluation keeps in its
//! nodes does not depend on the session: variable slots, frame sizes and frame layouts are
//! a function of the tree alone (resolved once, when parsed; thawed with it; each evaluator that
//! loads the tree takes its layouts), call sites carry the generation of the function
//! table they were found in (process-wide numbers, so one evaluator never takes another's
//! index), and the values of constant literals are the same in every session.
//! Per-evaluator caches keyed by node addresses stay valid: a session keeps the trees it
//! loaded, so an address is not reused while it can still hold it. The trees themselves
//! never cross threads (they hold `Rc`s and `Cell`s); only the frozen copies do.

use crate::error::{Error, Source};
use crate::eval::resolve::Layouts;
use crate::syntax::ast::Program;
use crate::syntax::frozen::Frozen;
use crate::syntax::Warning;
pub(crate) use layouts::{FrozenLayouts, Late};
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use std::sync::{Arc, Mutex, OnceLock};

mod layouts;

/// A module file, parsed and validated.
pub(crate) struct Parsed {
    /// Its text, named by its path (definitions keep it).
    pub source: Rc<Source>,
    pub program: Rc<Program>,
    /// The frame layouts of its lambdas and functions: the tree is resolved once, when
    /// parsed (its variables' slots written; a thawed tree comes resolved, these thawed
    /// with it), and each evaluator that loads it takes these.
    pub layouts: Layouts,
    /// What parsing it warned about (logged by each session that loads it).
    pub warnings: Vec<Warning>,
    /// Whether the text mentions `debug::break` (the debugger arms itself for such a file).
    pub mentions_break: bool,
    /// The modulepath a session found the file's definitions where they belong with
    /// ([`FrozenFile::located`], shared by the trees of the same frozen one; the tree's own
    /// for a tree parsed before the process froze its text; `None` for a tree thawed
    /// without it).
    located: Option<Arc<OnceLock<Box<[std::path::PathBuf]>>>>,
}

impl Parsed {
    /// Whether a session found this text's definitions where they belong at its path
    /// (`autoload`'s location check) with the same `modulepath`: the check's answer
    /// depends on the tree, the path and the modulepath alone, so the sessions of a
    /// process make it once (it was 4-5% of the timed part of a small class:
    /// `file_namespace` takes the path apart).
    pub(crate) fn located_in(&self, modulepath: &[std::path::PathBuf]) -> bool {
        (self.located.as_ref().and_then(|l| l.get()))
            .is_some_and(|m| super::fs::same_paths(m, modulepath))
    }

    /// Notes that the location check passed with `modulepath` (the first noted stays).
    pub(crate) fn note_located_in(&self, modulepath: &[std::path::PathBuf]) {
        if let Some(l) = &self.located {
            let _ = l.set(modulepath.into());
        }
    }
}

/// A thread's parsed file and the bytes it was parsed from (as [`fs::read_shared_if_file`]
/// gave them: while the file is unchanged, the same allocation).
struct Local {
    bytes: Arc<[u8]>,
    parsed: Rc<Parsed>,
}

thread_local! {
    // (keyed by the path's bytes: hashing a `Path` goes component by component)
    // SAFETY: a thread-local's value.
    static PARSED: crate::syntax::thread_cache::ThreadCache<RefCell<rustc_hash::FxHashMap<Box<[u8]>, Local>>> = const {
        unsafe { crate::syntax::thread_cache::ThreadCache::new(RefCell::new(
            std::collections::HashMap::with_hasher(rustc_hash::FxBuildHasher),
        )) }
    };
}

/// How many files [`PARSED`] and [`SHARED`] keep (each starts again empty when full): more
/// than the modules of a large control repository have manifests.
const LIMIT: usize = 8192;
/// How many bytes of texts and frozen trees [`SHARED`] keeps (all of Debian's packaged
/// modules' manifests are about 1 MiB of text; a frozen tree is a few times its text).
const SHARED_BYTES: usize = 64 << 20;

/// A path the process parsed a file at, and the frozen tree of the text a second thread
/// parsed there.
#[derive(Default)]
struct Known {
    frozen: OnceLock<Option<FrozenFile>>,
}

/// What a thread needs of a file besides its tree, made once for the process: its text
/// (each thread's `Source` shares it), where its lines start (a catalog asks for the line
/// of each resource: the index was made again by each session, 4% of `include keystone`)
/// and whether it mentions `debug::break`.
struct FrozenFile {
    /// The file's name as its `Source` shows it (formatting a path's display costs ~1,000
    /// instructions).
    name: String,
    text: Arc<str>,
    /// The bytes the text was read as (the file system's kept copy, when it keeps one):
    /// bytes at the same address are this text, unchanged, without comparing them.
    bytes: Arc<[u8]>,
    line_starts: Arc<[u32]>,
    mentions_break: bool,
    tree: Frozen,
    /// The layouts resolving the tree made (`None`: resolved again when thawed).
    layouts: Option<FrozenLayouts>,
    warnings: Vec<Warning>,
    /// The modulepath with which a session's location check passed (`Parsed::located_in`).
    located: Arc<OnceLock<Box<[std::path::PathBuf]>>>,
}

impl FrozenFile {
    fn is_text(&self, bytes: &Arc<[u8]>) -> bool {
        Arc::ptr_eq(&self.bytes, bytes) || self.text.as_bytes() == &bytes[..]
    }
}

#[derive(Default)]
struct Shared {
    /// By the path's bytes (hashing a `Path` goes component by component).
    files: rustc_hash::FxHashMap<Box<[u8]>, Arc<Known>>,
    bytes: usize,
}

fn key(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

static SHARED: Mutex<Option<Shared>> = Mutex::new(None);

/// The process's files (a thread that panicked holding the lock left them whole: each
/// change is one insert, one count or a clear).
fn shared() -> std::sync::MutexGuard<'static, Option<Shared>> {
    SHARED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Counts `bytes` more kept, starting again empty when over the bounds.
fn count(shared: &mut Shared, bytes: usize) {
    if shared.files.len() >= LIMIT || shared.bytes + bytes > SHARED_BYTES {
        *shared = Shared::default();
    }
    shared.bytes += bytes;
}

/// The parsed form of the file at `path` whose bytes are `bytes`: the tree parsed before when
/// this thread parsed the same text at that path, else thawed from the process's frozen
/// tree of that text, else parsed now (kept by the thread; frozen for the process when
/// the process parsed the text before). Errors are located in the file; a text that fails
/// to parse (or is no UTF-8) is not kept.
pub(crate) fn parse(path: &Path, bytes: Arc<[u8]>) -> Result<Rc<Parsed>, Error> {
    let local = PARSED.with(|c| {
        let mut c = c.borrow_mut();
        let local = c.get_mut(key(path))?;
        if !Arc::ptr_eq(&local.bytes, &bytes) {
            if local.parsed.source.text.as_bytes() != &bytes[..] {
                return None;
            }
            // (the same text read again as other bytes: known by these from now on)
            local.bytes = bytes.clone();
        }
        Some(local.parsed.clone())
    });
    if let Some(parsed) = local {
        return Ok(parsed);
    }
    let known = shared()
        .as_ref()
        .and_then(|s| s.files.get(key(path)).cloned());
    let parsed = match known.as_ref().and_then(|k| k.frozen.get()) {
        Some(Some(frozen)) if frozen.is_text(&bytes) => thaw(frozen),
        _ => {
            let Ok(text) = std::str::from_utf8(&bytes) else {
                return Err(Error::eval(format!(
                    "Could not read {}: stream did not contain valid UTF-8",
                    path.display()
                )));
            };
            let parsed = parse_now(path, text)?;
            // (a text the process has not frozen: the note is this thread's tree's own,
            // which the thread's later sessions take, `--repeat`'s, the REPL's after
            // `:reset`, a `prepl diff` worker's: each checked the locations again, ~2.2 k
            // instructions a file, 6% of a session of `include wait_for`)
            let located = keep(path, known.clone(), &parsed, &bytes).unwrap_or_default();
            Parsed {
                located: Some(located),
                ..parsed
            }
        }
    };
    let parsed = Rc::new(parsed);
    PARSED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= LIMIT {
            c.clear();
        }
        let local = Local {
            bytes,
            parsed: parsed.clone(),
        };
        c.insert(key(path).into(), local);
    });
    Ok(parsed)
}

/// Parses, validates and resolves the text of a file.
fn parse_now(path: &Path, text: &str) -> Result<Parsed, Error> {
    let source = Source::new(path.display().to_string(), text);
    let (program, warnings) = crate::syntax::parse_with_warnings(&source.text).map_err(|e| {
        // The reference names the file where it has no line to give.
        let e = match e.message == "Syntax error at end of input" {
            true => Error {
                message: format!("{} (file: {})", e.message, source.name),
                ..e
            },
            // A regexp Ruby cannot compile (refused by the lexer): the reference raises it
            // without a position inside what loads the file (`include`), which wraps it and
            // gives its own position.
            false if e.is_bad_regexp() => return Error::eval(e.message),
            false => e,
        };
        e.in_source(&source)
    })?;
    let mentions_break = mentions_break(&source.text);
    Ok(resolved(source, Rc::new(program), warnings, mentions_break))
}

fn mentions_break(text: &str) -> bool {
    text.contains("debug::break")
}

/// A file's tree made from the process's frozen one, with its frame layouts (its slots
/// come resolved).
fn thaw(frozen: &FrozenFile) -> Parsed {
    let source = Source::with_line_starts(
        frozen.name.clone(),
        frozen.text.clone(),
        frozen.line_starts.clone(),
    );
    let (program, layouts) = FrozenLayouts::thaw_tree(&frozen.tree, frozen.layouts.as_ref());
    let warnings = frozen.warnings.clone();
    let mentions_break = frozen.mentions_break;
    let parsed = match layouts {
        Some(layouts) => Parsed {
            source,
            layouts,
            program,
            warnings,
            mentions_break,
            located: None,
        },
        None => resolved(source, program, warnings, mentions_break),
    };
    Parsed {
        located: Some(frozen.located.clone()),
        ..parsed
    }
}

fn resolved(
    source: Rc<Source>,
    program: Rc<Program>,
    warnings: Vec<Warning>,
    mentions_break: bool,
) -> Parsed {
    let mut layouts = Layouts::default();
    crate::eval::resolve::resolve_program(&program, &mut layouts);
    Parsed {
        source,
        layouts,
        program,
        warnings,
        mentions_break,
        located: None,
    }
}

/// Notes a path parsed for the first time in the process (or with another text than the
/// one frozen), or freezes the tree of its text when the process parsed the path before
/// (`known`).
/// Returns the frozen text's note of where its locations were checked, when it is this
/// text's.
fn keep(
    path: &Path,
    known: Option<Arc<Known>>,
    parsed: &Parsed,
    bytes: &Arc<[u8]>,
) -> Option<Arc<OnceLock<Box<[std::path::PathBuf]>>>> {
    let text = &parsed.source.text;
    let known = match known {
        Some(k) if !matches!(k.frozen.get(), Some(Some(f)) if *f.text != **text) => k,
        _ => {
            let mut guard = shared();
            let shared = guard.get_or_insert_with(Shared::default);
            count(shared, 0);
            shared.files.insert(key(path).into(), Arc::default());
            return None;
        }
    };
    let mut made = 0;
    let frozen = known.frozen.get_or_init(|| {
        let (tree, numbered) = Frozen::freeze_numbered(&parsed.program)?;
        let layouts = FrozenLayouts::freeze(&numbered, &parsed.layouts, &tree);
        let line_starts = parsed.source.line_starts().clone();
        made = tree.size()
            + 2 * text.len()
            + 4 * line_starts.len()
            + layouts.as_ref().map_or(0, |l| l.size());
        let warnings = parsed.warnings.clone();
        Some(FrozenFile {
            name: parsed.source.name.clone(),
            text: text.clone(),
            bytes: bytes.clone(),
            line_starts,
            mentions_break: parsed.mentions_break,
            tree,
            layouts,
            warnings,
            located: Arc::default(),
        })
    });
    if made > 0 {
        let mut guard = shared();
        count(guard.get_or_insert_with(Shared::default), made);
    }
    (frozen.as_ref())
        .filter(|f| *f.text == **text)
        .map(|f| f.located.clone())
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
        let at = |path: &str, text: &str| parse(Path::new(path), text.as_bytes().into());
        let a = at("/t1/m/manifests/init.pp", "class m { $x = 1 }").unwrap();
        let again = at("/t1/m/manifests/init.pp", "class m { $x = 1 }").unwrap();
        assert!(Rc::ptr_eq(&a, &again));
        let elsewhere = at("/t1/old/m/manifests/init.pp", "class m { $x = 1 }").unwrap();
        assert!(!Rc::ptr_eq(&a, &elsewhere));
        assert_eq!(elsewhere.source.name, "/t1/old/m/manifests/init.pp");
        let changed = at("/t1/m/manifests/init.pp", "class m { $x = 2 }").unwrap();
        assert!(!Rc::ptr_eq(&a, &changed));
        assert_eq!(&*changed.source.text, "class m { $x = 2 }");
        let e = at("/t1/m/manifests/init.pp", "class m {").err().unwrap();
        assert_eq!(
            e.source.map(|s| s.name.clone()).as_deref(),
            Some("/t1/m/manifests/init.pp")
        );
        let back = at("/t1/m/manifests/init.pp", "class m { $x = 2 }").unwrap();
        assert!(Rc::ptr_eq(&changed, &back));
    }

    /// The location check's note on a tree the thread parsed first in the process (not
    /// frozen): its later parses of the same text take it, with the same modulepath only;
    /// another text's tree has none.
    #[test]
    fn a_first_parse_keeps_its_location_note() {
        let at = |text: &str| parse(Path::new("/t5/m/manifests/init.pp"), text.as_bytes().into());
        let dirs = [std::path::PathBuf::from("/t5")];
        let other = [std::path::PathBuf::from("/t5/other")];
        let a = at("class m { }").unwrap();
        assert!(!a.located_in(&dirs));
        a.note_located_in(&dirs);
        let again = at("class m { }").unwrap();
        assert!(again.located_in(&dirs));
        assert!(!again.located_in(&other));
        let changed = at("class m { } class n { }").unwrap();
        assert!(!changed.located_in(&dirs));
    }

    /// Whether the process keeps a frozen tree of `text` at `path`.
    fn frozen(path: &str, text: &str) -> bool {
        super::shared()
            .as_ref()
            .and_then(|s| s.files.get(super::key(Path::new(path))).cloned())
            .is_some_and(|k| matches!(k.frozen.get(), Some(Some(f)) if *f.text == *text))
    }

    /// A text is noted by the first thread that parses it, frozen by the second, thawed by
    /// the others: each thread's tree equal to a parse of its own (warnings included); a
    /// changed text starts again; a text that fails is never kept.
    #[test]
    fn a_file_is_parsed_once_per_process() {
        let path = "/t2/m/manifests/init.pp";
        let text = "class m { $a = \"\\q\" [1].each |$x| { $y = $x } }";
        let on_a_thread = |text: &'static str| {
            std::thread::spawn(move || {
                parse(Path::new(path), text.as_bytes().into())
                    .map(|p| format!("{:?} {:?}", p.program.body, p.warnings))
                    .map_err(|e| e.message)
            })
            .join()
            .unwrap()
        };
        let first = on_a_thread(text).unwrap();
        assert!(first.contains("Unrecognized escape sequence"), "{first}");
        assert!(!frozen(path, text));
        assert_eq!(on_a_thread(text).unwrap(), first);
        assert!(frozen(path, text));
        assert_eq!(on_a_thread(text).unwrap(), first);
        let changed = "class m { $a = 2 }";
        let now = on_a_thread(changed).unwrap();
        assert!(!frozen(path, changed) && !frozen(path, text));
        assert!(now.contains("Integer(2)"), "{now}");
        assert!(on_a_thread("class m {").is_err());
        assert!(on_a_thread("class m {").is_err());
        assert!(!frozen(path, "class m {"));
    }

    /// A module compiled on one thread, then on two others at the same time from the
    /// process's frozen trees, gives the same catalog on each; two sessions of one thread
    /// share its trees (and their caches keyed by node address) and agree too.
    #[test]
    fn threads_compile_the_same_catalog_from_shared_trees() {
        use crate::env::Environment;
        use crate::Session;
        let root = std::env::temp_dir().join(format!("prepl-parsed-{}", std::process::id()));
        let write = |file: &str, text: &str| {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            "m/manifests/init.pp",
            "class m(Integer $n = 3) inherits m::params {\n\
             $names = Integer[1, $n].map |$i| { m::name($i) }\n\
             $names.each |$x| { m::thing { $x: mode => $m::params::modes['a'] } }\n\
             file { '/etc/m': ensure => directory, tag => ['a', 'b'] }\n\
             File <| tag == 'a' |> { owner => root }\n\
             }\n",
        );
        write(
            "m/manifests/params.pp",
            "class m::params { $modes = { 'a' => '0644', 'b' => \"0${1 + 6}55\" } }\n",
        );
        write(
            "m/manifests/thing.pp",
            "define m::thing(String $mode) {\n\
             $v = case $title { /1$/: { 'one' } default: { \"many ${title}\" } }\n\
             file { \"/etc/m/${title}\": mode => $mode, content => $v, require => File['/etc/m'] }\n\
             }\n",
        );
        write(
            "m/functions/name.pp",
            "function m::name(Integer $i) >> String { $j = $i * 2 \"t${j}\" }\n",
        );
        let compile = {
            let root = root.clone();
            move || {
                let session = || {
                    let mut s = Session::new();
                    s.set_environment(Environment {
                        name: "production".into(),
                        dir: None,
                        modulepath: vec![root.clone()],
                    });
                    s.eval("include m").unwrap();
                    s.catalog_json_text()
                };
                let (a, b) = (session(), session());
                assert_eq!(a, b);
                a
            }
        };
        let first = std::thread::spawn(compile.clone()).join().unwrap();
        assert!(
            first.contains("/etc/m/t6") && first.contains("many t4"),
            "{first}"
        );
        let second = std::thread::spawn(compile.clone()).join().unwrap();
        assert_eq!(second, first);
        let init = root.join("m/manifests/init.pp");
        let text = std::fs::read_to_string(&init).unwrap();
        assert!(frozen(&init.display().to_string(), &text));
        let (c, d) = (
            std::thread::spawn(compile.clone()),
            std::thread::spawn(compile),
        );
        assert_eq!(c.join().unwrap(), first);
        assert_eq!(d.join().unwrap(), first);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
