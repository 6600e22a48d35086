"""CPython twin of bench/programs/range_map_reduce.pp (the yardstick of docs/benchmarks.md):
map, filter and reduce with lambdas over the range, each step building its list as the
Puppet functions build their arrays.

Prints the result on stdout and its in-process evaluation time on stderr, as `prepl --time`
does.
"""
import functools
import sys
import time

started = time.perf_counter()
doubled = list(map(lambda x: x * 2, range(1, 100001)))
kept = list(filter(lambda x: x % 3 == 0, doubled))
result = functools.reduce(lambda m, x: m + x, kept)
elapsed = time.perf_counter() - started
print(result)
print(f"Evaluation time: {elapsed:.6f} s", file=sys.stderr)
