//! `%lsmagic`: every magic with what it does, one line each.

use crate::magics::MAGICS;

/// What each magic does (the first line of its section in docs/kernel.md).
const SUMMARIES: &[(&str, &str)] = &[
    ("%break", "SPEC: a breakpoint (CLASS, DEFINE, FILE:LINE, function NAME, error, resource TYPE[TITLE])"),
    ("%breaks", "the breakpoints"),
    ("%catalog", "[graph|dot|json|TYPE|TYPE[TITLE]|/PATTERN/|save NAME]: the session's catalog"),
    ("%classes", "[FILTER]: the classes of the session and the modulepath"),
    ("%defines", "[FILTER]: the defined types of the session and the modulepath"),
    ("%delete", "N|all: deletes breakpoints"),
    ("%diff", "NAME | --from REV [--to REV] ...: what changed since a saved catalog, or between revisions"),
    ("%disable", "N: disables a breakpoint"),
    ("%enable", "N: enables a breakpoint"),
    ("%env", "[DIR]: the environment (control repo) code and data come from"),
    ("%facts", "[FILE | for FILTER | set PATH=VALUE | local]: shows or changes the facts"),
    ("%hiera-config", "[FILE|none]: the global Hiera layer's hiera.yaml"),
    ("%lookup", "KEY [--explain] [--merge STRATEGY]: a Hiera key's value, or how it was searched"),
    ("%lsmagic", "this list"),
    ("%modulepath", "[DIR[:DIR...]]: the modulepath"),
    ("%reset", "a fresh session (empty catalog, no variables or definitions), settings, environment and facts kept"),
    ("%resource_types", "[FILTER]: the resource types of the session and the modulepath"),
    ("%set", "exec|module-functions on|off, integer-bounds spec|reference, strict LEVEL, print-limit N|off"),
    ("%why", "VALUE =~ TYPE | TYPE < TYPE: why a type question has its answer"),
];

/// The `%lsmagic` text: a line per magic.
pub fn text() -> String {
    let width = MAGICS.iter().map(|m| m.len()).max().unwrap_or(0);
    let mut out = String::from("Magics (each a cell of its own):\n");
    for magic in MAGICS {
        let summary = SUMMARIES
            .iter()
            .find(|(name, _)| name == magic)
            .map_or("", |(_, s)| s);
        out.push_str(&format!("  {magic:<width$}  {summary}\n"));
    }
    out.push_str("Kernel functions: display(VALUE, MIME_TYPE), clear_output(WAIT), help('NAME').");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_magic_has_a_summary() {
        for magic in MAGICS {
            assert!(
                SUMMARIES.iter().any(|(name, _)| name == magic),
                "{magic} has no summary"
            );
        }
        assert_eq!(SUMMARIES.len(), MAGICS.len());
        let text = text();
        assert!(
            text.contains("\n  %reset           a fresh session"),
            "{text}"
        );
    }
}
