"""CPython twin of bench/programs/fib.pp (the yardstick of docs/benchmarks.md).

Prints the result on stdout and its in-process evaluation time on stderr, as `prepl --time`
does; with an argument N it does the work N times in this process and prints each time
(as `prepl --time --repeat N`). The Puppet function checks its parameter's and its
result's types; so does this one.
"""
import sys
import time


def fib(n):
    if not isinstance(n, int):
        raise TypeError("n")
    r = n if n < 2 else fib(n - 1) + fib(n - 2)
    if not isinstance(r, int):
        raise TypeError("result")
    return r


for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
    started = time.perf_counter()
    result = fib(20)
    elapsed = time.perf_counter() - started
    print(f"Evaluation time: {elapsed:.6f} s", file=sys.stderr)
print(result)
