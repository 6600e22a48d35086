"""The memory the kernel really has (issue 39): its address-space limit lowered while it runs
(`prlimit --pid`), with PREPL_MEMORY_LIMIT far above it, cells that need more than the
process can get are errors, never an abort, and the session keeps its variables. Skipped
where `prlimit` is missing."""

import os
import shutil
import subprocess
import unittest

from jupyter_client.manager import start_new_kernel

TIMEOUT = 120


def mapped(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmSize")


@unittest.skipIf(shutil.which("prlimit") is None, "prlimit is not installed")
class AddressSpaceLimitTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        env = dict(os.environ, PREPL_MEMORY_LIMIT="64G")
        cls.km, cls.kc = start_new_kernel(kernel_name="puppet", env=env)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def execute(self, code):
        reply = self.kc.execute_interactive(code, timeout=TIMEOUT, output_hook=lambda m: None)
        return reply["content"]

    def test_cells_past_what_the_process_can_get_are_errors(self):
        self.assertEqual(self.execute("$kept = 42")["status"], "ok")
        pid = self.km.provisioner.process.pid
        limit = mapped(pid) + (300 << 20)
        subprocess.run(["prlimit", "--pid", str(pid), f"--as={limit}"], check=True)
        for code in [
            "Integer[1, 40].reduce('x') |$m, $x| { \"$m$m\" }.length",
            "Array(Integer[1, 9999999]).map |$x| { [$x] }.length",
            "$s = Integer[1, 27].reduce('x') |$m, $x| { \"$m$m\" } [$s.upcase, $s.downcase, $s.capitalize].length",
        ]:
            reply = self.execute(code)
            self.assertEqual(reply["status"], "error", code)
            self.assertIn("Out of memory", reply["evalue"], code)
            self.assertEqual(self.execute("$kept + 1")["status"], "ok", code)
        self.assertTrue(self.km.is_alive())


if __name__ == "__main__":
    unittest.main()
