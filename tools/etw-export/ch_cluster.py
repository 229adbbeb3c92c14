# SPDX-License-Identifier: GPL-2.0-only
"""A ClickHouse cluster of our own for etw-export's tests and benchmark.

Debian's clickhouse-server, N servers on loopback ports with a private
configuration and data under one directory: each server a shard of the
cluster "etw" (remote_servers), so a Distributed table spreads rows over
them.  Nothing of the system's ClickHouse (its /etc/clickhouse-server,
/var/lib/clickhouse, a running service) is used or touched.

    from ch_cluster import Cluster
    c = Cluster(tmpdir)             # picks free ports
    c.start()                       # every server; waits until they answer
    c.query("SELECT 1")             # on server 0 (node=1: the second)
    c.kill(1); c.start_node(1)      # one shard down (SIGKILL) and back
    c.stop()                        # all of them (always: try/finally)

A server that is no member of a cluster "etw" (etw-export --init-schema
must then make the one-server tables): name the servers' cluster
otherwise, Cluster(tmpdir, nodes=1, cluster="other").

With a ZooKeeper (Debian's zookeeper package, one server of our own on
a loopback port), the servers are instead the replicas of one shard:

    zk = ZooKeeper(tmpdir); zk.start()
    c = Cluster(tmpdir, zookeeper=zk.port)   # macros shard=1, replica=rN
"""
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

SERVER = "/usr/sbin/clickhouse-server"
ZK_JAR = "/usr/share/java/zookeeper.jar"


def free_port():
    """A loopback port free now.  Another process may take it before our
    server binds it: the servers' start() sees that (the server exits,
    or the one answering is not ours) and tries again on new ports."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class PortTaken(RuntimeError):
    """A server could not have the port it was given: try other ports."""


def lo_up():
    """The test VM's loopback starts down: bring it up (needs root)."""
    try:
        with open("/sys/class/net/lo/operstate") as f:
            if f.read().strip() in ("up", "unknown"):
                return
    except OSError:
        return
    subprocess.run(["ip", "link", "set", "lo", "up"], check=False)


class ZooKeeper:
    """One ZooKeeper server, standalone, on a loopback port of its own."""

    def __init__(self, root):
        self.dir = os.path.join(root, "zk")
        self.port = free_port()
        self.proc = None

    def _ask(self, word):
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
            s.sendall(word)
            out = b""
            while True:
                b = s.recv(4096)
                if not b:
                    return out
                out += b

    def _start_once(self, timeout):
        os.makedirs(os.path.join(self.dir, "data"), exist_ok=True)
        cfg = os.path.join(self.dir, "zoo.cfg")
        with open(cfg, "w") as f:
            f.write("tickTime=500\ndataDir=%s/data\nclientPort=%d\n"
                    "clientPortAddress=127.0.0.1\nadmin.enableServer=false\n"
                    "4lw.commands.whitelist=ruok,conf\n" % (self.dir, self.port))
        log = open(os.path.join(self.dir, "zk.log"), "ab")
        self.proc = subprocess.Popen(
            ["java", "-Xmx256m", "-cp", ZK_JAR,
             "org.apache.zookeeper.server.ZooKeeperServerMain", cfg],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL, cwd=self.dir)
        end = time.time() + timeout
        while time.time() < end:
            if self.proc.poll() is not None:
                raise PortTaken("zookeeper exited (port %d taken?): see %s/zk.log" %
                                (self.port, self.dir))
            try:
                # Ours (its dataDir), and serving: "conf" needs a running server.
                if (self._ask(b"ruok") == b"imok" and
                        ("dataDir=%s/data" % self.dir).encode() in self._ask(b"conf")):
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("zookeeper did not answer in %d s" % timeout)

    def start(self, timeout=120):
        for attempt in range(3):
            try:
                return self._start_once(timeout)
            except PortTaken:
                self.stop()
                if attempt == 2:
                    raise
                self.port = free_port()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


class Cluster:
    def __init__(self, root, nodes=2, zookeeper=None, cluster="etw"):
        self.root = root
        self.zk = zookeeper
        self.cluster = cluster
        self.n = nodes
        self.http = [free_port() for _ in range(nodes)]
        self.tcp = [free_port() for _ in range(nodes)]
        self.interserver = [free_port() for _ in range(nodes)]
        self.procs = [None] * nodes
        self.urls = ["http://127.0.0.1:%d" % p for p in self.http]

    def _config(self, i):
        d = os.path.join(self.root, "ch%d" % i)
        os.makedirs(d, exist_ok=True)
        replica = "<replica><host>127.0.0.1</host><port>%d</port></replica>"
        if self.zk:
            # One shard, every server a replica of it.
            shards = ("<shard><internal_replication>true</internal_replication>%s</shard>" %
                      "".join(replica % p for p in self.tcp))
            zk = ("<zookeeper><node><host>127.0.0.1</host><port>%d</port></node>"
                  "<session_timeout_ms>10000</session_timeout_ms></zookeeper>"
                  "<macros><shard>1</shard><replica>r%d</replica></macros>"
                  "<interserver_http_port>%d</interserver_http_port>"
                  "<interserver_http_host>127.0.0.1</interserver_http_host>"
                  % (self.zk, i, self.interserver[i]))
        else:
            shards = "".join("<shard>%s</shard>" % (replica % p) for p in self.tcp)
            zk = ""
        with open(os.path.join(d, "users.xml"), "w") as f:
            f.write("""<?xml version="1.0"?>
<yandex>
  <profiles><default>
    <distributed_directory_monitor_sleep_time_ms>100</distributed_directory_monitor_sleep_time_ms>
  </default></profiles>
  <users><default><password></password>
    <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
    <profile>default</profile><quota>default</quota></default></users>
  <quotas><default></default></quotas>
</yandex>
""")
        with open(os.path.join(d, "config.xml"), "w") as f:
            f.write("""<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>{d}/server.log</log>
    <errorlog>{d}/server.err.log</errorlog><console>0</console></logger>
  <http_port>{http}</http_port>
  <tcp_port>{tcp}</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <path>{d}/data/</path>
  <tmp_path>{d}/tmp/</tmp_path>
  <user_files_path>{d}/user_files/</user_files_path>
  <format_schema_path>{d}/format_schemas/</format_schema_path>
  <users_config>{d}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>67108864</mark_cache_size>
  <uncompressed_cache_size>67108864</uncompressed_cache_size>
  <max_concurrent_queries>50</max_concurrent_queries>
  <timezone>UTC</timezone>
  <remote_servers><{c}>{shards}</{c}></remote_servers>
  {zk}
</yandex>
""".format(d=d, http=self.http[i], tcp=self.tcp[i], shards=shards, zk=zk, c=self.cluster))
        return d

    def start_node(self, i, wait=True):
        d = self._config(i)
        log = open(os.path.join(d, "stdout.log"), "ab")
        self.procs[i] = subprocess.Popen(
            [SERVER, "--config-file=" + os.path.join(d, "config.xml")],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL, cwd=d)
        if wait:
            self.wait(i)

    def wait(self, i, timeout=120):
        end = time.time() + timeout
        while time.time() < end:
            if self.procs[i].poll() is not None:
                raise PortTaken("clickhouse-server %d exited (%s; a port taken?): see %s" % (
                    i, self.procs[i].returncode, os.path.join(self.root, "ch%d" % i)))
            try:
                with urllib.request.urlopen(self.urls[i] + "/ping", timeout=2) as r:
                    if r.read().startswith(b"Ok"):
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.05)
        raise RuntimeError("clickhouse-server %d did not answer in %d s" % (i, timeout))

    def _ours(self, i):
        """Is the server answering on node @i's port the one we configured?"""
        ports = self.rows("SELECT port FROM system.clusters WHERE cluster = '%s' "
                          "ORDER BY shard_num, replica_num" % self.cluster, i)
        return sorted(int(p[0]) for p in ports) == sorted(self.tcp)

    def wait_zookeeper(self, timeout=120):
        """Every replica reaches ZooKeeper: a real request, through it."""
        end = time.time() + timeout
        for i in range(self.n):
            while True:
                try:
                    self.query("SELECT count() FROM system.zookeeper WHERE path = '/'", i)
                    break
                except RuntimeError as e:
                    if time.time() > end:
                        raise RuntimeError("clickhouse-server %d does not reach ZooKeeper in "
                                           "%d s: %s" % (i, timeout, e))
                    time.sleep(0.2)

    def start(self):
        """Start every server and wait until each answers, is ours and, with
        ZooKeeper, reaches it; on new ports when one was taken meanwhile."""
        lo_up()
        for attempt in range(3):
            try:
                for i in range(self.n):
                    self.start_node(i, wait=False)
                for i in range(self.n):
                    self.wait(i)
                    if not self._ours(i):
                        raise PortTaken("port %d answers for another server" % self.http[i])
                break
            except PortTaken:
                self.stop()
                if attempt == 2:
                    raise
                self.http = [free_port() for _ in range(self.n)]
                self.tcp = [free_port() for _ in range(self.n)]
                self.interserver = [free_port() for _ in range(self.n)]
                self.urls = ["http://127.0.0.1:%d" % p for p in self.http]
        if self.zk:
            self.wait_zookeeper()

    def kill(self, i, sig=signal.SIGKILL):
        p = self.procs[i]
        if p and p.poll() is None:
            p.send_signal(sig)
            p.wait()
        self.procs[i] = None

    def stop(self):
        for i in range(self.n):
            p = self.procs[i]
            if p and p.poll() is None:
                p.terminate()
        for i in range(self.n):
            p = self.procs[i]
            if p:
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
            self.procs[i] = None

    def query(self, sql, node=0, data=None, settings=None):
        """The answer's text; an error raises RuntimeError with the server's message."""
        params = dict(settings or {})
        params["query"] = sql
        url = self.urls[node] + "/?" + urllib.parse.urlencode(params)
        try:
            with urllib.request.urlopen(url, data=data if data is not None else b"",
                                        timeout=60) as r:
                return r.read().decode("utf-8", "surrogateescape")
        except urllib.error.HTTPError as e:
            raise RuntimeError("%s: %s" % (sql[:200], e.read().decode(errors="replace")))

    def rows(self, sql, node=0):
        """TSV rows as lists of strings."""
        out = self.query(sql + " FORMAT TSV", node)
        return [line.split("\t") for line in out.splitlines()]

    def value(self, sql, node=0):
        return self.query(sql, node).strip()
