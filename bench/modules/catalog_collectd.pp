# Debian's packaged collectd module (the module sweep's modules: tests/module_sweep/fetch.py),
# Debian 12 facts.
# modulepath: sweep
include collectd
