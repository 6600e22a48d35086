class mymod(Integer $port, String $only_module, String $absent = 'dflt') {
  notify { "port ${port} ${only_module} ${absent}": }
}
