"""CPython twin of bench/programs/range_map_reduce.pp (the yardstick of docs/benchmarks.md):
map, filter and reduce with lambdas over the range, each step building its list as the
Puppet functions build their arrays.

Prints the result on stdout and its in-process evaluation time on stderr, as `prepl --time`
does; with an argument N it does the work N times in this process and prints each time
(as `prepl --time --repeat N`).
"""
import functools
import sys
import time


def work():
    doubled = list(map(lambda x: x * 2, range(1, 100001)))
    kept = list(filter(lambda x: x % 3 == 0, doubled))
    return functools.reduce(lambda m, x: m + x, kept)


for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
    started = time.perf_counter()
    result = work()
    elapsed = time.perf_counter() - started
    print(f"Evaluation time: {elapsed:.6f} s", file=sys.stderr)
print(result)
