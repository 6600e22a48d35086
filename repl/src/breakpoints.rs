//! The breakpoint commands (`:break`, `:breaks`, `:delete`, `:disable`, `:enable`), at the
//! session's prompt and the debugger's, and `:help debug`.

use prepl::eval::debug::commands::BreakCommand;
use prepl::eval::debug::Breakpoints;

/// `:help debug`.
pub const HELP: &str = "\
Breakpoints stop a compilation so that you can look at it from inside.

In code:   debug::break()                      stop here (puppet-debugger's name)
           debug::break($x > 3)                only when the condition is true
           debug::break({'if' => $x > 3})      the same
Without editing code (here or at the debugger's prompt; --break SPEC on the command line):
  :break CLASS                 entering the class
  :break DEFINE [TITLE]        entering an instance of the define (TITLE: a glob with * and ?,
                               or /regexp/)
  :break FILE:LINE             the first statement starting on that line (FILE: the end of
                               the path, manifests/init.pp, or In[3] for an input)
  :break function NAME         entering a function written in Puppet, calling a built-in
  :break error                 where an error is raised, in the scope that raises it,
                               before it unwinds (why did `include` fail?)
  :break resource TYPE[TITLE]  when such a resource is declared (TYPE alone: any title)
  :breaks                      list them (number, enabled, hits)
  :delete N, :disable N, :enable N

While stopped, the prompt names the place (debug Class[apache] init.pp:12>). Any expression
evaluates in the selected frame's scope (its parameters and variables, $title, $name, the
class's variables, facts, lookup() with the module's Hiera data); Tab completes its variables
and the commands. The frame's variables are read, not changed: `$x = ...` of a variable it
sees is an error; a new variable lasts until the compilation goes on. `:break error` stops
at errors of the finishing steps too (a define instance's parameters, relationships,
collectors), in the instance's scope or a frame of the finishing steps.
  :whereami [N]     the source around the current line (N lines each side; also :w)
  :stack            the Puppet stack: classes, defines (with their titles), functions and
                    lambdas, with file:line (also :bt)
  :up [N], :down [N]  select an outer / inner frame (:frame N selects frame N)
  :vars             the selected frame's variables with their types
  :catalog [...]    the catalog so far (as :catalog takes it)
  :type EXPR        the type of a value
  :continue   (:c)  go on until the next breakpoint
  :step       (:s)  to the next statement, entering calls, classes and defines
  :next       (:n)  to the next statement of this frame
  :finish     (:f)  until this frame returns
  :abort            stop the compilation: the input fails, the session is as before it
An empty line repeats the last :step or :next. Ctrl-C drops the line being typed, twice in
a row aborts; Ctrl-C while an expression runs interrupts it; Ctrl-D continues.
Without a terminal (prepl FILE < input, --catalog), a breakpoint reached is a Notice line
saying where, and evaluation goes on.";

/// What the breakpoint commands do to the breakpoints, as text (read and run by the
/// language crate's `debug::commands`, as the kernel's are).
pub fn breakpoint_command(
    breakpoints: &mut Breakpoints,
    word: &str,
    arg: &str,
) -> Result<String, String> {
    BreakCommand::parse(word, arg, ':')?.run(breakpoints, ':')
}
