// SPDX-License-Identifier: GPL-2.0-only
/*
 * privilege_test: who may do what with /dev/etw, as a matrix.
 *
 * Callers (columns):
 *   root     uid 0 with every capability
 *   perfmon  uid 4301 with CAP_PERFMON and no other capability
 *   group    uid 4302, a member of the controller_gid group (4300 here)
 *   owner    uid 4303, which started a session while in that group and
 *            has since left it: it owns that session, nothing more
 *   other    uid 4304, nothing special (the group ACL below names it)
 *   userns   uid 4305 after unshare(CLONE_NEWUSER) mapping itself to
 *            root: every capability, but only in its own namespace
 *
 * Each row is an operation; "another user's session" is a real-time
 * session root started for that caller.  A cell is what the caller must
 * get: yes (success), an errno, listed/hidden (SESSION_LIST), or - (the
 * caller has no such object).  The test prints the table in the format
 * of Documentation/admin-guide.rst ("Who may do what") and fails if the
 * document's copy differs.  Reference 2.5 / uapi/linux/etw.h "Sessions"
 * state the rules; issue 13 item 10 adds that a session one may not
 * control answers like a missing one, so that names cannot be probed
 * (EPERM for both, for those who may not start sessions).
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/capability.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/etw.h>

#include "shared/etw_logic.h"
#include "../kselftest.h"

enum { C_ROOT, C_PERFMON, C_GROUP, C_OWNER, C_OTHER, C_USERNS, NCALLERS };

static const char *const caller_name[NCALLERS] = {
	"root", "perfmon", "group", "owner", "other", "userns",
};

#define GROUP_GID	4300
#define UID_BASE	4300	/* perfmon 4301 ... userns 4305 */

/* Results other than 0 (yes) and a positive errno. */
#define RES_LISTED	(-1)
#define RES_HIDDEN	(-2)
#define RES_NA		(-3)
#define RES_UNSET	(-4)

enum row {
	ROW_OPEN, ROW_REGISTER, ROW_MAP_RO, ROW_MAP_RW, ROW_NOTIFY, ROW_WRITE,
	ROW_CLASSIC, ROW_QGUIDS, ROW_GET_ACL, ROW_SET_ACL, ROW_JOIN, ROW_START,
	ROW_LIST, ROW_Q_HANDLE, ROW_Q_NAME, ROW_Q_MISSING, ROW_UPDATE,
	ROW_ENABLE, ROW_DISALLOW, ROW_CONSUMER, ROW_CMAP_RO, ROW_CMAP_RW,
	ROW_STOP, ROW_OWN, ROW_PARAM, NROWS
};

/* The matrix: the test's expectation and the document's table. */
static const struct {
	const char *op;
	const char *cell[NCALLERS];
} matrix[NROWS] = {
	[ROW_OPEN] = { "open /dev/etw, GET_INFO, NEW_IDS",
		{ "yes", "yes", "yes", "yes", "yes", "yes" } },
	[ROW_REGISTER] = { "register a provider, set traits, unregister",
		{ "yes", "yes", "yes", "yes", "yes", "yes" } },
	[ROW_MAP_RO] = { "map the enable map read-only",
		{ "yes", "yes", "yes", "yes", "yes", "yes" } },
	[ROW_MAP_RW] = { "map the enable map writable",
		{ "EPERM", "EPERM", "EPERM", "EPERM", "EPERM", "EPERM" } },
	[ROW_NOTIFY] = { "read and acknowledge enable notifications",
		{ "yes", "yes", "yes", "yes", "yes", "yes" } },
	[ROW_WRITE] = { "write events (EventWrite)",
		{ "yes", "yes", "yes", "yes", "yes", "yes" } },
	[ROW_CLASSIC] = { "TraceEvent, TraceMessage (classic provider)",
		{ "yes", "yes", "yes", "yes", "yes", "yes" } },
	[ROW_QGUIDS] = { "enumerate providers (QUERY_GUIDS)",
		{ "yes", "yes", "yes", "yes", "yes", "yes" } },
	[ROW_GET_ACL] = { "read a provider group's ACL",
		{ "yes", "yes", "yes", "yes", "yes", "yes" } },
	[ROW_SET_ACL] = { "set a provider group's ACL",
		{ "yes", "EPERM", "EPERM", "EPERM", "EPERM", "EPERM" } },
	[ROW_JOIN] = { "join a group whose ACL names \"other\"",
		{ "yes", "EACCES", "EACCES", "EACCES", "yes", "EACCES" } },
	[ROW_START] = { "start a session",
		{ "yes", "yes", "yes", "EPERM", "EPERM", "EPERM" } },
	[ROW_LIST] = { "list sessions: another user's session is",
		{ "listed", "listed", "listed", "hidden", "hidden", "hidden" } },
	[ROW_Q_HANDLE] = { "query another user's session by handle",
		{ "yes", "yes", "yes", "EPERM", "EPERM", "EPERM" } },
	[ROW_Q_NAME] = { "query another user's session by name",
		{ "yes", "yes", "yes", "EPERM", "EPERM", "EPERM" } },
	[ROW_Q_MISSING] = { "query a missing session by name",
		{ "ENOENT", "ENOENT", "ENOENT", "EPERM", "EPERM", "EPERM" } },
	[ROW_UPDATE] = { "update or flush another user's session",
		{ "yes", "yes", "yes", "EPERM", "EPERM", "EPERM" } },
	[ROW_ENABLE] = { "enable a provider in another user's session",
		{ "yes", "yes", "yes", "EPERM", "EPERM", "EPERM" } },
	[ROW_DISALLOW] = { "set or get another user's disallow list",
		{ "yes", "yes", "yes", "EPERM", "EPERM", "EPERM" } },
	[ROW_CONSUMER] = { "attach a consumer to another user's session",
		{ "yes", "yes", "yes", "EPERM", "EPERM", "EPERM" } },
	[ROW_CMAP_RO] = { "map its consumer's buffers read-only",
		{ "yes", "yes", "yes", "yes", "-", "-" } },
	[ROW_CMAP_RW] = { "map its consumer's buffers writable",
		{ "EPERM", "EPERM", "EPERM", "EPERM", "-", "-" } },
	[ROW_STOP] = { "stop another user's session",
		{ "yes", "yes", "yes", "EPERM", "EPERM", "EPERM" } },
	[ROW_OWN] = { "control its own session",
		{ "yes", "yes", "yes", "yes", "-", "-" } },
	[ROW_PARAM] = { "change controller_gid (sysfs)",
		{ "yes", "EACCES", "EACCES", "EACCES", "EACCES", "EACCES" } },
};

/* What the parent sets up, and what the callers report (shared). */
struct shared {
	uint32_t run;
	struct etw_session_info sess[NCALLERS];	/* root's, one per caller */
	char sess_name[NCALLERS][32];
	struct etw_session_info owned;		/* the owner's own session */
	char owned_name[32];
	uint8_t group[16], group2[16];
	int res[NROWS][NCALLERS];
	char why[NCALLERS][160];		/* setup failures */
};

static struct shared *sh;

static void guid(uint8_t g[16], uint8_t kind, int caller)
{
	memset(g, 0xD0 + kind, 16);
	memcpy(g + 4, &sh->run, 4);
	g[0] = caller;
}

/* ---- the caller side ---------------------------------------------------------- */

struct ctx {
	int c;
	int fd;
	const struct etw_enable_slot *map;
	uint64_t own_handle;		/* a session it started */
	char own_name[32];
	int cfd;			/* a consumer it attached */
	uint32_t cnr, csize;
};

static int err(int r)
{
	return r < 0 ? errno : 0;
}

static int control(struct ctx *x, uint64_t handle, const char *name,
		   uint32_t code)
{
	struct etw_session_control k = { .handle = handle, .code = code };

	if (name) {
		k.name = (uintptr_t)name;
		k.name_len = strlen(name);
	}
	if (code == ETW_CONTROL_UPDATE) {
		k.flush_timer = 2;
		k.log_file_mode = ETW_MODE_REAL_TIME;	/* 0 would turn it off */
	}
	return err(ioctl(x->fd, ETW_IOC_SESSION_CONTROL, &k));
}

static uint64_t reg(struct ctx *x, uint8_t kind, uint32_t flags, int *e)
{
	struct etw_register r = { .flags = flags };

	guid(r.guid, kind, x->c);
	*e = err(ioctl(x->fd, ETW_IOC_REGISTER, &r));
	return r.handle;
}

static uint32_t traits(uint8_t *b, const uint8_t *group)
{
	uint32_t n = 2;

	memcpy(b + n, "Priv", 5);
	n += 5;
	if (group) {
		b[n] = 19; b[n + 1] = 0; b[n + 2] = ETW_TRAIT_TYPE_GROUP;
		memcpy(b + n + 3, group, 16);
		n += 19;
	}
	b[0] = n;
	b[1] = 0;
	return n;
}

static int consumer(struct ctx *x, const char *name)
{
	struct etw_consumer_open co = { .name = (uintptr_t)name,
					.name_len = strlen(name) };

	if (ioctl(x->fd, ETW_IOC_CONSUMER_OPEN, &co))
		return errno;
	if (x->cfd >= 0)
		close(x->cfd);
	x->cfd = co.fd;
	x->cnr = co.nr_buffers;
	x->csize = co.buffer_size;
	return 0;
}

static int row(struct ctx *x, enum row r)
{
	const struct etw_session_info *s = &sh->sess[x->c];
	const char *sname = sh->sess_name[x->c];
	uint8_t b[64];
	uint64_t h;
	int e, i;

	switch (r) {
	case ROW_OPEN: {
		struct etw_info info = { 0 };
		struct etw_new_ids ids = { .count = 1 };

		x->fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC | O_NONBLOCK);
		if (x->fd < 0)
			return errno;
		return err(ioctl(x->fd, ETW_IOC_GET_INFO, &info)) ?:
		       err(ioctl(x->fd, ETW_IOC_NEW_IDS, &ids));
	}
	case ROW_REGISTER: {
		struct etw_set_info si = { .info_class = ETW_INFO_SET_TRAITS,
					   .data = (uintptr_t)b };
		struct etw_unregister u;

		si.handle = reg(x, 0, 0, &e);
		if (e)
			return e;
		si.length = traits(b, NULL);
		u.handle = si.handle;
		u.__reserved = 0;
		return err(ioctl(x->fd, ETW_IOC_SET_INFO, &si)) ?:
		       err(ioctl(x->fd, ETW_IOC_UNREGISTER, &u));
	}
	case ROW_MAP_RO:
		x->map = mmap(NULL, ETW_ENABLE_MAP_SIZE, PROT_READ, MAP_SHARED,
			      x->fd, 0);
		if (x->map == MAP_FAILED) {
			x->map = NULL;
			return errno;
		}
		return 0;
	case ROW_MAP_RW: {
		void *p = mmap(NULL, ETW_ENABLE_MAP_SIZE, PROT_READ | PROT_WRITE,
			       MAP_SHARED, x->fd, 0);

		if (p == MAP_FAILED)
			return errno;
		munmap(p, ETW_ENABLE_MAP_SIZE);
		return 0;
	}
	case ROW_NOTIFY: {
		/* The parent enabled this GUID first: a notification is queued. */
		static uint8_t buf[ETW_NOTIFY_MAX_SIZE];
		struct pollfd p = { .fd = x->fd, .events = POLLIN };
		struct etw_notify_ack ack = { 0 };
		ssize_t n;

		struct etw_unregister u = { 0 };

		u.handle = reg(x, 1, ETW_REG_F_CALLBACK, &e);
		if (e)
			return e;
		poll(&p, 1, 2000);
		n = read(x->fd, buf, sizeof(buf));
		if (n < (ssize_t)sizeof(struct etw_notification))
			return n < 0 ? errno : EIO;
		ack.seq = ((struct etw_notification *)buf)->seq;
		e = err(ioctl(x->fd, ETW_IOC_NOTIFY_ACK, &ack));
		/* Gone before the STOP rows, which would wait for its callback. */
		ioctl(x->fd, ETW_IOC_UNREGISTER, &u);
		return e;
	}
	case ROW_WRITE: {
		uint32_t payload = 42;
		struct etw_data_desc d = { .ptr = (uintptr_t)&payload, .size = 4 };
		struct etw_write w = { .level = 4, .count = 1, .data = (uintptr_t)&d };
		struct etw_register rr = { 0 };

		guid(rr.guid, 2, x->c);
		if (ioctl(x->fd, ETW_IOC_REGISTER, &rr))
			return errno;
		/* Enabled by root's session: the event is really stored. */
		if (!x->map || !x->map[rr.slot].enabled)
			return ENODATA;
		w.handle = rr.handle;
		return err(ioctl(x->fd, ETW_IOC_WRITE, &w));
	}
	case ROW_CLASSIC: {
		struct etw_trace_event te = { .logger = s->logger_id };
		struct etw_trace_message tm = { .logger = s->logger_id };

		h = reg(x, 3, ETW_REG_F_CLASSIC, &e);
		if (e)
			return e;
		te.handle = tm.handle = h;
		return err(ioctl(x->fd, ETW_IOC_TRACE_EVENT, &te)) ?:
		       err(ioctl(x->fd, ETW_IOC_TRACE_MESSAGE, &tm));
	}
	case ROW_QGUIDS: {
		struct etw_query_guids q = { .query = ETW_QUERY_GUID_LIST };

		return err(ioctl(x->fd, ETW_IOC_QUERY_GUIDS, &q));
	}
	case ROW_GET_ACL: {
		struct etw_group_acl a = { 0 };

		memcpy(a.group, sh->group, 16);
		return err(ioctl(x->fd, ETW_IOC_GET_GROUP_ACL, &a));
	}
	case ROW_SET_ACL: {
		struct etw_group_acl a = { 0 };	/* lift an ACL: no change */

		memcpy(a.group, sh->group2, 16);
		return err(ioctl(x->fd, ETW_IOC_SET_GROUP_ACL, &a));
	}
	case ROW_JOIN: {
		struct etw_set_info si = { .info_class = ETW_INFO_SET_TRAITS,
					   .data = (uintptr_t)b };

		si.handle = reg(x, 4, 0, &e);
		if (e)
			return e;
		si.length = traits(b, sh->group);
		return err(ioctl(x->fd, ETW_IOC_SET_INFO, &si));
	}
	case ROW_START: {
		struct etw_session_info si;
		struct etw_session_start st = { .log_file_mode = ETW_MODE_REAL_TIME,
						.buffer_size_kb = 4,
						.info = (uintptr_t)&si,
						.info_size = sizeof(si) };

		snprintf(x->own_name, sizeof(x->own_name), "pv%06x-own-%d",
			 sh->run, x->c);
		st.name = (uintptr_t)x->own_name;
		st.name_len = strlen(x->own_name);
		if (ioctl(x->fd, ETW_IOC_SESSION_START, &st))
			return errno;
		x->own_handle = si.handle;
		return 0;
	}
	case ROW_LIST: {
		uint64_t handles[ETW_MAX_SESSIONS];
		struct etw_session_list l = { .handles = (uintptr_t)handles,
					      .capacity = ETW_MAX_SESSIONS };

		if (ioctl(x->fd, ETW_IOC_SESSION_LIST, &l))
			return errno;
		for (i = 0; i < (int)l.count && i < ETW_MAX_SESSIONS; i++)
			if (handles[i] == s->handle)
				return RES_LISTED;
		return RES_HIDDEN;
	}
	case ROW_Q_HANDLE:
		return control(x, s->handle, NULL, ETW_CONTROL_QUERY);
	case ROW_Q_NAME:
		return control(x, 0, sname, ETW_CONTROL_QUERY);
	case ROW_Q_MISSING: {
		char missing[32];

		snprintf(missing, sizeof(missing), "pv%06x-missing", sh->run);
		return control(x, 0, missing, ETW_CONTROL_QUERY);
	}
	case ROW_UPDATE:
		return control(x, s->handle, NULL, ETW_CONTROL_UPDATE) ?:
		       control(x, s->handle, NULL, ETW_CONTROL_FLUSH);
	case ROW_ENABLE: {
		struct etw_enable en = { .session = s->handle, .control_code = 1,
					 .level = 3 };

		guid(en.guid, 5, x->c);
		return err(ioctl(x->fd, ETW_IOC_ENABLE, &en));
	}
	case ROW_DISALLOW: {
		uint8_t g[16];
		struct etw_disallow d = { .session = s->handle, .count = 1,
					  .guids = (uintptr_t)g };

		guid(g, 6, x->c);
		if (ioctl(x->fd, ETW_IOC_SET_DISALLOW, &d))
			return errno;
		return err(ioctl(x->fd, ETW_IOC_GET_DISALLOW, &d));
	}
	case ROW_CONSUMER:
		return consumer(x, sname);
	case ROW_CMAP_RO:
	case ROW_CMAP_RW: {
		size_t len;
		void *p;

		/* The owner attaches to its own session. */
		if (x->c == C_OWNER && r == ROW_CMAP_RO &&
		    (e = consumer(x, sh->owned_name)))
			return e;
		if (x->cfd < 0)
			return RES_NA;
		len = (size_t)x->cnr * x->csize;
		p = mmap(NULL, len, PROT_READ | (r == ROW_CMAP_RW ? PROT_WRITE : 0),
			 MAP_SHARED, x->cfd, 0);
		if (p == MAP_FAILED)
			return errno;
		munmap(p, len);
		return 0;
	}
	case ROW_STOP:
		return control(x, s->handle, NULL, ETW_CONTROL_STOP);
	case ROW_OWN: {
		struct etw_enable en = { .control_code = 1, .level = 3 };
		const char *name = x->c == C_OWNER ? sh->owned_name : x->own_name;

		h = x->c == C_OWNER ? sh->owned.handle : x->own_handle;
		if (!h)
			return RES_NA;
		en.session = h;
		guid(en.guid, 7, x->c);
		if (x->cfd >= 0)
			close(x->cfd);
		x->cfd = -1;
		return control(x, h, NULL, ETW_CONTROL_QUERY) ?:
		       control(x, 0, name, ETW_CONTROL_QUERY) ?:
		       control(x, h, NULL, ETW_CONTROL_UPDATE) ?:
		       err(ioctl(x->fd, ETW_IOC_ENABLE, &en)) ?:
		       consumer(x, name) ?:
		       control(x, h, NULL, ETW_CONTROL_STOP);
	}
	case ROW_PARAM:
		i = open("/sys/module/etw/parameters/controller_gid", O_WRONLY);
		if (i < 0)
			return errno;
		close(i);
		return 0;
	default:
		return RES_UNSET;
	}
}

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok ? 0 : -1;
}

static int write_at(int dir, const char *name, const char *s)
{
	int fd = openat(dir, name, O_WRONLY | O_CLOEXEC), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok ? 0 : -1;
}

/*
 * uid @uid in a user namespace of its own, mapped to root there.
 * unshare(CLONE_NEWUSER) is refused in a chroot, and the test VM runs
 * tests chrooted into the host's root, so (as root) step out to init's
 * root first (a no-op on a normal system), and once in the namespace,
 * whose root may chroot, step back in.
 */
static int userns_root(uid_t uid)
{
	int root = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	int proc = open("/proc/self", O_PATH | O_DIRECTORY | O_CLOEXEC);
	char map[64];

	snprintf(map, sizeof(map), "0 %u 1", uid);
	if (root < 0 || proc < 0 || chdir("/proc/1/root") || chroot(".") ||
	    setgroups(0, NULL) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid) ||
	    /* changing uid made us undumpable: /proc/self would be root's */
	    prctl(PR_SET_DUMPABLE, 1) || unshare(CLONE_NEWUSER) ||
	    write_at(proc, "setgroups", "deny") ||
	    write_at(proc, "uid_map", map) || write_at(proc, "gid_map", map) ||
	    setresuid(0, 0, 0) || setresgid(0, 0, 0) ||
	    fchdir(root) || chroot(".") || chdir("/"))
		return -1;
	close(root);
	close(proc);
	return 0;
}

static int fail(int c)
{
	snprintf(sh->why[c], sizeof(sh->why[c]), "becoming %s: %s",
		 caller_name[c], strerror(errno));
	return -1;
}

/* Become caller @c; 0 or -1 with sh->why set. */
static int become(int c)
{
	uid_t uid = UID_BASE + c;
	gid_t g = GROUP_GID;

	if (c == C_ROOT)
		return 0;
	if (c == C_PERFMON && prctl(PR_SET_KEEPCAPS, 1))
		goto fail;
	if (c == C_USERNS)
		return userns_root(uid) ? fail(c) : 0;
	if (setgroups(c == C_GROUP ? 1 : 0, &g) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid))
		goto fail;
	if (c == C_PERFMON) {
		struct __user_cap_header_struct hdr = {
			.version = _LINUX_CAPABILITY_VERSION_3 };
		struct __user_cap_data_struct d[2] = { 0 };

		d[CAP_TO_INDEX(CAP_PERFMON)].effective = CAP_TO_MASK(CAP_PERFMON);
		d[CAP_TO_INDEX(CAP_PERFMON)].permitted = CAP_TO_MASK(CAP_PERFMON);
		if (syscall(SYS_capset, &hdr, d))
			goto fail;
	}
	return 0;
fail:
	return fail(c);
}

static void caller_main(int c)
{
	struct ctx x = { .c = c, .fd = -1, .cfd = -1 };
	int r;

	if (become(c))
		_exit(1);
	for (r = 0; r < NROWS; r++)
		sh->res[r][c] = row(&x, r);
	_exit(0);
}

/* ---- the parent ------------------------------------------------------------- */

static const char *cell(int res, char *buf)
{
	switch (res) {
	case 0: return "yes";
	case RES_LISTED: return "listed";
	case RES_HIDDEN: return "hidden";
	case RES_NA: return "-";
	case RES_UNSET: return "(not run)";
	}
	snprintf(buf, 24, "%s", strerrorname_np(res) ?: "?");
	return buf;
}

#define OPW	46
#define CELLW	7

static void border(char *out)
{
	int i;

	memset(out, '=', OPW);
	out += OPW;
	for (i = 0; i < NCALLERS; i++) {
		*out++ = ' ';
		memset(out, '=', CELLW);
		out += CELLW;
	}
	*out = 0;
}

/* The table as Documentation/admin-guide.rst has it, one line per entry. */
static int table(char lines[][160])
{
	int n = 0, r, c, len;

	border(lines[n++]);
	len = sprintf(lines[n], "%-*s", OPW, "operation");
	for (c = 0; c < NCALLERS; c++)
		len += sprintf(lines[n] + len, " %-*s", CELLW, caller_name[c]);
	while (len && lines[n][len - 1] == ' ')
		lines[n][--len] = 0;
	n++;
	border(lines[n++]);
	for (r = 0; r < NROWS; r++) {
		len = sprintf(lines[n], "%-*s", OPW, matrix[r].op);
		for (c = 0; c < NCALLERS; c++)
			len += sprintf(lines[n] + len, " %-*s", CELLW,
				       matrix[r].cell[c]);
		while (len && lines[n][len - 1] == ' ')
			lines[n][--len] = 0;
		n++;
	}
	border(lines[n++]);
	return n;
}

/* Compare with the document's copy; 1 same, 0 differs, -1 not found. */
static int doc_matches(char lines[][160], int n)
{
	char path[4096], line[512];
	ssize_t len = readlink("/proc/self/exe", path, sizeof(path) - 64);
	int in = 0, i = 0, same = 1;
	char *slash;
	FILE *f;

	if (len <= 0)
		return -1;
	path[len] = 0;
	slash = strrchr(path, '/');
	strcpy(slash ? slash + 1 : path, "../../Documentation/admin-guide.rst");
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (strstr(line, ".. privilege-matrix-begin")) {
			in = 1;
			continue;
		}
		if (strstr(line, ".. privilege-matrix-end"))
			break;
		if (!in || !line[0])
			continue;
		/* the table is indented by four spaces in the document */
		if (i >= n || strcmp(line + (strncmp(line, "    ", 4) ? 0 : 4),
				     lines[i])) {
			ksft_print_msg("admin-guide.rst: \"%s\" where the test has \"%s\"\n",
				       line, i < n ? lines[i] : "(end)");
			same = 0;
			break;
		}
		i++;
	}
	fclose(f);
	if (!in)
		return -1;
	return same && i == n;
}

static int start_root_session(int fd, const char *name,
			      struct etw_session_info *si)
{
	struct etw_session_start st = { .name = (uintptr_t)name,
					.name_len = strlen(name),
					.log_file_mode = ETW_MODE_REAL_TIME,
					.buffer_size_kb = 4,
					.info = (uintptr_t)si,
					.info_size = sizeof(*si) };

	return ioctl(fd, ETW_IOC_SESSION_START, &st) ? -errno : 0;
}

static void enable(int fd, uint64_t session, uint8_t kind, int c)
{
	struct etw_enable en = { .session = session, .control_code = 1,
				 .level = 5, .timeout_ms = 100 };

	guid(en.guid, kind, c);
	ioctl(fd, ETW_IOC_ENABLE, &en);
}

static void stop_name(int fd, const char *name)
{
	struct etw_session_control k = { .name = (uintptr_t)name,
					 .name_len = strlen(name),
					 .code = ETW_CONTROL_STOP };

	ioctl(fd, ETW_IOC_SESSION_CONTROL, &k);
}

/* 1 if a session of that name still answers. */
static int still_there(int fd, const char *name)
{
	struct etw_session_control k = { .name = (uintptr_t)name,
					 .name_len = strlen(name),
					 .code = ETW_CONTROL_QUERY };

	return ioctl(fd, ETW_IOC_SESSION_CONTROL, &k) == 0 || errno != ENOENT;
}

int main(void)
{
	static char lines[NROWS + 8][160];
	char old_gid[32] = "-1", buf[24], name[64];
	struct etw_group_acl acl = { .flags = ETW_GROUP_ACL_F_RESTRICT, .count = 1 };
	struct etw_acl_entry ent = { .type = ETW_ACL_UID, .id = UID_BASE + C_OTHER };
	int fd, c, r, n, st_, bad, m;
	struct timespec ts;
	pid_t pid;
	FILE *f;

	ksft_print_header();
	ksft_set_plan(NROWS + 3);
	fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	if (fd < 0 || geteuid())
		ksft_exit_skip("needs root and %s (is etw.ko loaded?)\n",
			       ETW_DEVICE_PATH);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	clock_gettime(CLOCK_REALTIME, &ts);
	sh->run = (getpid() ^ ts.tv_nsec) & 0xffffff;
	for (r = 0; r < NROWS; r++)
		for (c = 0; c < NCALLERS; c++)
			sh->res[r][c] = RES_UNSET;
	f = fopen("/sys/module/etw/parameters/controller_gid", "r");
	if (f) {
		if (fgets(old_gid, sizeof(old_gid), f))
			old_gid[strcspn(old_gid, "\n")] = 0;
		fclose(f);
	}
	snprintf(buf, sizeof(buf), "%d", GROUP_GID);
	if (write_file("/sys/module/etw/parameters/controller_gid", buf))
		ksft_exit_fail_msg("setting controller_gid: %s\n", strerror(errno));

	/* A group whose ACL admits only "other"; another one without ACL. */
	guid(sh->group, 8, 0);
	guid(sh->group2, 9, 0);
	memcpy(acl.group, sh->group, 16);
	acl.entries = (uintptr_t)&ent;
	if (ioctl(fd, ETW_IOC_SET_GROUP_ACL, &acl))
		ksft_exit_fail_msg("SET_GROUP_ACL: %s\n", strerror(errno));
	/* Root's session per caller, with that caller's providers enabled. */
	for (c = 0; c < NCALLERS; c++) {
		snprintf(sh->sess_name[c], sizeof(sh->sess_name[c]), "pv%06x-root-%d",
			 sh->run, c);
		if (start_root_session(fd, sh->sess_name[c], &sh->sess[c]))
			ksft_exit_fail_msg("starting %s: %s\n", sh->sess_name[c],
					   strerror(errno));
		enable(fd, sh->sess[c].handle, 1, c);	/* notifications */
		enable(fd, sh->sess[c].handle, 2, c);	/* EventWrite */
		enable(fd, sh->sess[c].handle, 3, c);	/* classic */
	}
	/* The owner's session, started while it was in the group. */
	snprintf(sh->owned_name, sizeof(sh->owned_name), "pv%06x-owner", sh->run);
	pid = fork();
	if (!pid) {
		gid_t g = GROUP_GID;
		uid_t uid = UID_BASE + C_OWNER;
		int ofd;

		if (setgroups(1, &g) || setresgid(uid, uid, uid) ||
		    setresuid(uid, uid, uid))
			_exit(1);
		ofd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
		_exit(start_root_session(ofd, sh->owned_name, &sh->owned) ? 2 : 0);
	}
	if (waitpid(pid, &st_, 0) != pid || !WIFEXITED(st_) || WEXITSTATUS(st_))
		ksft_exit_fail_msg("the owner could not start its session\n");

	/* Each caller in a process of its own, one after the other. */
	for (c = 0; c < NCALLERS; c++) {
		pid = fork();
		if (!pid)
			caller_main(c);
		waitpid(pid, &st_, 0);
		if (sh->why[c][0])
			ksft_print_msg("%s\n", sh->why[c]);
	}

	n = table(lines);
	for (r = 0; r < n; r++)
		ksft_print_msg("%s\n", lines[r]);
	for (r = 0; r < NROWS; r++) {
		char got[200] = "";

		bad = 0;
		for (c = 0, m = 0; c < NCALLERS; c++) {
			const char *g = cell(sh->res[r][c], buf);

			if (strcmp(g, matrix[r].cell[c])) {
				bad++;
				m += snprintf(got + m, sizeof(got) - m, " %s: %s, not %s;",
					      caller_name[c], g, matrix[r].cell[c]);
			}
		}
		ksft_test_result(!bad, "privilege: %s%s\n", matrix[r].op, got);
	}
	/* Issue 13 item 10: names cannot be enumerated. */
	for (c = C_OWNER, bad = 0; c < NCALLERS; c++)
		if (sh->res[ROW_Q_NAME][c] != sh->res[ROW_Q_MISSING][c])
			bad++;
	ksft_test_result(!bad, "privilege: QUERY by name of a session one may not control answers as for a missing name\n");
	r = doc_matches(lines, n);
	if (r < 0)
		ksft_test_result_skip("privilege: Documentation/admin-guide.rst not found next to the tests\n");
	else
		ksft_test_result(r, "privilege: Documentation/admin-guide.rst \"Who may do what\" has this table\n");

	/* Put everything back, and check that it is. */
	bad = 0;
	for (c = 0; c < NCALLERS; c++) {
		stop_name(fd, sh->sess_name[c]);
		snprintf(name, sizeof(name), "pv%06x-own-%d", sh->run, c);
		stop_name(fd, name);
		bad += still_there(fd, sh->sess_name[c]) + still_there(fd, name);
	}
	stop_name(fd, sh->owned_name);
	bad += still_there(fd, sh->owned_name);
	acl.flags = 0;
	acl.count = 0;
	ioctl(fd, ETW_IOC_SET_GROUP_ACL, &acl);
	if (ioctl(fd, ETW_IOC_GET_GROUP_ACL, &acl) || acl.flags)
		bad++;
	write_file("/sys/module/etw/parameters/controller_gid", old_gid);
	f = fopen("/sys/module/etw/parameters/controller_gid", "r");
	if (!f || !fgets(buf, sizeof(buf), f) || strncmp(buf, old_gid, strlen(old_gid)))
		bad++;
	if (f)
		fclose(f);
	ksft_test_result(!bad, "privilege: sessions stopped, group ACL lifted, controller_gid back to %s\n",
			 old_gid);
	ksft_finished();
}
