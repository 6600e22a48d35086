"""Modules' metadata.json as the reference reads it (session 35): a module whose metadata
lacks `source`, `author`, `version`, `license` or `dependencies` (or whose `dependencies`
is not an array) is left out of the environment with an error logged; one without
metadata.json, or with an empty object, is loaded. Each case has a modulepath of one
module (`tests/fixtures/metadata/`): the reference logs every module's error at start-up,
prepl the module's when it is first looked up (docs/deviations.md)."""

COMPILE_CATALOG = True
ENV_DIR = "tests/fixtures/control-repo/production"

ROOT = "tests/fixtures/metadata"


def cases(directory, module):
    mp = {"modulepath": [f"{ROOT}/{directory}"]}
    return [
        dict(mp, src=f"include {module}"),
        dict(mp, src=f"class {{ '{module}': p => 'y' }}"),
        dict(mp, src=f"{module}::thing {{ 'a': }}"),
        dict(mp, src=f"{module}::f()"),
        dict(mp, src=f"5 =~ {module.capitalize()}::Port"),
        dict(mp, src=f"epp('{module}/t.epp')"),
        dict(mp, src=f"defined('{module}')"),
    ]


def ruby_cases(directory, module):
    """A 4.x function of a module left out is not found; a 3.x one is (the reference's 3.x
    autoloader does not ask the environment's list of modules)."""
    mp = {"modulepath": [f"{ROOT}/{directory}"]}
    return [
        dict(mp, src=f"{module}::rf()"),
        dict(mp, src=f"{module}_top()"),
        dict(mp, src=f"{module}_three()"),
    ]


PROGRAMS = (
    cases("complete", "full")
    + cases("nometadata", "nometa")
    + cases("emptyobject", "emptyobj")
    + cases("nosource", "nosrc")
    + cases("noauthor", "noauth")
    + cases("nolicense", "nolic")
    + cases("depshash", "deps")
    + ruby_cases("complete", "full")
    + ruby_cases("nosource", "nosrc")
    + [
        # a module left out hides the one of its name later on the modulepath
        {"src": "include nosrc2", "modulepath": [f"{ROOT}/shadow", f"{ROOT}/later"]},
        {"src": "include nosrc2", "modulepath": [f"{ROOT}/later", f"{ROOT}/shadow"]},
        # the error is logged once, however often the module is looked up
        {"src": "include nosrc\n", "modulepath": [f"{ROOT}/nosource"]},
        {
            "src": "if defined('nosrc') { 1 } else { [defined('nosrc::thing'), defined('nosrc')] }",
            "modulepath": [f"{ROOT}/nosource"],
        },
        {"src": "notice(1)", "modulepath": [f"{ROOT}/complete"]},
    ]
)
