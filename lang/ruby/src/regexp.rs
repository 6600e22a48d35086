//! Ruby regexp literals (`/.../mix`) as prepl's `Regexp`s, and back to Ruby's source and
//! flags.

use crate::error::RubyError;
use crate::Regexp;

/// Compiles a Ruby regexp literal with its flags.
pub fn make_regexp(src: &str, flags: &str, at: usize) -> Result<Regexp, RubyError> {
    // The flags become an inline group that always names `s` (Ruby's `m`), which Ruby's
    // own syntax has no way to write: `ruby_source` tells it from the template's pattern.
    let mut on = String::new();
    if flags.contains('i') {
        on.push('i');
    }
    if flags.contains('x') {
        on.push('x');
    }
    let full = if flags.contains('m') {
        format!("(?{on}s){src}")
    } else if on.is_empty() {
        src.to_string()
    } else {
        format!("(?{on}-s){src}")
    };
    Regexp::new(&full).map_err(|e| {
        RubyError::syntax(
            format!("{e}: {}", prepl_core::values::regexp::ruby_description(src)),
            at,
        )
    })
}

/// A regexp's pattern as the template wrote it and its flags in Ruby's order (`mix`).
pub fn ruby_source(re: &Regexp) -> (&str, String) {
    let full = re.source();
    if let Some(rest) = full.strip_prefix("(?") {
        if let Some(close) = rest.find(')') {
            let group = &rest[..close];
            if group.contains('s') && group.chars().all(|c| "isx-".contains(c)) {
                let on = group.split('-').next().unwrap_or("");
                let mut flags = String::new();
                for (ruby, inline) in [('m', 's'), ('i', 'i'), ('x', 'x')] {
                    if on.contains(inline) {
                        flags.push(ruby);
                    }
                }
                return (&rest[close + 1..], flags);
            }
        }
    }
    (full, String::new())
}
