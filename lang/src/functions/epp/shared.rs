//! Compiled templates kept for the process, as ERB templates (`erb::cache`) and manifests
//! (`env/parsed.rs`) are: a thread's compiled template holds `Rc`s and `Cell`s, so the
//! process keeps its program frozen (`syntax::frozen`) with its source map, and another
//! thread (`--repeat`'s fresh sessions, `prepl diff`'s workers, the kernel's) thaws it
//! instead of translating, parsing and validating the text again.
//!
//! A template (text and parameters) is noted the first time the process compiles it and
//! frozen the second: a process that renders on one thread pays nothing for freezing.
//! Its frame layouts are frozen with it (`env::parsed::FrozenLayouts`: resolving the
//! program again was a third of a fresh thread's render), and a text's scan into its tags
//! is kept for the process at once (plain data). Bounded as `erb::cache` is (emptied when
//! full).

use crate::env::parsed::FrozenLayouts;
use crate::syntax::epp::{LambdaParam, SourceMap, Template};
use crate::syntax::frozen::Frozen;
use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// How many compiled templates, and how many bytes of their texts, the process keeps.
const SHARED_LIMIT: usize = 1024;
const SHARED_BYTES: usize = 8 << 20;

/// A compiled template in a form threads share.
pub(super) struct FrozenTemplate {
    pub program: Frozen,
    pub map: SourceMap,
    /// `None`: resolved again when thawed.
    pub layouts: Option<FrozenLayouts>,
}

/// Each template compiled: its parameters and, once a second thread compiled it, its
/// frozen form.
type Variants = Vec<(Vec<LambdaParam>, Option<Arc<FrozenTemplate>>)>;

/// What the process knows of a text.
#[derive(Default)]
struct Text {
    /// Its scan into tags (kept when a thread scanned it without error).
    scan: Option<Arc<Template>>,
    variants: Variants,
}

#[derive(Default)]
struct Shared {
    templates: HashMap<Box<str>, Text>,
    count: usize,
    bytes: usize,
}

static SHARED: Mutex<Option<Shared>> = Mutex::new(None);

/// (a thread that panicked holding the lock left the map whole: each change is one insert
/// or clear)
fn shared() -> MutexGuard<'static, Option<Shared>> {
    SHARED.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the process knows of a template: `None` when no thread compiled it,
/// `Some(None)` when one did (not frozen yet), else its frozen form.
pub(super) fn known(text: &str, params: &[LambdaParam]) -> Option<Option<Arc<FrozenTemplate>>> {
    let guard = shared();
    let variants = &guard.as_ref()?.templates.get(text)?.variants;
    let (_, frozen) = variants.iter().find(|(p, _)| p == params)?;
    Some(frozen.clone())
}

/// The process's scan of `text`, if a thread scanned it.
pub(super) fn scan(text: &str) -> Option<Arc<Template>> {
    let guard = shared();
    guard.as_ref()?.templates.get(text)?.scan.clone()
}

/// Keeps a thread's scan of `text` for the process.
pub(super) fn note_scan(text: &str, scan: &Arc<Template>) {
    if text.len() > SHARED_BYTES {
        return;
    }
    let mut guard = shared();
    let s = guard.get_or_insert_with(Shared::default);
    entry(s, text).scan = Some(scan.clone());
}

/// The entry of `text`, made (the table emptied first when full) when there is none.
fn entry<'s>(s: &'s mut Shared, text: &str) -> &'s mut Text {
    if !s.templates.contains_key(text) {
        if s.count >= SHARED_LIMIT || s.bytes + text.len() > SHARED_BYTES {
            *s = Shared::default();
        }
        s.bytes += text.len();
    }
    s.templates.entry(text.into()).or_default()
}

/// Notes that this thread compiled a template, with its frozen form when `frozen` is given
/// (the process compiled it before).
pub(super) fn note(text: &str, params: &[LambdaParam], frozen: Option<FrozenTemplate>) {
    if text.len() > SHARED_BYTES {
        return;
    }
    let mut guard = shared();
    let s = guard.get_or_insert_with(Shared::default);
    let known = s
        .templates
        .get_mut(text)
        .and_then(|t| t.variants.iter_mut().find(|(p, _)| p == params));
    match known {
        Some((_, slot)) => {
            if slot.is_none() {
                *slot = frozen.map(Arc::new);
            }
        }
        None => {
            if s.count >= SHARED_LIMIT {
                *s = Shared::default();
            }
            let variants = &mut entry(s, text).variants;
            variants.push((params.to_vec(), frozen.map(Arc::new)));
            s.count += 1;
        }
    }
}

/// Whether the process keeps a frozen form of a variant of `text` (`None`: no thread
/// compiled it).
#[cfg(test)]
pub(super) fn frozen(text: &str) -> Option<bool> {
    let guard = shared();
    let variants = &guard.as_ref()?.templates.get(text)?.variants;
    Some(variants.iter().any(|(_, f)| f.is_some()))
}

/// Whether the process keeps a frozen form of a variant of `text` with its frame layouts.
#[cfg(test)]
pub(super) fn frozen_with_layouts(text: &str) -> bool {
    let guard = shared();
    let variants = guard.as_ref().and_then(|s| s.templates.get(text));
    variants.is_some_and(|t| {
        (t.variants.iter()).any(|(_, f)| f.as_ref().is_some_and(|f| f.layouts.is_some()))
    })
}
