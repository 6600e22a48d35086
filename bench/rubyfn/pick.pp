# stdlib's pick() (3.x), 1,000 calls: native (stdlib on the modulepath) or from source (scripts/bench)
Integer[1, 1000].map |$i| { pick(undef, "x${i}") }[-1]
