"""Output bounds (issue 39): a log line of a huge value, an error message, a huge string
result and `%catalog json` of a large catalog are cut to the print limit (100 characters
per element: 100,000 by default) or written to a file, rather than sending megabytes;
`%set print-limit off` sends everything."""

import os
import unittest

from test_robustness import KernelCase

BIG = "Array(Integer[1, 300000]).join(',')"  # about 2 MB of text
BOUND = 120_000


class OutputBoundTests(KernelCase):
    def streams(self, outputs):
        return "".join(m["content"]["text"] for m in outputs if m["msg_type"] == "stream")

    def test_log_lines_errors_and_results_are_cut(self):
        reply, outputs = self.run_cell(f"notice({BIG})")
        self.assertEqual(reply["status"], "ok", reply)
        text = self.streams(outputs)
        self.assertLess(len(text), BOUND)
        self.assertRegex(text, r"… \d+ more characters\n$")
        self.assertTrue(text.startswith("Notice: 1,2,3,"), text[:100])

        reply, outputs = self.run_cell(f"fail({BIG})")
        self.assertEqual(reply["status"], "error")
        self.assertLess(len(reply["evalue"]), BOUND)
        self.assertIn("more characters", reply["evalue"])
        self.assertLess(sum(len(line) for line in reply["traceback"]), BOUND)

        reply, outputs = self.run_cell(BIG)
        self.assertEqual(reply["status"], "ok", reply)
        data = [m for m in outputs if m["msg_type"] == "execute_result"][0]["content"]["data"]
        self.assertLess(len(data["text/plain"]), BOUND)
        self.assertLess(len(data["text/html"]), 2 * BOUND)
        self.assertIn("more characters", data["text/plain"])

        self.run_cell("%set print-limit off")
        try:
            _, outputs = self.run_cell(f"notice({BIG})")
            self.assertGreater(len(self.streams(outputs)), 1_000_000)
        finally:
            self.run_cell("%set print-limit 1000")

    def test_a_large_json_catalog_goes_to_a_file(self):
        reply, _ = self.run_cell(
            "Integer[1, 6000].each |$i| { file { \"/tmp/bound/f${i}\": content => 'some content' } }")
        self.assertEqual(reply["status"], "ok", reply)
        reply, outputs = self.run_cell("%catalog json")
        self.assertEqual(reply["status"], "ok", reply)
        data = [m for m in outputs if m["msg_type"] == "display_data"][0]["content"]["data"]
        self.assertNotIn("application/json", data)
        note = data["text/plain"].splitlines()[0]
        self.assertIn("more than %catalog json sends", note)
        path = note.rsplit("Written whole to ", 1)[1].rstrip(".")
        self.addCleanup(os.remove, path)
        with open(path) as f:
            self.assertIn('"/tmp/bound/f6000"', f.read())
        self.assertLess(len(data["text/plain"]), BOUND)


if __name__ == "__main__":
    unittest.main()
