# stdlib's shell_escape(), 1,000 calls: native (stdlib on the modulepath) or from source (scripts/bench)
Integer[1, 1000].map |$i| { shell_escape("x${i} y") }[-1]
