"""The standard kernel conformance tests of jupyter_kernel_test, for the Puppet kernel."""

import unittest

import jupyter_kernel_test


class PuppetKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "puppet"
    language_name = "puppet"
    file_extension = ".pp"

    # notice() and friends log on stdout, warning() and above on stderr.
    code_hello_world = "notice('hello, world')"
    code_stderr = "warning('careful')"

    completion_samples = [
        {"text": "noti", "matches": {"notice", "notify"}},  # a function, a resource type
        {"text": "notify { 'x': messa", "matches": {"message"}},  # an attribute
        {"text": "Intege", "matches": {"Integer"}},
        {"text": "$completion_sample_var = 1\n$completion_sample_v",
         "matches": {"$completion_sample_var"}},  # assigned earlier in the cell
        {"text": "unl", "matches": {"unless"}},
    ]

    complete_code_samples = [
        "1 + 2",
        "$x = [1, 2, 3]",
        "if true { notice('yes') }",
        "function f($x) { $x * 2 }",
        "",
    ]
    incomplete_code_samples = [
        "if true {",
        "$x = [1,\n2,",
        "'an unterminated string",
        "$h = {'a' =>",
        "[1, 2, 3].map |$x| {",
    ]
    invalid_code_samples = [
        "1 + + }",
        "$x = )",
        "}",
    ]

    code_generate_error = "fail('this cell fails')"

    code_execute_result = [
        {"code": "1 + 2", "result": "3"},
        {"code": "'abc'", "result": "'abc'"},
        {"code": "[1, 2, 3].map |$x| { $x * 2 }", "result": "[2, 4, 6]"},
        {"code": "{'a' => 1}", "mime": "text/html"},
        {"code": "Integer", "result": "Integer"},
    ]

    code_display_data = [
        {"code": "display('<b>bold</b>', 'text/html')", "mime": "text/html"},
        {"code": "display({'a' => 1})", "mime": "text/html"},
        {"code": "display('# Title', 'text/markdown')", "mime": "text/markdown"},
        {"code": "display([1, 'two'], 'application/json')", "mime": "application/json"},
    ]

    code_history_pattern = "1 +*"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "notice"

    code_clear_output = "notice('before') clear_output()"

    code_page_something = "help('notice')"


if __name__ == "__main__":
    unittest.main()
