"""`%reset`: a fresh session (empty catalog, no variables, functions, aliases, class or define
definitions) that keeps the settings (`%set`), the environment (`%env`), the facts (`%facts
set`) and the breakpoints, and whose cells can still be interrupted; `%lsmagic` lists it."""

import os
import time
import unittest

from test_robustness import KernelCase

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENV = os.path.join(ROOT, "tests", "fixtures", "control-repo", "production")


class ResetTests(KernelCase):
    def ok(self, code):
        reply, outputs = self.run_cell(code)
        self.assertEqual(reply["status"], "ok", (code, reply))
        return outputs

    def text_of(self, outputs):
        return "".join(m["content"]["data"].get("text/plain", "")
                       for m in outputs if m["msg_type"] in ("display_data", "execute_result"))

    def test_reset_frees_the_session_and_keeps_its_settings(self):
        self.ok(f"%env {ENV}")
        self.ok("%set strict warning")
        self.ok("%set integer-bounds spec")
        self.ok("%facts set os.family=Plan9")
        self.ok("%break function nothing_calls_this")
        self.ok("$x = 1 function f() { 2 } type T = Integer class c { } "
                "define d() { } file { '/tmp/r': } include webapp::motd")
        outputs = self.ok("%reset")
        self.assertIn("The session was reset", self.text_of(outputs))
        # Everything the cells made is gone...
        self.assertEqual(self.text_of(self.ok("%catalog")).count("File["), 0)
        self.assertEqual(self.result_text(
            "[defined('$x'), defined('f'), defined('c'), defined('d'), defined(File['/tmp/r'])]"),
            "[false, false, false, false, false]")
        reply, _ = self.run_cell("f()")
        self.assertEqual(reply["status"], "error")
        # ...the settings, environment, facts and breakpoints are kept.
        self.assertEqual(self.result_text("[$unknown_after_reset]"), "[undef]")  # strict warning
        self.assertEqual(self.result_text("Integer[1]"), "Integer[1, 1]")  # integer-bounds spec
        self.assertEqual(self.result_text("$facts['os']['family']"), "'Plan9'")
        self.assertIn(ENV, self.text_of(self.ok("%env")))
        self.ok("include webapp::motd")  # loaded again from the environment
        self.assertIn("nothing_calls_this", self.text_of(self.ok("%breaks")))
        self.ok("%delete all")

    def test_a_cell_after_reset_can_be_interrupted(self):
        self.ok("%reset")
        msg_id = self.kc.execute("Integer[1, 1000000000].each |$i| { $i }")
        time.sleep(1)
        self.km.interrupt_kernel()
        reply = self.kc.get_shell_msg(timeout=60)
        while reply["parent_header"].get("msg_id") != msg_id:
            reply = self.kc.get_shell_msg(timeout=60)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "Interrupted")
        self.assert_alive()

    def test_lsmagic_lists_reset_and_usage_errors(self):
        text = self.text_of(self.ok("%lsmagic"))
        self.assertIn("%reset", text)
        self.assertIn("%catalog", text)
        reply, _ = self.run_cell("%reset now")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["evalue"], "Usage: %reset")
        reply, _ = self.run_cell("%rest")
        self.assertIn("%reset", reply["evalue"])


if __name__ == "__main__":
    unittest.main()
