# Catalog semantics that real modules fetched from the public code index (tests/github_modules,
# session 50) found prepl getting wrong, one small program each.
COMPILE_CATALOG = True

PROGRAMS = [
    # A class's or a define's parameter named with capitals (voxpupuli-ca_cert's
    # `$purge_unmanaged_CAs`) is downcased in the catalog, as `Puppet::Resource` keeps
    # every parameter; the code still names it as declared.
    "class c(Boolean $purge_unmanaged_CAs = false, $xY = 'a') { notify { 'n': message => \"${purge_unmanaged_CAs} ${xY}\" } }\ninclude c",
    "class c($aB) {}\nclass { 'c': aB => 1 }\nnotify { 'n': message => $c::aB }",
    "define d($someParam = 2, $other_Param = undef) { notify { $title: message => $someParam } }\nd { 't': someParam => 3, other_Param => 'x' }",
    "define d($someParam = 2) { notify { $title: message => $someParam } }\nd { 't': }\nD['t'] { someParam => 4 }",
    "define d($keyData) { }\nd { 't': keyData => Sensitive('secret') }",
    "class c($Mode = '0644', $mode2 = $Mode) {}\ninclude c",
]
