"""A Ruby block given to a Puppet function from a template
(`scope.call_function('each', [list]) { |x| ... }`): the function calls it as its lambda
(iteration functions, `with`, `reduce`, `sort`, nested calls), output the block writes and
outer locals it changes are the template's, its parameters are optional as the reference reads
a Ruby block's, an error it raises is the template's (`rescue` around the call catches it
with its class), `break` leaves the function with its value; a function that takes no block
says so."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from erb_helpers import it  # noqa: E402


def e(expr, pre=""):
    return it(f"<%= {expr} %>", pre)


PROGRAMS = [
    it('<% scope.call_function("each", [[1, 2]]) { |x| %>item <%= x %>;<% } %>'),
    it('<% scope.call_function("each", [[1, 2]]) do |x| -%>\n- <%= x %>\n<% end -%>'),
    e('scope.call_function("map", [[1, 2]]) { |x| x * 10 }.inspect'),
    it('<% t = 0 %><% scope.call_function("each", [[1, 2, 3]]) { |x| t += x } %><%= t %>'),
    e('scope.call_function("filter", [{"a" => 1, "b" => 2}]) { |k, v| v > 1 }.inspect'),
    e('scope.call_function("filter", [[1, 2, 3, 4]]) { |x| x.even? }.inspect'),
    e('scope.call_function("reduce", [[1, 2, 3], 10]) { |m, x| m + x }'),
    e('scope.call_function("reduce", [[1, 2, 3]]) { |m, x| m * x }'),
    e('scope.call_function("with", [1, 2]) { |a, b| a + b }'),
    e('scope.call_function("with", [1]) { |a, b| b.inspect }'),
    e('scope.call_function("with", [1, 2]) { |a| a }'),
    e('scope.call_function("map", [[[1, 2], [3, 4]]]) { |a, b| a.to_s + b.to_s }.inspect'),
    e('scope.call_function("map", [{"k" => "v"}]) { |pair| pair.inspect }.inspect'),
    e('scope.call_function("map", [{"k" => "v"}]) { |k, v| k + v }.inspect'),
    e('scope.call_function("sort", [[3, 1, 2]]) { |a, b| b <=> a }.inspect'),
    e('scope.call_function("map", [[1, 2]]) { |x| scope.call_function("map", [[x]]) { |y| y + 100 } }.inspect'),
    e('scope.call_function("map", [[1, 2]]) { |x| scope["y"] + x }.inspect', "$y = 5"),
    e('scope.call_function("map", [[1, 2]]) { |x| @y * x }.inspect', "$y = 3"),
    e('scope.call_function("map", [[1, 2]]) { |x| scope["y"] + x }.inspect'),
    e('scope.call_function("any", [[1, 5]]) { |x| x > 4 }'),
    e('scope.call_function("all", [[1, 5]]) { |x| x > 4 }'),
    e('scope.call_function("index", [["a", "b"]]) { |x| x == "b" }'),
    e('scope.call_function("each", [3]) { |x| }.inspect'),
    e('scope.call_function("map", [[1, 2]]) { |x| "#{x}!" }.join(",")'),
    e('scope.call_function("upcase", ["x"]) { |a| a }'),
    it('<% scope.call_function("each", [[1]]) { |x| raise ArgumentError, "no" } %>'),
    it('<% begin; scope.call_function("each", [[1]]) { |x| raise ArgumentError, "no" }; '
       'rescue ArgumentError => e; %>caught <%= e.class %> <%= e.message %><% end %>'),
    it('<% begin; scope.call_function("each", [[1]]) { |x| nil + 1 }; '
       'rescue NoMethodError => e; %>caught <%= e.class %><% end %>'),
    e('scope.call_function("map", [[1, 2]]) { |x| x.nosuch }.inspect'),
    e('scope.call_function("map", [[1]]) { |x| scope.call_function("fail", ["inner"]) }'),
    # `break` leaves the function: the call gives the break's value
    e('scope.call_function("each", [[1, 2]]) { |x| break }.inspect'),
    e('scope.call_function("map", [[1, 2, 3]]) { |x| break x * 10 if x == 2; x }.inspect'),
    it('<% scope.call_function("each", [[1, 2, 3]]) { |x| %><%= x %><% break if x == 2 } %>.'),
    e('scope.call_function("map", [[1, 2, 3]]) { |x| next 0 if x == 2; x }.inspect'),
]
