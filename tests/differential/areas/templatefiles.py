"""Template files: each program comes with an environment directory (written under
`out/envs/`) whose module `m` holds ERB and EPP templates (`templates/*.erb`, `*.epp`, a
subdirectory now and then) with the `templates` area's random bodies, rendered by
`template()` (one file or several, concatenated), `epp()` with and without arguments, from the top scope, a class of the module
(its parameters and variables as the template's `@x`, `scope['m::x']`) and a define. One
program in four has a mistake: Ruby that fails in the ERB (nil's methods, an unknown method,
a syntax error, a `raise`), an EPP parameter of the wrong type or missing, an unknown
variable, a template file that does not exist, a name without its module. The error's
message names the file and line as the reference does (`Failed to parse template m/t.erb:`
with `Filepath:`, `Line:` and `Detail:`). A program is one catalog (`CATALOG = True`): the
value, the log, the first line of an error and the catalog are compared."""
from areas.templates import epp_body, erb_body

CATALOG = True

VARS = ("$s = 'Hello, World'\n$n = 7\n$a = ['pear', 'apple', 'fig']\n"
        "$h = {'a' => 3, 'b' => -1, 'c' => 10}\n$b = true\n$t = 'x,y'\n$ai = [5, 2, 9, 2]\n"
        "$u = undef\n$fl = 2.5\n")

ERB_MISTAKES = [
    "<%= @u.upcase %>",
    "<%= no_such_method(1) %>",
    "<%= @s.no_such_method %>",
    "<% if @b %>unclosed",
    "<%= raise ArgumentError, 'bad ' + @s %>",
    "<%= [1, 2].fetch(5) %>",
    "<%= Integer('x') %>",
    "line\n<%= 1 / 0 %>",
    "<%= @a.map { |x| x.nope } %>",
    "<% end %>",
]
EPP_MISTAKES = [
    "<%= $nosuch %>",
    "<%= $x.upcase( %>",
    "<% if $x { %>open",
    "<%- | Integer $x | -%>\n<%= fail('in epp') %>",
    "<%= [1, 2][$x] + 'a' %>",
    "<%- | String $x | -%><%= $x %>",
    "<%- | $x, $missing | -%><%= $x %>",
]


def erb_file(rng, mistake):
    body = erb_body(rng)
    if mistake:
        lines = body.split("\n")
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(ERB_MISTAKES))
        body = "\n".join(lines)
    return body


def epp_file(rng, mistake):
    body = epp_body(rng)
    if mistake:
        m = rng.choice(EPP_MISTAKES)
        # (a parameter list must come first: a mistake with its own replaces the body's)
        body = m if m.startswith("<%-") else body + "\n" + m
    return body


def quote(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


EPP_ARGS = ["{'x' => 3}", "{'x' => 1, 'y' => 'q'}", "{'x' => 5, 'list' => ['p', 'q']}", "{}",
            "{'x' => 'no'}", "{'x' => 2, 'h' => {'a' => 7, 'b' => 0}}", ""]


def render(rng, erbs, epps, bad):
    """An expression rendering one or more of the templates."""
    k = rng.randrange(6)
    if k < 2 and erbs:
        names = rng.sample(erbs, rng.randint(1, min(2, len(erbs))))
        if bad == "missing":
            names[0] = rng.choice(["m/nope.erb", "nope/t.erb", "t1.erb"])
        return f"template({', '.join(quote(n) for n in names)})"
    if k < 4 and epps:
        name = rng.choice(epps)
        if bad == "missing":
            name = rng.choice(["m/nope.epp", "m/t1"])
        args = rng.choice(EPP_ARGS) if rng.random() < 0.4 else "{'x' => 3, 'list' => ['l1']}"
        return f"epp({quote(name)}{', ' + args if args else ''})"
    if erbs:
        return f"template({quote(rng.choice(erbs))})"
    if epps:
        return f"epp({quote(rng.choice(epps))}, {{'x' => 3, 'list' => ['l1']}})"
    return "'none'"


CLASS = """class m(
  String $s = 'class s',
  $n = 42,
  Array $a = ['c1', 'c2'],
) {{
  $h = {{'k' => 1}}
  $t = 'in class'
  $b = false
  $ai = [1]
  $fl = 0.5
  $u = undef
  $r = [{renders}]
  notify {{ 'in m': message => String($r) }}
}}
"""
DEFINE = """define m::d($s = $title, $n = 1) {{
  $a = [$title]
  $h = {{}}
  $t = 'in define'
  $b = true
  $ai = [2, 3]
  $fl = 1.5
  $u = undef
  notify {{ "in ${{title}}": message => String([{renders}]) }}
}}
"""


def program(rng):
    files = {}
    bad = None
    if rng.random() < 0.25:
        bad = rng.choice(["erb", "epp", "missing"])
    erbs, epps = [], []
    for i in range(rng.randint(1, 3)):
        sub = "sub/" if rng.random() < 0.2 else ""
        if rng.random() < 0.6:
            name = f"m/{sub}t{i}.erb"
            files[f"modules/m/templates/{sub}t{i}.erb"] = erb_file(rng, bad == "erb" and i == 0)
            erbs.append(name)
        else:
            name = f"m/{sub}t{i}.epp"
            files[f"modules/m/templates/{sub}t{i}.epp"] = epp_file(rng, bad == "epp" and i == 0)
            epps.append(name)
    where = rng.choice(["top", "class", "define"])
    renders = ", ".join(render(rng, erbs, epps, bad if j == 0 else None)
                        for j in range(rng.randint(1, 3)))
    lines = [VARS]
    if where == "class":
        files["modules/m/manifests/init.pp"] = CLASS.format(renders=renders)
        lines.append(rng.choice(["include m", "class { 'm': s => 'given', n => 3 }"]))
        lines.append("$r = 'see the notify'")
    elif where == "define":
        files["modules/m/manifests/d.pp"] = DEFINE.format(renders=renders)
        lines.append("m::d { 'one': }")
        lines.append("$r = 'see the notify'")
    else:
        lines.append(f"$r = [{renders}]")
        lines.append("notify { 'out': message => String($r) }")
    lines.append("$r")
    return {"src": "\n".join(lines), "files": files}


def deviation(d):
    return None
