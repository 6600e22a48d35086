"""Explanations in the notebook: the %why magic (nested HTML lists and text), and the
"Did you mean" line of errors."""

import unittest

from test_robustness import KernelCase


def displays(outputs):
    return [m["content"]["data"] for m in outputs if m["msg_type"] == "display_data"]


def errors(outputs):
    return [m["content"] for m in outputs if m["msg_type"] == "error"]


class WhyTests(KernelCase):
    def test_why_explains_a_mismatch_as_nested_lists(self):
        self.run_cell("type Port = Integer[1, 65535]\n$s = {'port' => 70000, 'tsl' => true}")
        reply, outputs = self.run_cell(
            "%why $s =~ Struct[{port => Port, Optional[tls] => Boolean}]")
        self.assertEqual(reply["status"], "ok", reply)
        data = displays(outputs)[0]
        self.assertEqual(sorted(data), ["text/html", "text/plain"])
        plain = data["text/plain"]
        self.assertTrue(plain.startswith("false: {'port' => 70000, 'tsl' => true} does not match"), plain)
        self.assertIn("\n- entry 'port' expects a Port = Integer[1, 65535] value, got Integer[70000, 70000]\n", plain)
        self.assertIn("\n  - Did you mean 'tls'?", plain)
        html = data["text/html"]
        self.assertIn("<ul", html)
        self.assertIn("unrecognized key &#39;tsl&#39;", html)
        self.assertGreaterEqual(html.count("<ul"), 3, html)

    def test_why_compares_types(self):
        _, outputs = self.run_cell("%why Integer[1, 10] < Integer[5, 20]")
        self.assertEqual(displays(outputs)[0]["text/plain"],
                         "false: Integer[1, 10] is not within Integer[5, 20]\n- 1 < 5")

    def test_why_errors(self):
        reply, outputs = self.run_cell("%why")
        self.assertEqual(reply["status"], "error")
        self.assertTrue(reply["evalue"].startswith("Usage: %why"), reply)
        reply, _ = self.run_cell("%why $nosuch =~ Integer")
        self.assertEqual(reply["ename"], "EvaluationError")
        reply, _ = self.run_cell("%wyh 1 =~ Integer")
        self.assertEqual(reply["ename"], "UsageError")
        self.assertIn("Did you mean %why?", reply["evalue"])

    def test_errors_suggest_close_names_on_a_line_of_their_own(self):
        reply, outputs = self.run_cell("[1].fliter |$x| { true }")
        self.assertEqual(reply["evalue"], "Evaluation Error: Unknown function: 'fliter'.")
        traceback = errors(outputs)[0]["traceback"]
        self.assertEqual(traceback[-1], "\x1b[1mDid you mean 'filter'?\x1b[0m")


if __name__ == "__main__":
    unittest.main()
