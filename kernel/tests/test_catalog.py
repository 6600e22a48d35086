"""The catalog in the notebook: the table of the resources a cell adds, and the %catalog
magic (table, graph as SVG or text, DOT, JSON)."""

import os
import shutil
import unittest

from jupyter_client.manager import start_new_kernel

from test_robustness import KernelCase, TIMEOUT


def displays(outputs):
    return [m["content"]["data"] for m in outputs if m["msg_type"] == "display_data"]


class CatalogTests(KernelCase):
    def test_a_cell_that_adds_resources_shows_them(self):
        reply, outputs = self.run_cell(
            "class web { package { 'nginx': ensure => installed } }\n"
            "include web\n"
            "notify { 'hi': message => '<hello>' }")
        self.assertEqual(reply["status"], "ok", reply)
        kinds = [m["msg_type"] for m in outputs if m["msg_type"] in
                 ("display_data", "execute_result")]
        # The table first, then the value of the cell.
        self.assertEqual(kinds, ["display_data", "execute_result"], outputs)
        data = displays(outputs)[0]
        self.assertEqual(sorted(data), ["text/html", "text/plain"])
        html, plain = data["text/html"], data["text/plain"]
        self.assertIn("&lt;hello&gt;", html)
        for ref in ("Class[Web]", "Package[nginx]", "Notify[hi]"):
            type_name, title = ref[:-1].split("[")
            self.assertIn(f"{type_name}</span>[{title}]", html)
        lines = plain.splitlines()
        self.assertTrue(lines[0].startswith("Type "), plain)
        self.assertEqual(len(lines), 5, plain)  # header, rule, three resources
        # Resources already there are not shown again; a cell without any shows none.
        _, outputs = self.run_cell("notify { 'again': }")
        plain = displays(outputs)[0]["text/plain"]
        self.assertNotIn("nginx", plain)
        self.assertIn("again", plain)
        _, outputs = self.run_cell("1 + 1")
        self.assertEqual(displays(outputs), [])

    def test_a_failing_cell_adds_nothing(self):
        reply, outputs = self.run_cell("notify { 'doomed': }\nfail('no')")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(displays(outputs), [])
        _, outputs = self.run_cell("%catalog")
        self.assertNotIn("doomed", displays(outputs)[0]["text/plain"])

    def test_catalog_magic_table_and_json(self):
        self.run_cell("@user { 'deploy': uid => 1001 }\nfile { '/etc/motd': content => 'hi' }")
        reply, outputs = self.run_cell("%catalog")
        self.assertEqual(reply["status"], "ok", reply)
        self.assertNotIn("execute_result", [m["msg_type"] for m in outputs])
        data = displays(outputs)[0]
        self.assertEqual(sorted(data), ["text/html", "text/plain"])
        self.assertTrue(data["text/plain"].startswith("Type "), data["text/plain"])
        self.assertIn("Virtual, not realized (not in the catalog): User[deploy]",
                      data["text/plain"])
        self.assertIn("Stage</span>[main]", data["text/html"])
        _, outputs = self.run_cell("%catalog json")
        data = displays(outputs)[0]
        doc = data["application/json"]
        titles = [(r["type"], r["title"]) for r in doc["resources"]]
        self.assertIn(("File", "/etc/motd"), titles)
        self.assertNotIn(("User", "deploy"), titles)
        self.assertTrue(data["text/plain"].startswith("{\n"))

    def test_catalog_graph_and_dot(self):
        self.run_cell("package { 'ntp': } -> file { '/etc/ntp.conf': } ~> service { 'ntp': }")
        _, outputs = self.run_cell("%catalog graph")
        data = displays(outputs)[0]
        self.assertIn("  File[/etc/ntp.conf] ~> Service[ntp]\n", data["text/plain"])
        if shutil.which("dot"):
            self.assertEqual(sorted(data), ["image/svg+xml", "text/plain"])
            self.assertTrue(data["image/svg+xml"].startswith("<svg"))
            self.assertIn("Service[ntp]", data["image/svg+xml"])
        else:
            self.assertEqual(sorted(data), ["text/plain"])
        _, outputs = self.run_cell("%catalog dot")
        dot = displays(outputs)[0]["text/plain"]
        self.assertTrue(dot.startswith("digraph catalog {"), dot)

    def test_magic_errors_completion_and_is_complete(self):
        # A word that is no view is a resource type to pick, here of none.
        reply, outputs = self.run_cell("%catalog svg")
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(
            displays(outputs)[0]["text/plain"],
            "No resource in the catalog matches 'svg'.",
        )
        reply, outputs = self.run_cell("%catalog 9x")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "UsageError")
        self.assertEqual(
            reply["evalue"],
            "'9x' is not a resource type, a reference (File['/etc/motd']) or a /pattern/\n"
            "Usage: %catalog [graph|dot|json|TYPE|TYPE[TITLE]|/PATTERN/]",
        )
        reply, outputs = self.run_cell("%catalog Stage[main]")
        self.assertEqual(
            displays(outputs)[0]["text/plain"],
            "stage { 'main':\n  name => 'main',\n}\n# tags: stage",
        )
        reply, _ = self.run_cell("%who")
        self.assertEqual(reply["ename"], "UsageError")
        self.kc.is_complete("%catalog")
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        self.assertEqual(reply["content"]["status"], "complete")
        self.kc.complete("%catalog gr", 11)
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        self.assertEqual(reply["content"]["matches"], ["graph"])
        self.assertEqual(reply["content"]["cursor_start"], 9)
        self.assert_alive()


class GraphWithoutGraphvizTests(unittest.TestCase):
    """PREPL_DOT='' stands for a machine without Graphviz: the graph is text."""

    @classmethod
    def setUpClass(cls):
        env = dict(os.environ, PREPL_DOT="")
        cls.km, cls.kc = start_new_kernel(kernel_name="puppet", env=env)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def test_text_graph(self):
        self.kc.execute_interactive("notify { 'a': } -> notify { 'b': }", timeout=TIMEOUT,
                                    output_hook=lambda msg: None)
        outputs = []
        self.kc.execute_interactive("%catalog graph", timeout=TIMEOUT,
                                    output_hook=outputs.append)
        data = displays(outputs)[0]
        self.assertEqual(sorted(data), ["text/plain"])
        self.assertTrue(data["text/plain"].startswith(
            "Relationships:\n  Notify[a] -> Notify[b]\n"), data["text/plain"])


if __name__ == "__main__":
    unittest.main()
