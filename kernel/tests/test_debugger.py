"""Breakpoints in a notebook: with stdin allowed, a stop asks for input through the stdin
channel (input_request/input_reply) and answers expressions and the debugging commands;
without it, the cell shows the location, the stack and the variables and goes on; an
interrupt while stopped stops the compilation."""

import os
import tempfile
import time
import unittest
from queue import Empty

from test_robustness import KernelCase, TIMEOUT


def displays(outputs):
    return [m["content"]["data"] for m in outputs if m["msg_type"] == "display_data"]


def stream_text(outputs, name="stdout"):
    return "".join(m["content"]["text"] for m in outputs
                   if m["msg_type"] == "stream" and m["content"]["name"] == name)


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


class DebuggerTests(KernelCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.modules = tempfile.mkdtemp(prefix="prepl-debug-modules-")
        write(cls.modules, "web/manifests/init.pp",
              "class web($port = 8080) {\n  $doubled = $port * 2\n"
              "  web::site { 'a': port => $port }\n  notify { \"web ${doubled}\": }\n}\n")
        write(cls.modules, "web/manifests/site.pp",
              "define web::site(Integer $port) {\n  $url = \"http://${title}:${port}\"\n"
              "  notify { $url: }\n}\n")

    def converse(self, code, answers, timeout=TIMEOUT):
        """Runs code with stdin allowed, answering each input_request with the next answer;
        returns (reply, iopub outputs, prompts)."""
        self.drain_iopub()
        msg_id = self.kc.execute(code, allow_stdin=True)
        prompts = []
        answers = list(answers)
        reply = None
        deadline = time.time() + timeout
        while reply is None:
            try:
                req = self.kc.get_stdin_msg(timeout=0.1)
                self.assertEqual(req["msg_type"], "input_request")
                self.assertEqual(req["parent_header"]["msg_id"], msg_id)
                prompts.append(req["content"]["prompt"])
                self.kc.input(answers.pop(0) if answers else ":continue")
            except Empty:
                pass
            try:
                msg = self.kc.get_shell_msg(timeout=0.05)
                if msg["parent_header"].get("msg_id") == msg_id:
                    reply = msg["content"]
            except Empty:
                pass
            self.assertLess(time.time(), deadline, "the cell did not finish")
        outputs = []
        while True:
            msg = self.kc.get_iopub_msg(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
            outputs.append(msg)
        return reply, outputs, prompts

    def test_without_stdin_a_stop_shows_where_the_stack_and_the_variables(self):
        reply, outputs = self.run_cell(
            "[1, 2].each |$x| { debug::break($x == 2) }", allow_stdin=False)
        self.assertEqual(reply["status"], "ok", reply)
        data = displays(outputs)
        stops = [d for d in data if "Stopped at debug::break()" in d["text/plain"]]
        self.assertEqual(len(stops), 1, data)
        plain, html = stops[0]["text/plain"], stops[0]["text/html"]
        self.assertIn("lambda of each", plain)
        self.assertIn("$x = 2  # Integer", plain)
        self.assertIn("main (In[", plain)
        self.assertIn("<table class=\"prepl-stack\">", html)
        self.assertIn("<table class=\"prepl-vars\">", html)
        self.assertIn("background:#fff3b0", html)

    def test_with_stdin_a_stop_asks_and_evaluates_in_the_scope(self):
        self.run_cell("%modulepath " + self.modules)
        reply, _ = self.run_cell("%break web")
        self.assertEqual(reply["status"], "ok", reply)
        reply, outputs, prompts = self.converse(
            "include web", ["$port", ":next", "$doubled", ":stack", ":step", ":step",
                            "$title", ":vars", ":continue"])
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(prompts[0], "debug Class[web] init.pp:2> ")
        self.assertEqual(prompts[2], "debug Class[web] init.pp:3> ")
        self.assertIn("debug Web::Site[a] site.pp:2> ", prompts)
        plain = [d["text/plain"] for d in displays(outputs)]
        self.assertIn("8080", plain)
        self.assertIn("16160", plain)
        self.assertIn("'a'", plain)
        self.assertTrue(any("#1 main (In[" in p for p in plain), plain)
        self.assertTrue(any("$url = 'http://a:8080'" in p for p in plain)
                        or any("$port = 8080  # Integer" in p for p in plain), plain)
        self.run_cell("%delete all")

    def test_the_commands_read_as_the_terminals_are(self):
        reply, outputs, prompts = self.converse(
            "notify { 'before': }\ndebug::break()\nnotify { 'after': }",
            [":catalog Notify", ":zz", ":d", "$kept_here = 41", "$kept_here + 1", ":c"])
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(len(prompts), 6, prompts)
        plain = [d["text/plain"] for d in displays(outputs)]
        # (:catalog takes %catalog's views: the one resource selected, as Puppet code)
        self.assertTrue(any(p.startswith("notify { 'before': }") for p in plain), plain)
        self.assertIn("42", plain)
        errors = stream_text(outputs, "stderr")
        self.assertIn("Unknown command ':zz'", errors)
        self.assertIn("Ambiguous command ':d': :down, :delete, :disable", errors)
        # What the prompt assigned is gone once the compilation went on.
        reply, _ = self.run_cell("$kept_here")
        self.assertEqual(reply["status"], "error")

    def test_abort_fails_the_cell_and_interrupt_stops_a_stop(self):
        reply, _, prompts = self.converse(
            "$gone = 1\ndebug::break()\nnotify { 'never': }", [":abort"])
        self.assertEqual(reply["status"], "error")
        self.assertEqual(len(prompts), 1)
        reply, _ = self.run_cell("$gone")
        self.assertEqual(reply["status"], "error")
        # An interrupt while waiting for input.
        self.drain_iopub()
        msg_id = self.kc.execute("debug::break()", allow_stdin=True)
        req = self.kc.get_stdin_msg(timeout=TIMEOUT)
        self.assertEqual(req["msg_type"], "input_request")
        self.km.interrupt_kernel()
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        while reply["parent_header"].get("msg_id") != msg_id:
            reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        self.assertEqual(reply["content"]["status"], "error", reply)
        self.assert_alive()
        self.assertEqual(self.result_text("1 + 1"), "2")

    def test_breakpoint_magics(self):
        reply, outputs = self.run_cell("%break resource Notify[http://*]")
        self.assertIn("resource Notify[http://*]", displays(outputs)[0]["text/plain"])
        _, outputs = self.run_cell("%breaks")
        self.assertIn("enabled", displays(outputs)[0]["text/plain"])
        reply, _ = self.run_cell("%break a$b")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "BreakpointError")
        reply, _ = self.run_cell("%delete all")
        self.assertEqual(reply["status"], "ok")

    @unittest.skipUnless(os.path.exists("/usr/share/puppet/modules/apache/manifests/vhost.pp"),
                         "Debian's apache module is not installed")
    def test_a_packaged_modules_define(self):
        self.run_cell("%modulepath /usr/share/puppet/modules")
        self.run_cell("%break apache::vhost default")
        reply, outputs = self.run_cell("include apache", allow_stdin=False)
        self.assertEqual(reply["status"], "ok", reply)
        stops = [d for d in displays(outputs) if "Stopped at breakpoint" in d["text/plain"]]
        self.assertEqual(len(stops), 1)
        plain = stops[0]["text/plain"]
        self.assertIn("Apache::Vhost[default] at /usr/share/puppet/modules/apache/manifests/vhost.pp:", plain)
        self.assertIn("$docroot = ", plain)
        self.run_cell("%delete all")


if __name__ == "__main__":
    unittest.main()
