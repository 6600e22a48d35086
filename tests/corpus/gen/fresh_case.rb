# Preloaded into the reference oracle (RUBYOPT=-r<this file>, see regen.sh) so that each case
# of a `--jsonl` batch is answered as if it ran in its own process.
#
# The reference issues some warnings once per process: deprecation warnings (the `hiera*`
# functions, ...) and `warn_once` warnings are remembered in `$deprecation_warnings` and
# `$unique_warnings` and never repeated, `warnonce` warnings (a class or define parameter named
# like a metaparameter) in Puppet::Util::Warnings' table. In a batch, only the first case that
# triggers one would show it, and what a case logs would depend on the cases before it. prepl runs each
# case in a fresh session, as `puppet apply` runs each manifest in a fresh process, so the
# expected log is the one of a fresh process: the tables are emptied before each case.
# So is what the autoloader of 3.x functions loaded (`Puppet::Util::Autoload.loaded`, the
# entries under `puppet/parser/functions/`): the deprecated
# `Puppet::Parser::Functions.autoloader.loaded?(name)` (stdlib's `has_ip_address`) answers
# from it, true in every case after the first that loaded the function.
# And the type formatter (`TypeFormatter.singleton`, one per thread): printing a TypeSet
# (`%p`, `String(ts)`, a TypeSet in a message) sets its `@type_set` and restores it only on an
# exception (`string_PTypeSetType` has `rescue` where `ensure` is meant), so every later case
# of the process printed a type alias by its name alone (`A`, not `A = Enum['a']`: `%p` of an
# alias, the signatures of failed dispatches). A fresh process has no formatter yet: it is
# dropped before each case and made anew when first used.
module PreplFreshCase
  def each_line(*args, &blk)
    super(*args) do |line|
      $deprecation_warnings&.clear
      $unique_warnings&.clear
      Puppet::Util::Warnings.clear_warnings if defined?(Puppet::Util::Warnings)
      Thread.current.thread_variable_set(:'Puppet::Pops::Types::TypeFormatter.singleton', nil)
      if defined?(Puppet::Util::Autoload)
        Puppet::Util::Autoload.loaded.delete_if { |name, _| name.start_with?('puppet/parser/functions/') }
      end
      blk.call(line)
    end
  end
end
STDIN.singleton_class.prepend(PreplFreshCase)
