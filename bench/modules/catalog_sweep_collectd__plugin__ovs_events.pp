# One of the ten slowest classes of the module sweep relative to the reference
# (bench/modules/sweep_rank.py, session 20), Debian 12 facts.
# modulepath: sweep
include collectd::plugin::ovs_events
