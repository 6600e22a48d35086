//! Whole programs run through a session, compared with what the reference gives for them
//! (results in `%p` form, errors with their prefix, as `puppet-oracle` prints them).

use crate::format::to_programmatic;
use crate::Session;

fn run(src: &str) -> Result<String, String> {
    Session::new()
        .eval(src)
        .map(|v| to_programmatic(&v))
        .map_err(|e| e.full_message())
}

fn check(cases: &[(&str, Result<&str, &str>)]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(src, want)| {
            let want = want.map(str::to_string).map_err(str::to_string);
            let got = run(src);
            (got != want).then(|| format!("{src}\n    want {want:?}\n    got  {got:?}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn agrees_with_the_reference() {
    check(&[
        ("Regexp('(')", Err("Evaluation Error: Error while evaluating a Function Call, end pattern with unmatched parenthesis: /(/")),
        ("Regexp(')')", Err("Evaluation Error: Error while evaluating a Function Call, unmatched close parenthesis: /)/")),
        ("Regexp('*a')", Err("Evaluation Error: Error while evaluating a Function Call, target of repeat operator is not specified: /*a/")),
        ("Init[Integer]('12')", Ok("12")),
        ("Init[Float]('1.5')", Ok("1.5")),
        ("Init[Integer]([1])", Ok("1")),
        ("Init[Array[Integer]]([1])", Ok("[1]")),
        ("Struct[{a => Integer}]({a => '1'})", Err("Evaluation Error: Error while evaluating a Function Call, Converted value from Struct[{'a' => Integer}].new() has wrong type, entry 'a' expects an Integer value, got String")),
        ("Struct[{a => Integer, b => String}]({a => 1, b => 2})", Err("Evaluation Error: Error while evaluating a Function Call, Converted value from Struct[{'a' => Integer, 'b' => String}].new() has wrong type, entry 'b' expects a String value, got Integer")),
        ("Tuple[Integer, String]([1, 2])", Err("Evaluation Error: Error while evaluating a Function Call, Converted value from Tuple[Integer, String].new() has wrong type, index 1 expects a String value, got Integer")),
        ("Array[Integer]([1, 'a'])", Err("Evaluation Error: Error while evaluating a Function Call, Converted value from Array[Integer].new() has wrong type, index 1 expects an Integer value, got String")),
        ("Hash[String, Integer]({a => 'b'})", Err("Evaluation Error: Error while evaluating a Function Call, Converted value from Hash[String, Integer].new() has wrong type, entry 'a' expects an Integer value, got String")),
        ("Integer[0,10]('0xFF')", Err("Evaluation Error: Error while evaluating a Function Call, Converted value from Integer[0, 10].new() has wrong type, expects an Integer[0, 10] value, got Integer[255, 255]")),
        ("Init[Optional[Integer]]('3')", Err("Evaluation Error: Error while evaluating a Function Call, Creation of new instance of type 'Optional[Integer]' is not supported")),
        ("Init[Init[Integer]]('3')", Err("Evaluation Error: Error while evaluating a Function Call, Creation of new instance of type 'Init[Integer]' is not supported")),
        ("Init[Hash]([a, 1])", Ok("{'a' => 1}")),
        ("Array[String]([1, 2])", Err("Evaluation Error: Error while evaluating a Function Call,  Converted value from Array[String].new() has wrong type, index 0 expects a String value, got Integer\n  Converted value from Array[String].new() has wrong type, index 1 expects a String value, got Integer")),
        ("String(1, {Integer => 5})", Err("Evaluation Error: Error while evaluating a Function Call, 'new_string' parameter 'string_formats' expects a Formats = Variant[Default, String[1], TypeMap = Hash[Type, Variant[Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/], ContainerFormat = Struct[{Optional['format'] => Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/], Optional['separator'] => String, Optional['separator2'] => String, Optional['string_formats'] => Hash[Type, Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/]]}]]]] value, got Hash")),
        ("String(1, {Integer => 'x'})", Err("Evaluation Error: Error while evaluating a Function Call, 'new_string' parameter 'string_formats' expects a Formats = Variant[Default, String[1], TypeMap = Hash[Type, Variant[Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/], ContainerFormat = Struct[{Optional['format'] => Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/], Optional['separator'] => String, Optional['separator2'] => String, Optional['string_formats'] => Hash[Type, Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/]]}]]]] value, got Hash")),
        ("Init[Integer, 16]('ff')", Err("Evaluation Error: Error while evaluating a Function Call, 'new' The string 'ff' cannot be converted to Integer")),
    ]);
}
