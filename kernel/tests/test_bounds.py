"""How the kernel reads `Integer[n]`: as the reference does by default (n or more), the spec
draft's exact value after `%set integer-bounds spec` or with the kernel argument
`--integer-bounds spec`. Expected values for the default are the reference's."""

import unittest

from jupyter_client.manager import start_new_kernel

from test_robustness import KernelCase

SRC = "[Integer[1], 5 =~ Integer[1], Integer[1, default]]"
REFERENCE = "[Integer[1], true, Integer[1]]"  # puppet-oracle
SPEC = "[Integer[1, 1], false, Integer[1, default]]"


class DefaultReadingTests(KernelCase):
    def test_reference_reading_by_default_and_set_switches(self):
        self.assertEqual(self.result_text(SRC), REFERENCE)
        reply, _ = self.run_cell("%set integer-bounds spec")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(self.result_text(SRC), SPEC)
        reply, _ = self.run_cell("%set integer-bounds reference")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(self.result_text(SRC), REFERENCE)


class SpecArgumentTests(KernelCase):
    @classmethod
    def setUpClass(cls):
        cls.km, cls.kc = start_new_kernel(
            kernel_name="puppet", extra_arguments=["--integer-bounds", "spec"])

    def test_kernel_argument_chooses_the_spec_reading(self):
        self.assertEqual(self.result_text(SRC), SPEC)


if __name__ == "__main__":
    unittest.main()
