# Catalog semantics the parameter sweep (tests/param_sweep: real classes and defines
# declared with random values of their parameters' types) found prepl getting wrong, one
# small program each.
COMPILE_CATALOG = True

PROGRAMS = [
    # create_resources: an instance's parameters that are no hash are Ruby's TypeError when
    # merged into the defaults (aodh::config), after the instances before it are declared;
    # a third argument that is no hash is the function's error.
    "create_resources('notify', {'a' => 'foo'})",
    "create_resources('notify', {'a' => 1})",
    "create_resources('notify', {'a' => true})",
    "create_resources('notify', {'a' => [1]})",
    "create_resources('notify', {'a' => undef})",
    "create_resources('notify', {'a' => 1.5})",
    "create_resources('notify', {'a' => {}, 'b' => 'x'})",
    "notify { 'a': } create_resources('notify', {'a' => {}, 'b' => 'x'})",
    "create_resources('notify', {'a' => {}}, 'bar')",
    "create_resources('notify', {'a' => {}}, undef)",
    "create_resources('notify', 'x', 'bar')",
    "create_resources('bogus', {}, 'bar')",
    "class c($p = 1) {} create_resources('class', {'c' => 'x'})",
]
