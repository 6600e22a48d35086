//! Whole programs run through a session, compared with what the reference gives for them
//! (results in `%p` form, errors with their prefix, as `puppet-oracle` prints them).

use crate::test_support::check;

#[test]
fn binary_agrees_with_the_reference() {
    check(&[
        ("Binary('aGVsbG8=')", Ok("Binary(\"aGVsbG8=\")")),
        ("Binary('hello', '%s')", Ok("Binary(\"aGVsbG8=\")")),
        ("Binary('hello', '%r')", Ok("Binary(\"aGVsbG8=\")")),
        ("Binary('aGVsbG8', '%B')", Err("Evaluation Error: Error while evaluating a Function Call, invalid base64")),
        ("Binary('aGVsbG8=', '%B')", Ok("Binary(\"aGVsbG8=\")")),
        ("Binary('aGVsbG8', '%b')", Ok("Binary(\"aGVsbG8=\")")),
        ("Binary('a-_b', '%u')", Ok("Binary(\"a+/b\")")),
        ("Binary('!!!')", Err("Evaluation Error: Error while evaluating a Function Call, invalid base64")),
        ("Binary([104, 105])", Ok("Binary(\"aGk=\")")),
        ("Binary([256])", Err("Evaluation Error: Error while evaluating a Function Call, The function 'new_Binary' was called with arguments it does not accept. It expects one of:\n  (String str, Base64Format = Enum['%B', '%b', '%r', '%s', '%u'] format?)\n    rejected: parameter 'str' expects a String value, got Tuple\n  (Array[ByteInteger] byte_array)\n    rejected: parameter 'byte_array' index 0 expects a ByteInteger = Integer[0, 255] value, got Integer[256, 256]\n  (BinaryArgsHash = Variant[StringHash = Struct[{'value' => String, 'format' => Optional[Base64Format = Enum['%B', '%b', '%r', '%s', '%u']]}], ArrayHash = Struct[{'value' => Array[ByteInteger = Integer[0, 255]]}]] hash_args)\n    rejected: parameter 'hash_args' expects a BinaryArgsHash = Variant[StringHash = Struct[{'value' => String, 'format' => Optional[Base64Format = Enum['%B', '%b', '%r', '%s', '%u']]}], ArrayHash = Struct[{'value' => Array[ByteInteger = Integer[0, 255]]}]] value, got Tuple")),
        ("Binary('')", Ok("Binary(\"\")")),
        ("Binary", Ok("Binary")),
        ("Binary[1]", Err("Evaluation Error: Operator '[]' is not applicable to a Binary-Type.")),
        ("String(Binary('hello', '%s'))", Ok("'aGVsbG8='")),
        ("String(Binary('hello', '%s'), '%s')", Ok("'hello'")),
        ("String(Binary('hello', '%s'), '%p')", Ok("'Binary(\"aGVsbG8=\")'")),
        ("String(Binary('hello', '%s'), '%B')", Ok("'aGVsbG8='")),
        ("String(Binary('hello', '%s'), '%u')", Ok("'aGVsbG8='")),
        ("String(Binary('hello', '%s'), '%r')", Err("Evaluation Error: Error while evaluating a Function Call, Illegal format 'r' specified for value of Binary type - expected one of the characters 'bButTsp'")),
        ("String(Binary([255], '%s'), '%s')", Err("Evaluation Error: Error while evaluating a Function Call, The function 'new_Binary' was called with arguments it does not accept. It expects one of:\n  (String str, Base64Format = Enum['%B', '%b', '%r', '%s', '%u'] format?)\n    rejected: parameter 'str' expects a String value, got Tuple\n  (Array[ByteInteger] byte_array)\n    rejected: expects 1 argument, got 2\n  (BinaryArgsHash = Variant[StringHash = Struct[{'value' => String, 'format' => Optional[Base64Format = Enum['%B', '%b', '%r', '%s', '%u']]}], ArrayHash = Struct[{'value' => Array[ByteInteger = Integer[0, 255]]}]] hash_args)\n    rejected: expects 1 argument, got 2")),
        ("String(Binary([255]), '%s')", Err("Evaluation Error: Error while evaluating a Function Call, \"\\xFF\" from ASCII-8BIT to UTF-8")),
        ("String(Binary([255]))", Ok("'/w=='")),
        ("[Binary('aGk=')]", Ok("[Binary(\"aGk=\")]")),
        ("\"${Binary('aGk=')}\"", Ok("'aGk='")),
        ("type(Binary('aGk='))", Ok("Binary")),
        ("type(Binary('aGk='), 'generalized')", Ok("Binary")),
        ("Binary('aGk=') =~ Binary", Ok("true")),
        ("Binary('aGk=') =~ Scalar", Ok("false")),
        ("Binary('aGk=') =~ ScalarData", Ok("false")),
        ("Binary('aGk=') =~ RichData", Ok("true")),
        ("Binary('aGk=') =~ Data", Ok("false")),
        ("Binary < Scalar", Ok("false")),
        ("Binary < RichData", Ok("true")),
        ("Binary < Any", Ok("true")),
        ("Binary('aGk=') == Binary('aGk=')", Ok("true")),
        ("Binary('aGk=') == 'hi'", Ok("false")),
        ("{Binary('aGk=') => 1}", Ok("{Binary(\"aGk=\") => 1}")),
        ("Integer(Binary('aGk='))", Err("Evaluation Error: Error while evaluating a Function Call, 'new' Value of type Binary cannot be converted to Integer")),
        ("Binary(Binary('aGk='))", Ok("Binary(\"aGk=\")")),
        ("Binary('aGk=', '%x')", Err("Evaluation Error: Error while evaluating a Function Call, The function 'new_Binary' was called with arguments it does not accept. It expects one of:\n  (String str, Base64Format = Enum['%B', '%b', '%r', '%s', '%u'] format?)\n    rejected: parameter 'format' expects a match for Base64Format = Enum['%B', '%b', '%r', '%s', '%u'], got '%x'\n  (Array[ByteInteger] byte_array)\n    rejected: expects 1 argument, got 2\n  (BinaryArgsHash = Variant[StringHash = Struct[{'value' => String, 'format' => Optional[Base64Format = Enum['%B', '%b', '%r', '%s', '%u']]}], ArrayHash = Struct[{'value' => Array[ByteInteger = Integer[0, 255]]}]] hash_args)\n    rejected: expects 1 argument, got 2")),
        ("Binary(1)", Err("Evaluation Error: Error while evaluating a Function Call, The function 'new_Binary' was called with arguments it does not accept. It expects one of:\n  (String str, Base64Format = Enum['%B', '%b', '%r', '%s', '%u'] format?)\n    rejected: parameter 'str' expects a String value, got Integer\n  (Array[ByteInteger] byte_array)\n    rejected: parameter 'byte_array' expects an Array value, got Integer\n  (BinaryArgsHash = Variant[StringHash = Struct[{'value' => String, 'format' => Optional[Base64Format = Enum['%B', '%b', '%r', '%s', '%u']]}], ArrayHash = Struct[{'value' => Array[ByteInteger = Integer[0, 255]]}]] hash_args)\n    rejected: parameter 'hash_args' expects a BinaryArgsHash = Variant[StringHash = Struct[{'value' => String, 'format' => Optional[Base64Format = Enum['%B', '%b', '%r', '%s', '%u']]}], ArrayHash = Struct[{'value' => Array[ByteInteger = Integer[0, 255]]}]] value, got Integer")),
    ]);
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
            ("Hash([[a, [b, 1]]], 'tree')", Err("Evaluation Error: Error while evaluating a Function Call, The function 'new_hash' was called with arguments it does not accept. It expects one of:\n  (TreeArray = Array[Tuple[Array, Any], 1] from, NewHashOption = Enum['hash_tree', 'tree'] build_option?)\n    rejected: parameter 'from' index 0 index 0 expects an Array value, got String\n  (KeyValueArray = Array[Tuple[Any, Any], 1] from)\n    rejected: expects 1 argument, got 2\n  (Any from)\n    rejected: expects 1 argument, got 2")),
        ("Struct({a => 1})", Err("Evaluation Error: Error while evaluating a Function Call, Converted value from Struct.new() has wrong type, unrecognized key 'a'")),
        ("Hash([], 'tree')", Err("Evaluation Error: Error while evaluating a Function Call, The function 'new_hash' was called with arguments it does not accept. It expects one of:\n  (TreeArray = Array[Tuple[Array, Any], 1] from, NewHashOption = Enum['hash_tree', 'tree'] build_option?)\n    rejected: parameter 'from' expects size to be at least 1, got 0\n  (KeyValueArray = Array[Tuple[Any, Any], 1] from)\n    rejected: expects 1 argument, got 2\n  (Any from)\n    rejected: expects 1 argument, got 2")),
        ("Hash(1, 'tree')", Err("Evaluation Error: Error while evaluating a Function Call, The function 'new_hash' was called with arguments it does not accept. It expects one of:\n  (TreeArray = Array[Tuple[Array, Any], 1] from, NewHashOption = Enum['hash_tree', 'tree'] build_option?)\n    rejected: parameter 'from' expects a TreeArray = Array[Tuple[Array, Any], 1] value, got Integer\n  (KeyValueArray = Array[Tuple[Any, Any], 1] from)\n    rejected: expects 1 argument, got 2\n  (Any from)\n    rejected: expects 1 argument, got 2")),
        ("Hash([[[a], 1]], 'tree')", Ok("{'a' => 1}")),
        ("Struct({})", Ok("{}")),
    ]);
}
