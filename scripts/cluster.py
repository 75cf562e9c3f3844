#!/usr/bin/python3
"""Runs the study's tournaments, solve and analyze batches and the opening
book on a Dask cluster (docs/cluster.md).

    scripts/cluster.py [--scheduler tcp://HOST:8786 | --local N] [--results DIR] JOB ...

    study [--quick|--medium|--full|--mcts] [--player SPEC ...] [--num-openings N]
          [--no-nodes | --nodes-max-depth D] [--out DIR]
        the study of scripts/study.sh, one game per unit; merged into DIR
        (default docs/study/VARIANT): games.csv, summary.txt, tournament.json,
        nodes.*, the plots, results.json
    solve FILE [gamesearch options]     prints what `gamesearch solve < FILE` prints
    analyze FILE [gamesearch options]   prints what `gamesearch analyze < FILE` prints
        (--batch K lines per unit, before FILE)
    book --out FILE [--depth D] [--all A] [--root MOVES] [--split-ply K] [--tt-mb M]
        bookgen's book, sharded by position; byte-identical to bookgen's

Every unit is a native tool run (build/native/bin, --bin) on one Dask worker.
Its result is one file in the results store (default build/cluster/results),
named by a hash of the unit's inputs and written atomically: a run started
again skips every unit already there. A worker that dies has its units run
again elsewhere; a unit that fails is reported and the others go on. Exit
status: 0 all units ok, 1 some unit failed, 2 bad command line, 3 the results
store cannot be written, 4 Dask missing.

The work lives in cluster_jobs.py (what each job's units are and how they are
merged); this file holds the cluster, the store, the task and the progress.
"""
import argparse
import errno
import hashlib
import json
import logging
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cluster_jobs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXIT_UNIT_FAILED, EXIT_USAGE, EXIT_STORE, EXIT_NO_DASK = 1, 2, 3, 4
# Dask, and matplotlib for the study's charts (tools/study_charts.py).
DASK_PACKAGES = ("python3-dask", "python3-distributed", "python3-matplotlib")


def say(msg):
    print("cluster: " + msg, file=sys.stderr, flush=True)


# --- Dask: installed on demand, as scripts/lib.sh need_pkgs does ------------

def import_dask(install=True):
    """Returns the distributed module, installing Debian's packages first if
    needed; None (and a sentence on stderr) when that is not possible."""
    try:
        import distributed
        import matplotlib  # noqa: F401  (the study's charts)
        return distributed
    except ImportError:
        pass
    if not install:
        return None
    if sys.executable != "/usr/bin/python3":
        say("Debian's Dask is for /usr/bin/python3, not %s: run /usr/bin/python3 %s" % (sys.executable, sys.argv[0]))
        return None
    say("installing %s" % " ".join(DASK_PACKAGES))
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    try:
        subprocess.run(sudo + ["apt-get", "update", "-qq"], env=env)
        r = subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", *DASK_PACKAGES], env=env,
                           stdout=subprocess.DEVNULL)
    except OSError as e:
        say("cannot run apt-get: %s" % e)
        return None
    if r.returncode != 0:
        say("apt-get could not install %s (status %d)" % (" ".join(DASK_PACKAGES), r.returncode))
        return None
    try:
        import distributed
        return distributed
    except ImportError as e:
        say("Dask installed but not importable: %s" % e)
        return None


# --- the task: one native tool run, on a worker -----------------------------

def _die_with_parent():
    """In the tool's process: SIGKILL when the worker that started it dies, so
    a killed worker leaves no tool running on (Linux prctl PR_SET_PDEATHSIG)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def run_unit(spec):
    """Runs spec["argv"] (each "{dir}" replaced by a fresh temporary directory
    holding spec["inputs"], name -> text) with spec["stdin"]; returns rc,
    stdout, stderr, the text of spec["outputs"] files and the tool's CPU
    seconds. A status outside
    spec["ok"] raises, so Dask retries the unit and then reports it."""
    with tempfile.TemporaryDirectory(prefix="gs-unit-") as d:
        for name, text in spec.get("inputs", {}).items():
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        argv = [a.replace("{dir}", d) for a in spec["argv"]]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run(argv, input=spec.get("stdin", ""), capture_output=True, cwd=d,
                           encoding=spec.get("encoding", "utf-8"), preexec_fn=_die_with_parent)
        if p.returncode not in spec.get("ok", [0]):
            raise RuntimeError("%s exited with status %d: %s" % (os.path.basename(argv[0]), p.returncode,
                                                                  p.stderr.strip()[-2000:]))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        outputs = {}
        for name in spec.get("outputs", []):
            path = os.path.join(d, name)
            outputs[name] = open(path).read() if os.path.exists(path) else None
        return {"rc": p.returncode, "stdout": p.stdout, "stderr": p.stderr, "outputs": outputs,
                "cpu_s": round(cpu, 3)}


# --- the results store: one file per unit, written atomically --------------

class StoreError(Exception):
    pass


class Store:
    """DIR/<key>.json per finished unit: {"label", "spec", "result"}. Written
    to a temporary file, fsynced, renamed over the name, and the directory
    fsynced: a file is either absent or whole."""

    def __init__(self, root):
        self.root = os.path.abspath(root)
        self.fail_after = int(os.environ.get("GS_CLUSTER_FAIL_WRITES_AFTER", "-1"))  # test hook: ENOSPC
        self.writes = 0
        try:
            os.makedirs(self.root, exist_ok=True)
            probe = tempfile.NamedTemporaryFile(dir=self.root, prefix=".probe-", delete=True)
            probe.close()
        except OSError as e:
            raise StoreError("cannot write the results directory %s: %s" % (self.root, e.strerror or e))

    def path(self, key):
        return os.path.join(self.root, key + ".json")

    def get(self, key):
        try:
            with open(self.path(key)) as f:
                return json.load(f)["result"]
        except (OSError, ValueError, KeyError):
            return None

    def put(self, key, label, spec, result):
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=".%s." % key[:12], suffix=".tmp")
        try:
            if self.fail_after >= 0 and self.writes >= self.fail_after:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            with os.fdopen(fd, "w") as f:
                fd = -1
                json.dump({"label": label, "spec": spec, "result": result}, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path(key))
            dfd = os.open(self.root, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
            self.writes += 1
        except OSError as e:
            if fd >= 0:
                os.close(fd)
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise StoreError("cannot write to the results directory %s: %s" % (self.root, e.strerror or e))


def unit_key(spec):
    """The unit's name in the store: a hash of everything that decides its
    result (the command line, its inputs, and the tool's own bytes)."""
    h = hashlib.sha256()
    h.update(json.dumps(spec, sort_keys=True).encode())
    h.update(cluster_jobs.file_hash(spec["argv"][0]).encode())
    return h.hexdigest()[:32]


# --- progress ---------------------------------------------------------------

def fmt_duration(s):
    s = int(s + 0.5)
    return "%dh%02dm" % (s // 3600, s // 60 % 60) if s >= 3600 else "%dm%02ds" % (s // 60, s % 60)


class Progress:
    def __init__(self, job, total, stored):
        self.job, self.total, self.stored = job, total, stored
        self.ran = self.failed = 0
        self.cpu = 0.0  # CPU seconds of the units run now
        self.t0 = self.last = time.monotonic()
        self.tty = sys.stderr.isatty()

    def update(self, force=False):
        now = time.monotonic()
        if not force and now - self.last < (0.5 if self.tty else 5.0):
            return
        self.last = now
        done = self.stored + self.ran + self.failed
        el = now - self.t0
        rate = (self.ran + self.failed) / el if el > 0 else 0.0
        eta = fmt_duration((self.total - done) / rate) if rate > 0 else "?"
        line = "%s: %d/%d units (%d from the store, %d failed), %.2f units/s, elapsed %s, ETA %s" % (
            self.job, done, self.total, self.stored, self.failed, rate, fmt_duration(el), eta)
        sys.stderr.write(("\r" + line + "   ") if self.tty else ("cluster: " + line + "\n"))
        sys.stderr.flush()

    def end(self):
        self.update(force=True)
        if self.tty:
            sys.stderr.write("\n")


# --- running a job's units ----------------------------------------------------

def run_units(client, store, job, units, retries, on_result=None):
    """units: [(label, spec)]. Returns ({key: result}, [(label, spec, error)]).
    Units in the store are not run again; the rest go to the cluster, and each
    result is stored as it arrives. on_result(index, result) sees results in
    any order (results from the store first)."""
    from distributed import as_completed
    keys = [unit_key(spec) for _, spec in units]
    results, failures, todo = {}, [], []
    for i, (k, (label, spec)) in enumerate(zip(keys, units)):
        r = store.get(k)
        if r is None:
            todo.append(i)
        else:
            results[k] = r
            if on_result:
                on_result(i, r)
    prog = Progress(job, len(units), len(units) - len(todo))
    say("%s: %d units, %d already in %s, %d to run" % (job, len(units), prog.stored, store.root, len(todo)))
    futures = {}
    for i in todo:
        label, spec = units[i]
        fut = client.submit(run_unit, spec, key="%s-%s" % (job, keys[i]), retries=retries, pure=False)
        futures[fut] = i
    try:
        for fut in as_completed(list(futures)):
            i = futures.pop(fut)
            label, spec = units[i]
            if fut.status == "error":
                err = fut.exception()
                failures.append((label, spec, "%s: %s" % (type(err).__name__, err)))
                prog.failed += 1
                say("unit %s failed: %s" % (label, failures[-1][2]))
            else:
                r = fut.result()
                store.put(keys[i], label, spec, r)
                results[keys[i]] = r
                prog.ran += 1
                prog.cpu += r.get("cpu_s", 0.0)
                if on_result:
                    on_result(i, r)
            prog.update()
    finally:
        for fut in futures:
            fut.cancel()
    prog.end()
    say("%s: %d units run now, %d taken from the store, %d failed" % (job, prog.ran, prog.stored, prog.failed))
    if prog.ran:
        wall = time.monotonic() - prog.t0
        say("%s: %.1f CPU s in the units run now, %.1f s wall: %.2f units/s, %.2f CPU s per wall s" % (
            job, prog.cpu, wall, prog.ran / wall, prog.cpu / wall))
    return [results.get(k) for k in keys], failures


# --- command line ---------------------------------------------------------------

def parse_args(argv):
    p = argparse.ArgumentParser(prog="cluster.py", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, tcp://host:8786")
    where.add_argument("--local", type=int, metavar="N", default=None,
                       help="start a LocalCluster of N worker processes on this machine (default 2)")
    p.add_argument("--results", default=os.path.join(ROOT, "build", "cluster", "results"), metavar="DIR",
                   help="the results store (default build/cluster/results)")
    p.add_argument("--bin", default=os.path.join(ROOT, "build", "native", "bin"), metavar="DIR",
                   help="the native tools, at this path on every worker (default build/native/bin)")
    p.add_argument("--retries", type=int, default=2, help="times a failing unit is retried (default 2)")
    p.add_argument("--check", action="store_true", help="only install Dask if needed and say whether it imports")
    p.add_argument("job", nargs="?", choices=("study", "solve", "analyze", "book"))
    p.add_argument("rest", nargs=argparse.REMAINDER, help="the job's arguments")
    a = p.parse_args(argv)
    if not a.check and not a.job:
        p.error("a job is needed: study, solve, analyze or book")
    if a.local is not None and a.local < 1:
        p.error("--local: must be at least 1")
    return a


def start_client(distributed, a):
    """A client of the given scheduler, or of a LocalCluster (processes, one
    thread each; a dashboard only when bokeh is installed)."""
    if a.scheduler:
        client = distributed.Client(a.scheduler, timeout="30s")
        cluster = None
    else:
        try:
            import bokeh  # noqa: F401
            dashboard = ":0"
        except ImportError:
            dashboard = None
        cluster = distributed.LocalCluster(n_workers=a.local or 2, threads_per_worker=1, processes=True,
                                           dashboard_address=dashboard)
        client = distributed.Client(cluster)
    info = client.scheduler_info()
    say("scheduler %s, %d workers" % (info.get("address", a.scheduler), len(info.get("workers", {}))))
    if "dashboard" in info.get("services", {}):
        say("dashboard %s" % client.dashboard_link)
    return client, cluster


def _interrupt(signum, frame):
    raise KeyboardInterrupt()


def main(argv):
    a = parse_args(argv)
    distributed = import_dask()
    if distributed is None:
        say("Dask is not available; nothing was run")
        return EXIT_NO_DASK
    if a.check:
        say("Dask %s" % distributed.__version__)
        return 0
    try:
        job = cluster_jobs.make_job(a.job, a.rest, a.bin, ROOT)
    except cluster_jobs.UsageError as e:
        print("cluster.py %s: %s" % (a.job, e), file=sys.stderr)
        return EXIT_USAGE
    try:
        store = Store(a.results)
    except StoreError as e:
        say(str(e))
        return EXIT_STORE
    # SIGTERM ends the run as Ctrl-C does: the cluster is shut down, the store keeps what is finished.
    signal.signal(signal.SIGTERM, _interrupt)
    client = cluster = None
    try:
        client, cluster = start_client(distributed, a)
        runner = lambda name, units, on_result=None: run_units(client, store, name, units, a.retries, on_result)
        return job.run(runner)
    except StoreError as e:
        say("%s; the finished units are kept there: run the same command again to go on" % e)
        return EXIT_STORE
    except KeyboardInterrupt:
        say("interrupted; the finished units are kept in %s: run the same command again to go on" % store.root)
        return 130
    finally:
        # (a LocalCluster's nannies warn that they kill their workers at the end: they are meant to)
        logging.getLogger("distributed.nanny").setLevel(logging.ERROR)
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
