"""What the conformance suite does not cover: signatures, bad input, interrupts, state kept
across failing cells, output batching, rich rendering and inspection of user definitions."""

import os
import signal
import time
import unittest
from queue import Empty

import zmq
from jupyter_client.manager import start_new_kernel
from jupyter_client.session import Session

TIMEOUT = 30


class KernelCase(unittest.TestCase):
    """One fresh kernel per test class."""

    @classmethod
    def setUpClass(cls):
        cls.km, cls.kc = start_new_kernel(kernel_name="puppet")

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def drain_iopub(self):
        while True:
            try:
                self.kc.get_iopub_msg(timeout=0.3)
            except Empty:
                return

    def run_cell(self, code, timeout=TIMEOUT, **kw):
        """Executes code; returns (reply content, [iopub messages of this request])."""
        self.drain_iopub()
        msg_id = self.kc.execute(code, **kw)
        reply = self.kc.get_shell_msg(timeout=timeout)
        while reply["parent_header"].get("msg_id") != msg_id:
            reply = self.kc.get_shell_msg(timeout=timeout)
        outputs = []
        while True:
            msg = self.kc.get_iopub_msg(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
            outputs.append(msg)
        return reply["content"], outputs

    def result_text(self, code):
        reply, outputs = self.run_cell(code)
        self.assertEqual(reply["status"], "ok", reply)
        results = [m for m in outputs if m["msg_type"] == "execute_result"]
        self.assertEqual(len(results), 1, outputs)
        return results[0]["content"]["data"]["text/plain"]

    def assert_alive(self):
        reply = self.kc.kernel_info(reply=True, timeout=TIMEOUT)
        self.assertEqual(reply["content"]["status"], "ok")


class SignatureTests(KernelCase):
    def test_wrong_signature_is_not_executed(self):
        # A client that knows the ports but not the key.
        forger = Session(key=b"not-the-key", username="mallory")
        ctx = zmq.Context.instance()
        shell = ctx.socket(zmq.DEALER)
        shell.connect("tcp://%s:%d" % (self.km.ip, self.km.shell_port))
        try:
            forged = forger.msg("execute_request", {
                "code": "$forged = 'executed'\nnotice('forged ran')",
                "silent": False, "store_history": True, "user_expressions": {},
                "allow_stdin": False, "stop_on_error": True,
            })
            forger.send(shell, forged)
            # Nothing comes back: no reply, no status, no output for the forged request.
            self.assertEqual(shell.poll(2000), 0, "the kernel answered a forged message")
            deadline = time.time() + 1
            while time.time() < deadline:
                try:
                    msg = self.kc.get_iopub_msg(timeout=0.2)
                except Empty:
                    continue
                self.assertNotEqual(msg["parent_header"].get("msg_id"),
                                    forged["header"]["msg_id"], msg)
            # And it had no effect: the variable is not defined, the count did not move.
            reply, outputs = self.run_cell("$forged")
            self.assertEqual(reply["status"], "error", reply)
            self.assertIn("forged", reply["evalue"])
            self.assertEqual(reply["execution_count"], 1)
            # A message with no signature at all is dropped too.
            unsigned = Session(key=b"", username="mallory")
            unsigned.send(shell, unsigned.msg("kernel_info_request", {}))
            self.assertEqual(shell.poll(1000), 0, "the kernel answered an unsigned message")
        finally:
            shell.close(linger=0)
        self.assert_alive()


class RobustnessTests(KernelCase):
    def raw_shell(self):
        ctx = zmq.Context.instance()
        s = ctx.socket(zmq.DEALER)
        s.connect("tcp://%s:%d" % (self.km.ip, self.km.shell_port))
        return s

    def test_malformed_messages_do_not_stop_the_kernel(self):
        s = self.raw_shell()
        try:
            s.send_multipart([b"garbage"])
            s.send_multipart([b"<IDS|MSG>", b"sig"])
            s.send_multipart([b"<IDS|MSG>", b"", b"not json", b"{}", b"{}", b"{}"])
            time.sleep(0.5)
        finally:
            s.close(linger=0)
        self.assert_alive()

    def test_unknown_message_type_is_ignored(self):
        msg = self.kc.session.msg("no_such_request", {})
        self.kc.shell_channel.send(msg)
        time.sleep(0.5)
        self.assert_alive()
        self.assertEqual(self.result_text("40 + 2"), "42")

    def test_disconnecting_client_does_not_stop_the_kernel(self):
        s = self.raw_shell()
        msg = self.kc.session.msg("execute_request", {
            "code": "notice('bye')", "silent": False, "store_history": False,
            "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
        self.kc.session.send(s, msg)
        s.close(linger=0)  # gone before the reply
        time.sleep(0.5)
        self.assert_alive()

    def test_an_error_keeps_earlier_definitions(self):
        reply, _ = self.run_cell("$kept = 41\nfunction plus_one($x) { $x + 1 }")
        self.assertEqual(reply["status"], "ok", reply)
        reply, outputs = self.run_cell("$lost = 1\n$kept + 'a' + ")
        self.assertEqual(reply["status"], "error")
        reply, outputs = self.run_cell("$also = 2\nfail('stop')")
        self.assertEqual(reply["status"], "error")
        self.assertIn("stop", reply["evalue"])
        self.assertEqual(self.result_text("plus_one($kept)"), "42")

    def test_deep_input_and_runaway_recursion_are_errors(self):
        reply, _ = self.run_cell("[" * 100000 + "]" * 100000, timeout=120)
        self.assertEqual(reply["status"], "error")
        reply, _ = self.run_cell("function runaway($n) { runaway($n + 1) }\nrunaway(0)",
                                 timeout=120)
        self.assertEqual(reply["status"], "error")
        self.assertEqual(self.result_text("1 + 1"), "2")

    def test_error_traceback_shows_line_and_caret(self):
        reply, outputs = self.run_cell("$a = 1\n$a + $undefined_thing")
        self.assertEqual(reply["status"], "error")
        errors = [m for m in outputs if m["msg_type"] == "error"]
        self.assertEqual(len(errors), 1)
        tb = errors[0]["content"]["traceback"]
        # One location, in the reference's form, naming the cell.
        self.assertRegex(tb[0], r"\(file: In\[\d+\], line: 2, column: 6\)")
        self.assertEqual(tb[1], "$a + $undefined_thing")
        self.assertEqual(tb[2], "     ^")

    def test_long_output_is_batched(self):
        reply, outputs = self.run_cell("2000.each |$i| { notice($i) }")
        self.assertEqual(reply["status"], "ok", reply)
        streams = [m for m in outputs if m["msg_type"] == "stream"]
        text = "".join(m["content"]["text"] for m in streams)
        self.assertEqual(text.count("\n"), 2000)
        self.assertTrue(text.startswith("Notice: 0\n"), text[:50])
        self.assertLess(len(streams), 2000)

    def test_silent_has_no_input_or_result_and_no_count(self):
        before, _ = self.run_cell("1")
        reply, outputs = self.run_cell("$silent_var = 5\n5", silent=True)
        self.assertEqual(reply["status"], "ok")
        kinds = {m["msg_type"] for m in outputs}
        self.assertNotIn("execute_input", kinds)
        self.assertNotIn("execute_result", kinds)
        after, _ = self.run_cell("$silent_var")
        self.assertEqual(after["execution_count"], before["execution_count"] + 1)

    def test_store_history_false_is_not_in_history(self):
        self.run_cell("'not stored'", store_history=False)
        reply = self.kc.history(hist_access_type="tail", n=50, reply=True, timeout=TIMEOUT)
        inputs = [h[2] for h in reply["content"]["history"]]
        self.assertNotIn("'not stored'", inputs)

    def test_is_complete_suggests_an_indent(self):
        self.kc.is_complete("if true {\n  $x = [")
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)["content"]
        self.assertEqual(reply, {"status": "incomplete", "indent": "    "})
        self.kc.is_complete("1 +")
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)["content"]
        self.assertEqual(reply["status"], "incomplete")
        self.kc.is_complete("notice(1)")
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)["content"]
        self.assertEqual(reply, {"status": "complete"})

    def test_user_expressions(self):
        reply, _ = self.run_cell("$ue = 3", user_expressions={"double": "$ue * 2", "bad": "$nope"})
        ue = reply["user_expressions"]
        self.assertEqual(ue["double"]["status"], "ok")
        self.assertEqual(ue["double"]["data"]["text/plain"], "6")
        self.assertEqual(ue["bad"]["status"], "error")

    def test_html_tables_for_hashes_and_records(self):
        reply, outputs = self.run_cell("[{'name' => 'a', 'size' => 1}, {'name' => 'b', 'size' => 2}]")
        data = [m for m in outputs if m["msg_type"] == "execute_result"][0]["content"]["data"]
        self.assertEqual(data["text/plain"], "[{'name' => 'a', 'size' => 1}, {'name' => 'b', 'size' => 2}]")
        self.assertIn("<table", data["text/html"])
        self.assertEqual(data["text/html"].count("<tr>"), 3)

    def test_inspect_variable_and_user_function(self):
        self.run_cell("$inspected = [1, 2]\nfunction twice($x) { $x * 2 }")
        reply = self.kc.inspect("$inspected", 3, reply=True, timeout=TIMEOUT)["content"]
        self.assertTrue(reply["found"])
        text = reply["data"]["text/plain"]
        self.assertIn("[1, 2]", text)
        self.assertIn("Tuple[Integer[1, 1], Integer[2, 2]]", text)
        self.assertIn("Array[Integer]", text)
        reply = self.kc.inspect("twice(3)", 2, reply=True, timeout=TIMEOUT)["content"]
        self.assertTrue(reply["found"])
        self.assertIn("function twice($x) { $x * 2 }", reply["data"]["text/plain"])

    def test_completion_of_session_names_in_code_points(self):
        self.run_cell("$unicode_var = 'ü'\nfunction my_helper() { 1 }")
        code = "'éü' + $unic"
        reply = self.kc.complete(code, len(code), reply=True, timeout=TIMEOUT)["content"]
        self.assertEqual(reply["matches"], ["$unicode_var"])
        self.assertEqual(reply["cursor_start"], 7)
        self.assertEqual(reply["cursor_end"], 12)
        reply = self.kc.complete("my_h", 4, reply=True, timeout=TIMEOUT)["content"]
        self.assertEqual(reply["matches"], ["my_helper"])


class InterruptTests(KernelCase):
    LONG = "1000000000.each |$i| { $j = $i }"

    def interrupt_with(self, how):
        msg_id = self.kc.execute(self.LONG)
        # Wait until it runs.
        while True:
            msg = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if (msg["parent_header"].get("msg_id") == msg_id
                    and msg["msg_type"] == "execute_input"):
                break
        time.sleep(0.5)
        how()
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "Interrupted")

    def test_interrupt_message(self):
        self.assertEqual(self.km.kernel_spec.interrupt_mode, "message")
        self.interrupt_with(self.km.interrupt_kernel)
        reply, outputs = self.run_cell("1 + 1")
        self.assertEqual(reply["status"], "ok")

    def test_sigint(self):
        self.interrupt_with(lambda: self.km.signal_kernel(signal.SIGINT))
        reply, outputs = self.run_cell("2 + 2")
        self.assertEqual(reply["status"], "ok")

    def test_interrupt_while_idle_does_not_affect_the_next_cell(self):
        self.km.interrupt_kernel()
        time.sleep(0.3)
        reply, outputs = self.run_cell("3 + 3")
        self.assertEqual(reply["status"], "ok")


if __name__ == "__main__":
    unittest.main()


class ChannelTests(KernelCase):
    def test_heartbeat_echoes(self):
        ctx = zmq.Context.instance()
        hb = ctx.socket(zmq.REQ)
        hb.connect("tcp://%s:%d" % (self.km.ip, self.km.hb_port))
        try:
            hb.send(b"ping")
            self.assertTrue(hb.poll(5000), "no heartbeat echo")
            self.assertEqual(hb.recv(), b"ping")
        finally:
            hb.close(linger=0)

    def test_kernel_info_on_control_with_status(self):
        msg = self.kc.session.msg("kernel_info_request", {})
        self.kc.control_channel.send(msg)
        reply = self.kc.get_control_msg(timeout=TIMEOUT)
        self.assertEqual(reply["parent_header"]["msg_id"], msg["header"]["msg_id"])
        info = reply["content"]
        self.assertEqual(info["protocol_version"], "5.4")
        self.assertEqual(info["language_info"]["name"], "puppet")
        self.assertEqual(info["language_info"]["file_extension"], ".pp")
        self.assertTrue(info["banner"])
        self.assertTrue(info["help_links"])
        states = []
        deadline = time.time() + 5
        while len(states) < 2 and time.time() < deadline:
            try:
                m = self.kc.get_iopub_msg(timeout=0.5)
            except Empty:
                continue
            if m["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
                states.append(m["content"]["execution_state"])
        self.assertEqual(states, ["busy", "idle"])

    def test_comm_info_is_empty_and_comms_are_closed(self):
        reply = self.kc.comm_info(reply=True, timeout=TIMEOUT)
        self.assertEqual(reply["content"], {"status": "ok", "comms": {}})
        self.drain_iopub()
        msg = self.kc.session.msg("comm_open", {"comm_id": "c1", "target_name": "x", "data": {}})
        self.kc.shell_channel.send(msg)
        closed = False
        deadline = time.time() + 5
        while not closed and time.time() < deadline:
            try:
                m = self.kc.get_iopub_msg(timeout=0.5)
            except Empty:
                continue
            closed = m["msg_type"] == "comm_close" and m["content"]["comm_id"] == "c1"
        self.assertTrue(closed)

    def test_help_pages_documentation(self):
        reply, _ = self.run_cell("help('display')")
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(reply["payload"][0]["source"], "page")
        self.assertIn("display(Any $value", reply["payload"][0]["data"]["text/plain"])

    def test_stop_on_error_aborts_queued_cells(self):
        self.drain_iopub()
        first = self.kc.execute("fail('first')")
        second = self.kc.execute("$after_abort = 1")
        replies = {}
        while len(replies) < 2:
            r = self.kc.get_shell_msg(timeout=TIMEOUT)
            replies[r["parent_header"]["msg_id"]] = r["content"]
        self.assertEqual(replies[first]["status"], "error")
        # The second was either already queued (aborted) or ran after: never both lost.
        self.assertIn(replies[second]["status"], ("aborted", "ok"))


class ShutdownTests(KernelCase):
    def test_shutdown_request_ends_the_process(self):
        self.km.request_shutdown()
        deadline = time.time() + 5
        while self.km.is_alive() and time.time() < deadline:
            time.sleep(0.1)
        self.assertFalse(self.km.is_alive())


class OrphanTests(unittest.TestCase):
    def test_kernel_exits_when_its_parent_dies(self):
        import subprocess
        import sys
        starter = subprocess.Popen(
            [sys.executable, "-c",
             "import time\n"
             "from jupyter_client.manager import start_new_kernel\n"
             "km, kc = start_new_kernel(kernel_name='puppet')\n"
             "print(km.provisioner.process.pid, flush=True)\n"
             "time.sleep(120)\n"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            kernel_pid = int(starter.stdout.readline())
        finally:
            starter.kill()
            starter.wait()

        def alive():
            try:
                os.kill(kernel_pid, 0)
            except ProcessLookupError:
                return False
            # A zombie (exited, not yet reaped) counts as gone.
            try:
                with open(f"/proc/{kernel_pid}/stat") as f:
                    return f.read().split()[2] != "Z"
            except FileNotFoundError:
                return False

        deadline = time.time() + 15
        while alive() and time.time() < deadline:
            time.sleep(0.2)
        gone = not alive()
        if not gone:
            os.kill(kernel_pid, signal.SIGKILL)
        self.assertTrue(gone, "the kernel outlived its parent")
