"""The area `grammar`'s catalog forms of real modules it did not make (session 53), each a
`Catalog` step (`grammar_catalog`):

- collectors whose queries compare with variables, hash entries, facts and match
  variables, as modules write them (`<| title == $service_name |>`, `<| tag ==
  $trusted['certname'] |>`, `<| title == $1 or name == $1 |>`), in nested `and`/`or`, with
  an override block or as a relationship's operand (not literal arrays, calls or negative
  numbers there: the reference's query transformer refuses them, docs/deviations.md);
- declarations chained by arrows (`notify { 'a': } -> notify { 'b': } ~> notify { 'c': }`);
- a defined type's instances with a `default:` body (`gd { default: p => 1; 'a': ; 'b': p
  => 2 }`);
- selectors over facts in a resource's body (`loglevel => $facts['is_virtual'] ? { true =>
  'info', default => 'notice' }`)."""
from areas.grammar_base import WORDS, sq


def operand(c, title):
    """An operand a query compares `title` with: a variable or a hash entry assigned just
    before (its statement, or None), a string holding it."""
    g, r = c.g, c.r
    k = r.randrange(3)
    if k == 0:
        v = g.fresh("q")
        return f"${v}", f"${v} = {sq(title)}"
    if k == 1:
        v = g.fresh("q")
        key = r.choice(["name", "t", "service_name"])
        return f"${v}['{key}']", f"${v} = {{ '{key}' => {sq(title)} }}"
    return f'"{title}"', None


def query_collector(c):
    """A collector whose query compares with variables (and facts, match variables)."""
    g, r = c.g, c.r
    if not c.notifies:
        return
    title = r.choice(c.notifies)
    got, setup = operand(c, title)
    if setup:
        c.emit(setup)
    atoms = [f"title == {got}", f"name == {got}", f"tag == $facts['kernel']",
             f"tag == {sq(r.choice(['t1', 't2', 'm::n']))}", f"title != {sq(r.choice(WORDS))}",
             f"message != $facts['os']['family']"]
    q = atoms[0] if r.random() < 0.5 else atoms[1]
    for _ in range(r.choice([0, 1, 2])):
        other = r.choice(atoms)
        q = r.choice([f"{q} or {other}", f"({q}) and {other}", f"{other} and ({q})",
                      f"({q} or {other}) and ({r.choice(atoms)} or {r.choice(atoms)})"])
    coll = f"Notify <| {q} |>"
    k = r.randrange(4)
    if k == 0:
        coll += f" {{ message => {g.e('str', 1, 0)} }}"
    elif k == 1:
        coll = f"{coll} -> notify {{ {sq(g.fresh('r'))}: }}"
    if r.random() < 0.25:
        # (the match's groups as the operand: `title == $1`)
        pattern = "/^(" + title + ")$/"
        coll = f"if {sq(title)} =~ {pattern} {{ {coll.replace(got, '$1')} }}"
    c.emit(coll)


def chain(c):
    """Declarations chained by arrows, each a new notify."""
    g, r = c.g, c.r
    titles = [g.fresh("r") for _ in range(r.randint(2, 4))]
    parts = []
    for t in titles:
        attrs = f" message => {g.e('str', 1, 0)}" if r.random() < 0.4 else ""
        parts.append(f"notify {{ {sq(t)}:{attrs} }}")
    src = parts[0]
    for p in parts[1:]:
        src += f" {r.choice(['->', '~>', '->', '<-', '<~'])} {p}"
    c.notifies += titles
    c.real += titles
    c.emit(src)


def defaulted_instances(c):
    """A defined type's instances in one declaration with a `default:` body."""
    g, r = c.g, c.r
    if not c.defines:
        return
    name, params = r.choice(c.defines)
    optional = [(n, k) for n, k, dflt in params if dflt]
    required = [(n, k) for n, k, dflt in params if not dflt]
    default = ", ".join(f"{n} => {g.e(k, 1, 0)}" for n, k in required + r.sample(optional, min(1, len(optional))))
    bodies = [f"default: {default}"]
    titles = [g.fresh("i") for _ in range(r.randint(1, 3))]
    for t in titles:
        given = [(n, k) for n, k in optional + required if r.random() < 0.3]
        bodies.append(f"{sq(t)}: " + ", ".join(f"{n} => {g.e(k, 1, 0)}" for n, k in given))
    r.shuffle(bodies)
    c.emit(f"{name} {{ {'; '.join(bodies)} }}")
    c.instances += [(name, t) for t in titles]


def fact_selector_notify(c):
    """A notify whose attributes are selectors over facts."""
    g, r = c.g, c.r
    t = g.fresh("r")
    level = "$facts['is_virtual'] ? { true => 'info', default => 'notice' }"
    message = r.choice([
        "$facts['os']['family'] ? { 'Debian' => 'apt', /^(Red)Hat$/ => \"${1}-yum\", default => $facts['kernel'] }",
        "$facts['kernel'] ? { /(?i:windows)/ => 'C:/', default => '/' }",
        f"$facts['processors']['count'] ? {{ 1 => 'one', Integer[2, 8] => 'some', default => {g.e('str', 1, 0)} }}"])
    attrs = [f"message => {message}"] + ([f"loglevel => {level}"] if r.random() < 0.5 else [])
    c.emit(f"notify {{ {sq(t)}: {', '.join(attrs)} }}")
    c.notifies.append(t)
    c.real.append(t)
