// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernel_priv_test: what a system logger may see, and who may read it
 * (issue 19; Documentation/system-trace.rst, "Who sees what").
 *
 * Root's NT Kernel Logger (its starter has CAP_PERFMON and CAP_SYS_ADMIN:
 * a privileged session) runs beside a system logger started by uid 4311,
 * a member of the controller_gid group without those capabilities (an
 * unprivileged session).  Processes of 4311 and of 4312 (a user with no
 * rights on /dev/etw) run a small workload: an exec with a secret on its
 * command line, a file with a secret name, a system call, a TCP
 * connection over loopback, 100 ms of CPU.  Then, per the document:
 *
 *  - kernel return addresses reach the privileged session's stack walks
 *    and never the unprivileged one's, whichever session started first;
 *  - the unprivileged session sees its starter's processes whole and of
 *    every other process only what /proc/<pid>/stat shows every user: no
 *    command line, file, image, system call, stack, sampled address or
 *    socket address; the privileged session sees all of it;
 *  - a system trace is its starter's: the file is created 0600, another
 *    member of the group can neither read the privileged session in real
 *    time nor switch it to a file of its own.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/etw.h>

#include "etw_param.h"
#include "ktrace.h"
#include "../kselftest_harness.h"

#define GROUP_GID	4310	/* controller_gid while the test runs */
#define UID_A		4311	/* in the group: starts its own system logger */
#define UID_B		4312	/* nobody special */
#define SESS_A		"etw-kpriv-a"
#define SESS_RT		"etw-kpriv-rt"

/* Kernel text and data live above the canonical hole (x86-64, arm64). */
#define KERNEL_ADDR	0xffff800000000000ULL

static char dir[] = "/tmp/etw-kpriv-XXXXXX";
static char old_gid[32] = "-1";

static void path_of(char *out, size_t n, const char *file)
{
	snprintf(out, n, "%s/%s", dir, file);
}

/* Become @uid (in the controller group when @group); 0 or -1. */
static int become(uid_t uid, int group)
{
	gid_t g = GROUP_GID;

	return setgroups(group ? 1 : 0, &g) || setresgid(uid, uid, uid) ||
	       setresuid(uid, uid, uid) ? -1 : 0;
}

/* Run @fn as @uid in a child; its exit status, or -1. */
static int as_user(uid_t uid, int group, int (*fn)(void *), void *arg)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(become(uid, group) ? 100 : fn(arg));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* What a child reports back. */
static struct shared {
	pid_t pid;		/* a process it made */
	int err;		/* a Win32 error or errno it got */
} *sh;

/* ---- stack walks ------------------------------------------------------------ */

#define STACK_FLAGS	EVENT_TRACE_FLAG_PROCESS

static ULONG stacks_on_process_start(CONTROLTRACE_ID h)
{
	CLASSIC_EVENT_ID id;

	memset(&id, 0, sizeof(id));
	id.EventGuid = ProcessGuid;
	id.Type = 1;			/* Process/Start */
	return TraceSetInformation(h, TraceStackTracingInfo, &id, sizeof(id));
}

/* As uid 4311: its system logger, with stacks on Process/Start. */
static int start_a(void *arg)
{
	CONTROLTRACE_ID h;
	char file[600];
	ULONG st;

	path_of(file, sizeof(file), "a.etl");
	st = start_kernel(SESS_A, EVENT_TRACE_SYSTEM_LOGGER_MODE,
			  (ULONG)(uintptr_t)arg, file, &h);
	if (st == ERROR_SUCCESS)
		st = stacks_on_process_start(h);
	sh->err = st;
	return st == ERROR_SUCCESS ? 0 : 1;
}

static ULONG start_root(ULONG flags, CONTROLTRACE_ID *h)
{
	char file[600];
	ULONG st;

	path_of(file, sizeof(file), "root.etl");
	st = start_kernel(KERNEL_LOGGER_NAMEA, 0, flags, file, h);
	return st;
}

/* As uid 4311: fork a child that exits at once; its pid in sh->pid. */
static int fork_one(void *arg)
{
	pid_t p = fork();

	(void)arg;
	if (p == 0)
		_exit(0);
	sh->pid = p;
	return p > 0 && waitpid(p, NULL, 0) == p ? 0 : 1;
}

struct walk {
	int found;		/* a StackWalk follows the event */
	unsigned int frames, kernel;
};

/* The StackWalk written with the Process/Start of @pid, if any. */
static struct walk walk_of(const struct trace *t, unsigned int pid)
{
	struct walk w = { 0 };
	long i = find(t, 0, ETW_KH_PROCESS_START, "ProcessId", pid);
	const struct kev *s;
	unsigned int k;

	if (i < 0 || i + 1 >= (long)t->n || t->ev[i + 1].hook != ETW_KH_STACKWALK)
		return w;
	s = &t->ev[i + 1];
	w.found = 1;
	for (k = ETW_KP_STACK_FIXED; k + 8 <= s->len; k += 8) {
		uint64_t a;

		memcpy(&a, s->data + k, 8);
		w.frames++;
		w.kernel += a >= KERNEL_ADDR;
	}
	return w;
}

/* Kernel addresses in every StackWalk of @t. */
static unsigned int kernel_frames(const struct trace *t)
{
	unsigned int n = 0, k;
	size_t i;

	for (i = 0; i < t->n; i++) {
		const struct kev *s = &t->ev[i];

		if (s->hook != ETW_KH_STACKWALK)
			continue;
		for (k = ETW_KP_STACK_FIXED; k + 8 <= s->len; k += 8) {
			uint64_t a;

			memcpy(&a, s->data + k, 8);
			n += a >= KERNEL_ADDR;
		}
	}
	return n;
}

FIXTURE(kp) {
	char root_file[600], a_file[600];
};

FIXTURE_SETUP(kp)
{
	path_of(self->root_file, sizeof(self->root_file), "root.etl");
	path_of(self->a_file, sizeof(self->a_file), "a.etl");
	unlink(self->root_file);
	unlink(self->a_file);
	stop(KERNEL_LOGGER_NAMEA);
	stop(SESS_A);
	stop(SESS_RT);
	memset(sh, 0, sizeof(*sh));
}

FIXTURE_TEARDOWN(kp)
{
	stop(KERNEL_LOGGER_NAMEA);
	stop(SESS_A);
	stop(SESS_RT);
}

/*
 * Issue 19 defect 1: one capture served every session with the address
 * policy of the first one that wanted a stack.
 */
static void stacks_case(struct __test_metadata *_metadata,
			FIXTURE_DATA(kp) *self, int root_first)
{
	CONTROLTRACE_ID h;
	struct trace rt, at;
	struct walk w;
	pid_t mine;
	int i, status;

	for (i = 0; i < 2; i++) {
		if (i == !root_first) {
			ASSERT_EQ(ERROR_SUCCESS, start_root(STACK_FLAGS, &h));
			ASSERT_EQ(ERROR_SUCCESS, stacks_on_process_start(h));
		} else {
			ASSERT_EQ(0, as_user(UID_A, 1, start_a,
					     (void *)(uintptr_t)STACK_FLAGS)) {
				TH_LOG("uid %d starting %s: %d", UID_A, SESS_A, sh->err);
			}
		}
	}
	mine = fork();		/* root's process forks */
	if (mine == 0)
		_exit(0);
	ASSERT_EQ(mine, waitpid(mine, &status, 0));
	ASSERT_EQ(0, as_user(UID_A, 1, fork_one, NULL));	/* 4311's forks */
	ASSERT_EQ(ERROR_SUCCESS, stop(SESS_A));
	ASSERT_EQ(ERROR_SUCCESS, stop(KERNEL_LOGGER_NAMEA));

	ASSERT_EQ(0, read_trace(self->root_file, &rt));
	ASSERT_EQ(0, read_trace(self->a_file, &at));
	/* Privileged: kernel frames, then user frames, of every process. */
	w = walk_of(&rt, mine);
	ASSERT_TRUE(w.found);
	EXPECT_LT(0, w.kernel);
	EXPECT_LT(w.kernel, w.frames);
	w = walk_of(&rt, sh->pid);
	ASSERT_TRUE(w.found);
	EXPECT_LT(0, w.kernel);
	EXPECT_LT(w.kernel, w.frames);
	/* Unprivileged: its own process's user frames, nothing else. */
	w = walk_of(&at, sh->pid);
	ASSERT_TRUE(w.found);
	EXPECT_EQ(0, w.kernel);
	EXPECT_LT(0, w.frames);
	EXPECT_LE(0, find(&at, 0, ETW_KH_PROCESS_START, "ProcessId", mine));
	w = walk_of(&at, mine);
	EXPECT_FALSE(w.found) {
		TH_LOG("root's stack (%u frames, %u kernel) in uid %d's trace",
		       w.frames, w.kernel, UID_A);
	}
	EXPECT_EQ(0, kernel_frames(&at));
	free_trace(&rt);
	free_trace(&at);
}

TEST_F(kp, kernel_frames_privileged_first)
{
	stacks_case(_metadata, self, 1);
}

TEST_F(kp, kernel_frames_unprivileged_first)
{
	stacks_case(_metadata, self, 0);
}

/* ---- the workload of another user --------------------------------------------- */

#define PRIV_FLAGS	(EVENT_TRACE_FLAG_PROCESS | EVENT_TRACE_FLAG_IMAGE_LOAD | \
			 EVENT_TRACE_FLAG_FILE_IO | EVENT_TRACE_FLAG_FILE_IO_INIT | \
			 EVENT_TRACE_FLAG_DISK_FILE_IO | EVENT_TRACE_FLAG_SYSTEMCALL | \
			 EVENT_TRACE_FLAG_NETWORK_TCPIP | EVENT_TRACE_FLAG_PROFILE)

/* CPU for @ms: samples; CLOCK_MONOTONIC is read without a system call. */
static void spin_ms(int ms)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000 < ms);
}

/* After the exec (as 4311 or 4312): a file, a system call, TCP, CPU. */
static int priv_child(const char *where, const char *secret)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t sl = sizeof(sa);
	char path[600], buf[100] = { 0 };
	int fd, ls, c, s;

	snprintf(path, sizeof(path), "%s/%s.txt", where, secret);
	fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0600);
	if (fd < 0 || write(fd, buf, sizeof(buf)) != sizeof(buf) ||
	    pread(fd, buf, sizeof(buf), 0) != sizeof(buf))
		return 20;
	close(fd);
	syscall(SYS_getppid);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ls = socket(AF_INET, SOCK_STREAM, 0);
	if (ls < 0 || bind(ls, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(ls, 1) || getsockname(ls, (struct sockaddr *)&sa, &sl))
		return 21;
	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 || connect(c, (struct sockaddr *)&sa, sizeof(sa)))
		return 22;
	s = accept(ls, NULL, NULL);
	if (s < 0 || write(c, buf, sizeof(buf)) != sizeof(buf) ||
	    recv(s, buf, sizeof(buf), MSG_WAITALL) != sizeof(buf))
		return 23;
	close(c);
	close(s);
	close(ls);
	spin_ms(100);
	return 0;
}

/* As 4311 or 4312: exec this program as priv_child with a secret. */
static int exec_secret(void *arg)
{
	char secret[32];

	snprintf(secret, sizeof(secret), "SECRET-%u", (unsigned int)getuid());
	execl("/proc/self/exe", "kernel_priv_test", "--priv-child", dir, secret,
	      (char *)NULL);
	(void)arg;
	return 30;
}

/* Run exec_secret as @uid; its pid. */
static pid_t workload(uid_t uid)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(become(uid, 0) ? 100 : exec_secret(NULL));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "# uid %u's workload: status %#x\n", uid, status);
		return -1;
	}
	return pid;
}

static int lo_up(void)
{
	struct ifreq ifr;
	int ctl = socket(AF_INET, SOCK_DGRAM, 0), ret;

	if (ctl < 0)
		return -1;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	ret = ioctl(ctl, SIOCGIFFLAGS, &ifr);
	ifr.ifr_flags |= IFF_UP;
	ret = ret ?: ioctl(ctl, SIOCSIFFLAGS, &ifr);
	close(ctl);
	return ret;
}

/* Does any Process/Start of @pid have @what in its command line? */
static int cmdline_has(const struct trace *t, int hook, unsigned int pid,
		       const char *what)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->ev[i].hook == hook && fnum(&t->ev[i], "ProcessId") == pid &&
		    strstr(fstr(&t->ev[i], "CommandLine"), what))
			return 1;
	return 0;
}

/* Events of @t whose header says process @pid wrote them, in group @group. */
static size_t by_pid(const struct trace *t, int group, unsigned int pid)
{
	size_t i, n = 0;

	for (i = 0; i < t->n; i++)
		if (t->ev[i].hook >= 0 && (t->ev[i].hook >> 8) == group &&
		    t->ev[i].pid == pid)
			n++;
	return n;
}

/* System calls (SysClEnter, SysClExit) process @pid made. */
static size_t syscalls_of(const struct trace *t, unsigned int pid)
{
	size_t i, n = 0;

	for (i = 0; i < t->n; i++)
		if ((t->ev[i].hook == ETW_KH_SYSCALL_ENTER ||
		     t->ev[i].hook == ETW_KH_SYSCALL_EXIT) && t->ev[i].pid == pid)
			n++;
	return n;
}

/* File names (FileIo/Create OpenPath, FileCreate FileName) holding @what. */
static size_t files_named(const struct trace *t, const char *what)
{
	size_t i, n = 0;

	for (i = 0; i < t->n; i++)
		if ((t->ev[i].hook == ETW_KH_FILE_CREATE &&
		     strstr(fstr(&t->ev[i], "OpenPath"), what)) ||
		    (t->ev[i].hook == ETW_KH_FILE_CREATE_NAME &&
		     strstr(fstr(&t->ev[i], "FileName"), what)))
			n++;
	return n;
}

/* TCP/IP events of @pid: *@addr of them with an address or port. */
static size_t tcp_of(const struct trace *t, unsigned int pid, size_t *addr)
{
	size_t i, n = 0;

	*addr = 0;
	for (i = 0; i < t->n; i++) {
		const struct kev *e = &t->ev[i];

		if (e->hook < 0 || (e->hook >> 8) != ETW_KG_TCPIP ||
		    fnum(e, "PID") != pid)
			continue;
		n++;
		if (fnum(e, "daddr") || fnum(e, "saddr") || fnum(e, "dport") ||
		    fnum(e, "sport"))
			(*addr)++;
	}
	return n;
}

/* Samples of thread @tid: *@ip of them with an instruction pointer. */
static size_t samples_of(const struct trace *t, unsigned int tid, size_t *ip)
{
	size_t i, n = 0;

	*ip = 0;
	for (i = 0; i < t->n; i++) {
		if (t->ev[i].hook != ETW_KH_SAMPLED_PROFILE ||
		    fnum(&t->ev[i], "ThreadId") != tid)
			continue;
		n++;
		*ip += fnum(&t->ev[i], "InstructionPointer") != 0;
	}
	return n;
}

TEST_F(kp, unprivileged_session_sees_only_its_starters_processes)
{
	unsigned int me = getpid();
	struct trace rt, at;
	CONTROLTRACE_ID h;
	pid_t pa, pb;
	size_t n, x, i;

	ASSERT_EQ(0, lo_up());
	ASSERT_EQ(ERROR_SUCCESS, start_root(PRIV_FLAGS, &h));
	ASSERT_EQ(0, as_user(UID_A, 1, start_a, (void *)(uintptr_t)PRIV_FLAGS)) {
		TH_LOG("uid %d starting %s: %d", UID_A, SESS_A, sh->err);
	}
	pa = workload(UID_A);
	pb = workload(UID_B);
	ASSERT_LT(0, pa);
	ASSERT_LT(0, pb);
	ASSERT_EQ(ERROR_SUCCESS, stop(SESS_A));
	ASSERT_EQ(ERROR_SUCCESS, stop(KERNEL_LOGGER_NAMEA));
	ASSERT_EQ(0, read_trace(self->root_file, &rt));
	ASSERT_EQ(0, read_trace(self->a_file, &at));

	/* The privileged session: everything, of both users. */
	EXPECT_TRUE(cmdline_has(&rt, ETW_KH_PROCESS_START, pa, "SECRET-4311"));
	EXPECT_TRUE(cmdline_has(&rt, ETW_KH_PROCESS_START, pb, "SECRET-4312"));
	EXPECT_TRUE(cmdline_has(&rt, ETW_KH_PROCESS_DCEND, me, "kernel_priv_test"));
	EXPECT_LT(0, files_named(&rt, "SECRET-4312"));
	EXPECT_LT(0, count(&rt, ETW_KH_IMAGE_LOAD, "ProcessId", pb));
	EXPECT_LT(0, count(&rt, ETW_KH_IMAGE_DCEND, "ProcessId", me));
	EXPECT_LT(0, syscalls_of(&rt, pb));
	EXPECT_LT(0, tcp_of(&rt, pb, &x));
	EXPECT_LT(0, x);
	EXPECT_LT(0, samples_of(&rt, pb, &x));
	EXPECT_LT(0, x);

	/* The unprivileged one: its starter's processes, whole... */
	EXPECT_TRUE(cmdline_has(&at, ETW_KH_PROCESS_START, pa, "SECRET-4311"));
	EXPECT_LT(0, files_named(&at, "SECRET-4311"));
	EXPECT_LT(0, count(&at, ETW_KH_IMAGE_LOAD, "ProcessId", pa));
	EXPECT_LT(0, by_pid(&at, ETW_KG_FILE, pa));
	EXPECT_LT(0, syscalls_of(&at, pa));
	EXPECT_LT(0, tcp_of(&at, pa, &x));
	EXPECT_LT(0, x);
	EXPECT_LT(0, samples_of(&at, pa, &x));
	EXPECT_LT(0, x);
	/* ...and of the others, that they ran, not what they did. */
	EXPECT_LT(0, count(&at, ETW_KH_PROCESS_START, "ProcessId", pb));
	EXPECT_FALSE(cmdline_has(&at, ETW_KH_PROCESS_START, pb, "SECRET"));
	for (i = 0; i < at.n; i++)
		if ((at.ev[i].hook == ETW_KH_PROCESS_START ||
		     at.ev[i].hook == ETW_KH_PROCESS_DCSTART ||
		     at.ev[i].hook == ETW_KH_PROCESS_DCEND) &&
		    (fnum(&at.ev[i], "ProcessId") == pb ||
		     fnum(&at.ev[i], "ProcessId") == me))
			EXPECT_STREQ("", fstr(&at.ev[i], "CommandLine"));
	EXPECT_LT(0, count(&at, ETW_KH_PROCESS_DCEND, "ProcessId", me));
	EXPECT_EQ(0, files_named(&at, "SECRET-4312"));
	EXPECT_EQ(0, by_pid(&at, ETW_KG_FILE, pb));
	EXPECT_EQ(0, count(&at, ETW_KH_IMAGE_LOAD, "ProcessId", pb));
	EXPECT_EQ(0, count(&at, ETW_KH_IMAGE_DCEND, "ProcessId", me));
	EXPECT_EQ(0, syscalls_of(&at, pb));
	EXPECT_EQ(0, syscalls_of(&at, me));
	n = tcp_of(&at, pb, &x);
	EXPECT_LT(0, n);
	EXPECT_EQ(0, x);
	n = samples_of(&at, pb, &x);
	EXPECT_LT(0, n);
	EXPECT_EQ(0, x);
	for (i = 0; i < at.n; i++)
		if (at.ev[i].hook == ETW_KH_SAMPLED_PROFILE)
			EXPECT_GT(KERNEL_ADDR, fnum(&at.ev[i], "InstructionPointer"));
	free_trace(&rt);
	free_trace(&at);
}

/* ---- who may read a system trace ----------------------------------------------------- */

/* As uid 4311: a real-time consumer of @arg; 0 or the errno. */
static int consume(void *arg)
{
	struct etw_consumer_open o;
	int fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);

	memset(&o, 0, sizeof(o));
	o.name = (uintptr_t)arg;
	o.name_len = strlen(arg);
	if (fd < 0)
		return 99;
	if (ioctl(fd, ETW_IOC_CONSUMER_OPEN, &o))
		return errno;
	close(o.fd);
	return 0;
}

/* As uid 4311: UPDATE root's NT Kernel Logger to a file of its own. */
static int switch_file(void *arg)
{
	struct props b;

	(void)arg;
	props_init(&b);
	path_of(b.file, sizeof(b.file), "stolen.etl");
	b.p.EnableFlags = STACK_FLAGS;
	return (int)ControlTraceA(0, KERNEL_LOGGER_NAMEA, &b.p,
				  EVENT_TRACE_CONTROL_UPDATE);
}

static int start_rt_a(void *arg)
{
	struct props b;
	CONTROLTRACE_ID h;

	(void)arg;
	props_init(&b);
	b.p.LogFileMode = EVENT_TRACE_SYSTEM_LOGGER_MODE | EVENT_TRACE_REAL_TIME_MODE;
	b.p.LogFileNameOffset = 0;
	return (int)StartTraceA(&h, SESS_A, &b.p);
}

TEST_F(kp, a_system_trace_is_its_starters)
{
	CONTROLTRACE_ID h;
	struct props b;
	struct stat st;
	mode_t old = umask(022);

	ASSERT_EQ(ERROR_SUCCESS, start_root(STACK_FLAGS, &h));
	umask(old);
	ASSERT_EQ(0, stat(self->root_file, &st));
	EXPECT_EQ(0600, st.st_mode & 0777);
	/* Another member of the group may control it, not read it. */
	EXPECT_EQ(ERROR_ACCESS_DENIED, as_user(UID_A, 1, switch_file, NULL));
	props_init(&b);
	b.p.LogFileMode = EVENT_TRACE_SYSTEM_LOGGER_MODE | EVENT_TRACE_REAL_TIME_MODE;
	b.p.LogFileNameOffset = 0;
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, SESS_RT, &b.p));
	EXPECT_EQ(EACCES, as_user(UID_A, 1, consume, SESS_RT));
	EXPECT_EQ(0, consume(SESS_RT));
	/* Its own system trace, it may read. */
	ASSERT_EQ(ERROR_SUCCESS, as_user(UID_A, 1, start_rt_a, NULL));
	EXPECT_EQ(0, as_user(UID_A, 1, consume, SESS_A));
	EXPECT_EQ(ERROR_SUCCESS, stop(SESS_A));
	EXPECT_EQ(ERROR_SUCCESS, stop(SESS_RT));
	EXPECT_EQ(ERROR_SUCCESS, stop(KERNEL_LOGGER_NAMEA));
	path_of(b.file, sizeof(b.file), "stolen.etl");
	EXPECT_NE(0, access(b.file, F_OK));
}

int main(int argc, char **argv)
{
	char buf[32];
	int ret;

	if (argc == 4 && !strcmp(argv[1], "--priv-child"))
		return priv_child(argv[2], argv[3]);
	if (geteuid() || access(ETW_DEVICE_PATH, F_OK)) {
		printf("1..0 # SKIP needs root and %s\n", ETW_DEVICE_PATH);
		return 4;
	}
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || !mkdtemp(dir) || chmod(dir, 01777))
		return 1;
	snprintf(buf, sizeof(buf), "%d", GROUP_GID);
	if (etw_param_write("controller_gid", buf, old_gid, sizeof(old_gid))) {
		perror("controller_gid");
		return 1;
	}
	ret = test_harness_run(argc, argv);
	etw_param_write("controller_gid", old_gid, NULL, 0);
	return ret;
}
