"""Helpers for the ERB areas (gen/areas/erb_*.py): a template text as a Puppet program.

`it(tpl, pre)` gives the program `pre inline_template(<tpl as a Puppet string>)`, whose value is
the rendered String. The template text is quoted so that the Puppet string is exactly `tpl`:
a single-quoted string (only `\\` and `\'` are escapes there) for one-line templates, a heredoc
without escapes or interpolation for multi-line ones (`-ERB` drops the last newline when `tpl`
does not end with one). `tpl` must not contain a line that is `ERB` alone.
"""


def q(s):
    """`s` as a single-quoted Puppet string."""
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def heredoc(s):
    """`s` as a heredoc: the text `@(ERB)` and the lines that follow it."""
    assert not any(line.strip() == "ERB" for line in s.split("\n")), s
    if s.endswith("\n"):
        return "@(ERB)", s + "ERB"
    return "@(ERB)", s + "\n-ERB"


def it(tpl, pre=""):
    """The program rendering `tpl` with `inline_template`, after the Puppet code `pre`."""
    if "\n" in tpl:
        tag, body = heredoc(tpl)
        call = f"inline_template({tag})\n{body}"
    else:
        call = f"inline_template({q(tpl)})"
    return f"{pre} {call}" if pre else call


def nt(tpl, pre=""):
    """Like `it`, but the rendered text is logged with `notice` (the value is undef)."""
    if "\n" in tpl:
        tag, body = heredoc(tpl)
        call = f"notice(inline_template({tag}))\n{body}"
    else:
        call = f"notice(inline_template({q(tpl)}))"
    return f"{pre} {call}" if pre else call
