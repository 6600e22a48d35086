"""Reliability under load and hostile input (issue 17): the memory limit, many requests in
one session, two clients, replayed and oversized messages, and an unknown signature scheme."""

import json
import os
import subprocess
import tempfile
import unittest

import zmq
from jupyter_client.manager import start_new_kernel

TIMEOUT = 60
REQUESTS = 10_000


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class ReliabilityTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        env = dict(os.environ, PREPL_MEMORY_LIMIT="1G")
        cls.km, cls.kc = start_new_kernel(kernel_name="puppet", env=env)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def execute(self, code):
        reply = self.kc.execute_interactive(code, timeout=TIMEOUT, output_hook=lambda m: None)
        return reply["content"]

    def test_memory_limit_is_an_error_and_the_kernel_keeps_its_state(self):
        self.assertEqual(self.execute("$kept = 42 function f() { 'f' }")["status"], "ok")
        for code in [
            "Integer[1, 40].reduce('x') |$m, $x| { \"$m$m\" }",
            "Integer[1, 100000000].map |$x| { $x }",
            "Integer[1, 40].reduce([]) |$m, $i| { [$m, $m] }",
        ]:
            reply = self.execute(code)
            self.assertEqual(reply["status"], "error", code)
            self.assertIn("Out of memory", reply["evalue"], code)
        self.assertEqual(self.execute("[$kept, f()]")["status"], "ok")

    def test_ten_thousand_requests_in_order_without_loss(self):
        pid = self.km.provisioner.process.pid
        start = self.execute("1")["execution_count"]
        before = rss_kib(pid)
        ids = [self.kc.execute(f"$v{i} = {i} $v{i} * 2") for i in range(REQUESTS)]
        replies = []
        while len(replies) < REQUESTS:
            msg = self.kc.get_shell_msg(timeout=TIMEOUT)
            if msg["msg_type"] == "execute_reply":
                replies.append(msg)
        self.assertEqual([m["parent_header"]["msg_id"] for m in replies], ids)
        counts = [m["content"]["execution_count"] for m in replies]
        self.assertEqual(counts, list(range(start + 1, start + 1 + REQUESTS)))
        self.assertTrue(all(m["content"]["status"] == "ok" for m in replies))
        # 10,000 variables, inputs and outputs kept: well under 64 MiB.
        growth = rss_kib(pid) - before
        self.assertLess(growth, 64 * 1024, f"grew by {growth} KiB")
        while True:  # leave iopub empty for the other tests
            try:
                self.kc.get_iopub_msg(timeout=1)
            except Exception:
                break

    def test_two_clients_both_see_iopub_output(self):
        other = self.km.client()
        other.start_channels()
        try:
            other.wait_for_ready(timeout=TIMEOUT)
            msg_id = self.kc.execute("notice('from one')")
            for client in (self.kc, other):
                seen = []
                while True:
                    msg = client.get_iopub_msg(timeout=TIMEOUT)
                    if msg["parent_header"].get("msg_id") != msg_id:
                        continue
                    seen.append(msg)
                    if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                        break
                text = "".join(
                    m["content"].get("text", "") for m in seen if m["msg_type"] == "stream"
                )
                self.assertIn("from one", text)
        finally:
            other.stop_channels()


    def raw_shell(self):
        """A DEALER socket on the kernel's shell port, outside the client's channels."""
        sock = zmq.Context.instance().socket(zmq.DEALER)
        sock.connect("tcp://%s:%d" % (self.km.ip, self.km.shell_port))
        return sock

    def test_a_replayed_message_is_dropped(self):
        session = self.km.session  # the kernel's key
        sock = self.raw_shell()
        try:
            msg = session.msg("execute_request", {
                "code": "$replayed = 1", "silent": False, "store_history": True,
                "user_expressions": {}, "allow_stdin": False, "stop_on_error": True,
            })
            frames = session.serialize(msg)
            sock.send_multipart(frames)
            self.assertNotEqual(sock.poll(TIMEOUT * 1000), 0, "no reply to the first send")
            _, reply = session.feed_identities(sock.recv_multipart())
            reply = session.deserialize(reply)
            self.assertEqual(reply["content"]["status"], "ok")
            # the same signed frames again: dropped, as jupyter_client's sessions drop a
            # signature seen before (no reply, no second execution)
            sock.send_multipart(frames)
            self.assertEqual(sock.poll(2000), 0, "the kernel answered a replayed message")
        finally:
            sock.close(linger=0)
        self.assertEqual(self.execute("$replayed")["status"], "ok")

    def test_oversized_messages_are_dropped_and_the_kernel_survives(self):
        sock = self.raw_shell()
        try:
            # a 100 MB frame: dropped unread (more than the 64 MiB a message may have)
            sock.send_multipart([b"<IDS|MSG>", b"", b"{}", b"{}", b"{}", b"x" * (100 << 20)])
            session = self.km.session
            huge = session.msg("execute_request", {
                "code": "# " + "x" * (70 << 20) + "\n1", "silent": False,
                "store_history": False, "user_expressions": {}, "allow_stdin": False,
                "stop_on_error": True,
            })
            session.send(sock, huge)
            self.assertEqual(sock.poll(3000), 0, "the kernel answered an oversized message")
        finally:
            sock.close(linger=0)
        # a large cell within the limit (8 MB of JSON content) still runs
        reply = self.execute("# " + "y" * (8 << 20) + "\n$big = 7")
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(self.execute("$big")["status"], "ok")


class StartTests(unittest.TestCase):
    def test_unknown_signature_scheme_is_refused_at_start(self):
        from jupyter_client.kernelspec import KernelSpecManager

        argv = KernelSpecManager().get_kernel_spec("puppet").argv
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "conn.json")
            with open(path, "w") as f:
                json.dump(
                    {
                        "transport": "tcp",
                        "ip": "127.0.0.1",
                        "shell_port": 0,
                        "iopub_port": 0,
                        "stdin_port": 0,
                        "control_port": 0,
                        "hb_port": 0,
                        "key": "secret",
                        "signature_scheme": "hmac-md5",
                    },
                    f,
                )
            run = subprocess.run(
                [argv[0], "--connection-file", path],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("unsupported signature scheme 'hmac-md5'", run.stderr)


if __name__ == "__main__":
    unittest.main()
