"""Facts in the notebook: this machine's by default, the %facts magic (show, set one,
facterdb sets, back to this machine's), and the runtime variables ($trusted, $environment)."""

import os
import unittest

from test_robustness import KernelCase


def displays(outputs):
    return [m["content"]["data"] for m in outputs if m["msg_type"] == "display_data"]


def value(outputs):
    for m in outputs:
        if m["msg_type"] == "execute_result":
            return m["content"]["data"]["text/plain"]
    return None


class FactsTests(KernelCase):
    def test_this_machines_facts_and_the_runtime_variables(self):
        self.run_cell("%facts local")
        reply, outputs = self.run_cell(
            "[$facts['kernel'], $kernel, $os['family'] =~ String, $environment, "
            "$trusted['authenticated'], $server_facts['environment']]")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(value(outputs), "['Linux', 'Linux', true, 'production', 'local', 'production']")

    def test_the_facts_magic(self):
        # The tests share a kernel: this machine's facts again first.
        reply, outputs = self.run_cell("%facts local")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertIn(" facts from this machine (", displays(outputs)[0]["text/plain"])
        reply, outputs = self.run_cell("%facts")
        self.assertEqual(reply["status"], "ok", reply)
        plain = displays(outputs)[0]["text/plain"]
        self.assertIn("'kernel' => 'Linux'", plain)
        self.assertIn("(from this machine (", plain)
        reply, outputs = self.run_cell("%facts set os.family=RedHat")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(displays(outputs)[0]["text/plain"], "$facts['os']['family'] = 'RedHat'")
        _, outputs = self.run_cell("$os['family']")
        self.assertEqual(value(outputs), "'RedHat'")
        reply, _ = self.run_cell("%facts set nothing")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "FactsError")

    @unittest.skipUnless(os.path.isdir("/usr/share/rubygems-integration/all/gems"),
                         "facterdb is not installed")
    def test_facterdb_sets(self):
        reply, outputs = self.run_cell("%facts for os.family=RedHat and os.release.major=8")
        if reply["status"] == "error" and "not installed" in reply["evalue"]:
            self.skipTest("facterdb is not installed")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertIn(" facts from facterdb ", displays(outputs)[0]["text/plain"])
        _, outputs = self.run_cell("[$osfamily, $facts['os']['release']['major']]")
        self.assertEqual(value(outputs), "['RedHat', '8']")
        reply, _ = self.run_cell("%facts for nosuch-1")
        self.assertEqual(reply["status"], "error")
        self.assertIn("No facterdb fact set matches 'nosuch-1'", reply["evalue"])


if __name__ == "__main__":
    unittest.main()
