"""%diff over a fleet through a real Jupyter client: a control repo in git (the fixture's
two revisions committed one after the other), the session's environment (%env) as the
default, each node's catalog compiled at both revisions."""

import os
import shutil
import subprocess
import tempfile
import unittest

from test_robustness import KernelCase

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "..", "..", "tests", "fixtures", "diff")


def git(repo, *args):
    subprocess.run(["git", "-C", repo, "-c", "user.name=prepl", "-c",
                    "user.email=prepl@example.com", *args],
                   check=True, capture_output=True)


@unittest.skipIf(shutil.which("git") is None, "git is not installed")
class DiffTests(KernelCase):
    def setUp(self):
        super().setUp()
        self.repo = tempfile.mkdtemp(prefix="prepl-kernel-diff-")
        shutil.copytree(os.path.join(FIXTURE, "rev1"), self.repo, dirs_exist_ok=True)
        git(self.repo, "init", "-q")
        git(self.repo, "add", "-A")
        git(self.repo, "commit", "-q", "-m", "rev1")
        git(self.repo, "rm", "-rq", ".")
        shutil.copytree(os.path.join(FIXTURE, "rev2"), self.repo, dirs_exist_ok=True)
        git(self.repo, "add", "-A")
        git(self.repo, "commit", "-q", "-m", "rev2")

    def tearDown(self):
        shutil.rmtree(self.repo, ignore_errors=True)
        super().tearDown()

    def test_a_fleet_at_two_revisions_of_the_sessions_environment(self):
        reply, _ = self.run_cell(f"%env {self.repo}")
        self.assertEqual(reply["status"], "ok", reply)
        facts = os.path.join(FIXTURE, "facts")
        reply, outputs = self.run_cell(f"%diff --from HEAD~1 --to HEAD --facts {facts}")
        self.assertEqual(reply["status"], "ok", reply)
        data = [m["content"]["data"] for m in outputs if m["msg_type"] == "display_data"][-1]
        self.assertEqual(sorted(data), ["text/html", "text/plain"])
        self.assertIn("3 nodes: 3 differ, 0 failed on both sides, 0 the same", data["text/html"])
        self.assertIn("<details><summary>db1</summary>", data["text/html"])
        self.assertIn("+ Service[postgresql]", data["text/plain"])
        # The progress: one display shown before the first node, updated in place as the
        # nodes finish, and last to say how many were compared.
        shown = [m for m in outputs if m["msg_type"] == "display_data"
                 and m["content"]["transient"].get("display_id")]
        self.assertEqual(len(shown), 1, outputs)
        progress_id = shown[0]["content"]["transient"]["display_id"]
        self.assertIn("0/3 nodes", shown[0]["content"]["data"]["text/plain"])
        updates = [m["content"] for m in outputs if m["msg_type"] == "update_display_data"]
        self.assertTrue(updates, outputs)
        self.assertTrue(all(u["transient"]["display_id"] == progress_id for u in updates))
        self.assertTrue(updates[-1]["data"]["text/plain"].startswith(
            "Compiled and compared 3 nodes in "), updates[-1])
        # Arguments are quoted as in a shell: the quoted pattern is one word.
        reply, outputs = self.run_cell(
            f"%diff --from HEAD~1 --to HEAD --facts '{facts}' --ignore 'Service[postgresql]'")
        self.assertEqual(reply["status"], "ok", reply)
        data = [m["content"]["data"] for m in outputs if m["msg_type"] == "display_data"][-1]
        self.assertNotIn("Service[postgresql]", data["text/plain"])
        reply, _ = self.run_cell("%diff --from HEAD~1 --ignore 'Service[postgresql]")
        self.assertEqual(reply["status"], "error")
        self.assertIn("inside a quote", reply["evalue"])
        # A revision against itself: nothing differs.
        reply, outputs = self.run_cell(f"%diff --from HEAD --to HEAD --facts {facts} --summary")
        self.assertEqual(reply["status"], "ok", reply)
        plain = [m["content"]["data"] for m in outputs
                 if m["msg_type"] == "display_data"][-1]["text/plain"]
        self.assertEqual([line.split()[-1] for line in plain.splitlines()[1:]],
                         ["same", "same", "same"], plain)
        # A revision git does not know is the cell's error.
        reply, _ = self.run_cell("%diff --from no-such-revision")
        self.assertEqual(reply["status"], "error")
        self.assertIn("no-such-revision", reply["evalue"])


if __name__ == "__main__":
    unittest.main()
