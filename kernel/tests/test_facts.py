"""Facts in the notebook: this machine's by default, the %facts magic (show, set one,
facterdb sets, back to this machine's), the runtime variables ($trusted, $environment), the
facts the agent adds ($clientversion, ...) and the strictness (%set strict)."""

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

    def test_the_facts_puppet_apply_adds_and_the_strictness(self):
        # What `puppet apply --noop` adds to any fact set (issue 37), kept by `%facts set`.
        self.run_cell("%facts local")
        self.run_cell("%facts set clientversion=6.28.0")
        reply, outputs = self.run_cell(
            "[$clientversion, $facts['puppetversion'], $facts['facterversion'], $clientnoop, "
            "$clientcert == $trusted['certname']]")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(value(outputs), "['6.28.0', '7.23.0', '4.3.0', true, true]")
        self.run_cell("%facts local")
        # `%set strict warning`: an unknown variable is undef, with the reference's warning.
        reply, outputs = self.run_cell("%set strict warning")
        self.assertEqual(reply["status"], "ok", reply)
        reply, outputs = self.run_cell("[$nosuch, $settings::strict]")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(value(outputs), "[undef, 'warning']")
        streams = "".join(m["content"]["text"] for m in outputs if m["msg_type"] == "stream")
        # (located in the cell, named as the reference names a file)
        self.assertRegex(
            streams,
            r"^Warning: Unknown variable: 'nosuch'\. \(file: In\[\d+\], line: 1, column: 2\)\n$")
        self.run_cell("%set strict error")
        reply, _ = self.run_cell("$nosuch")
        self.assertEqual(reply["status"], "error")

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
