"""CPython twin of bench/programs/fib.pp (the yardstick of docs/benchmarks.md).

Prints the result on stdout and its in-process evaluation time on stderr, as `prepl --time`
does. The Puppet function checks its parameter's and its result's types; so does this one.
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


started = time.perf_counter()
result = fib(20)
elapsed = time.perf_counter() - started
print(result)
print(f"Evaluation time: {elapsed:.6f} s", file=sys.stderr)
