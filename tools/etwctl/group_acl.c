// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl group-acl: who may join a provider group (raw ioctls: the
 * Windows API has no call for it).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#include "etwctl.h"

/* ===== group-acl ======================================================= */

static int parse_acl_entry(const char *s, struct etw_acl_entry *e)
{
	ULONG id;

	if (!strncmp(s, "uid:", 4))
		e->type = ETW_ACL_UID;
	else if (!strncmp(s, "gid:", 4))
		e->type = ETW_ACL_GID;
	else
		return -1;
	if (parse_u32(s + 4, UINT32_MAX - 1, &id))
		return -1;
	e->id = id;
	return 0;
}

static int group_acl_show(const GUID *group)
{
	struct etw_acl_entry e[ETW_MAX_ACL_ENTRIES];
	struct etw_group_acl req;
	char t[ETW_GUID_STR_LEN];
	int fd, restricted;
	uint32_t i;

	fd = etw_dev_fd();
	if (fd < 0)
		return native_fail("open " ETW_DEVICE_PATH, fd);
	memset(&req, 0, sizeof(req));
	memcpy(req.group, group, 16);
	req.entries = (uintptr_t)e;
	req.count = ETW_MAX_ACL_ENTRIES;
	if (ioctl(fd, ETW_IOC_GET_GROUP_ACL, &req))
		return native_fail("ETW_IOC_GET_GROUP_ACL", -errno);
	restricted = !!(req.flags & ETW_GROUP_ACL_F_RESTRICT);
	if (req.count > ETW_MAX_ACL_ENTRIES)
		req.count = ETW_MAX_ACL_ENTRIES;
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "group", etw_guid_str(group, t));
		json_bool(&jout, "restricted", restricted);
		json_key(&jout, "allowed");
		json_open(&jout, '[');
		for (i = 0; i < req.count; i++) {
			json_open(&jout, '{');
			json_u64(&jout, e[i].type == ETW_ACL_UID ? "uid" : "gid", e[i].id);
			json_close(&jout, '}');
		}
		json_close(&jout, ']');
		json_close(&jout, '}');
		json_end(&jout);
		return 0;
	}
	kv("Provider group", "{%s}", etw_guid_str(group, t));
	kv("Restricted", "%s", restricted ? "yes (only the entries below and "
	   "CAP_SYS_ADMIN may join)" : "no (anyone may join)");
	for (i = 0; i < req.count; i++)
		kv(i ? "" : "Allowed", "%s %u",
		   e[i].type == ETW_ACL_UID ? "uid" : "gid", e[i].id);
	return 0;
}

int cmd_group_acl(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	struct etw_acl_entry e[ETW_MAX_ACL_ENTRIES];
	struct etw_group_acl req;
	const char *sub;
	GUID group;
	int c, i, n, fd;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) < 2)
		return usage_err("needs set|clear|show and a group GUID");
	sub = argv[optind];
	if (arg_guid(argv[optind + 1], &group, "group"))
		return EXIT_USAGE;
	n = argc - optind - 2;
	if (!strcmp(sub, "show") || !strcmp(sub, "clear")) {
		if (n)
			return usage_err("too many arguments");
	} else if (strcmp(sub, "set")) {
		return usage_err("unknown subcommand '%s' (set, clear, show)",
				 sub);
	}
	if (n > ETW_MAX_ACL_ENTRIES)
		return usage_err("at most %d entries", ETW_MAX_ACL_ENTRIES);
	for (i = 0; i < n; i++)
		if (parse_acl_entry(argv[optind + 2 + i], &e[i]))
			return usage_err("'%s': entries are uid:N or gid:N",
					 argv[optind + 2 + i]);

	if (strcmp(sub, "show")) {
		fd = etw_dev_fd();
		if (fd < 0)
			return native_fail("open " ETW_DEVICE_PATH, fd);
		memset(&req, 0, sizeof(req));
		memcpy(req.group, &group, 16);
		if (!strcmp(sub, "set")) {
			req.flags = ETW_GROUP_ACL_F_RESTRICT;
			req.entries = (uintptr_t)e;
			req.count = (uint32_t)n;
		}
		if (ioctl(fd, ETW_IOC_SET_GROUP_ACL, &req)) {
			int err = -errno;

			if (err == -EPERM)
				fprintf(stderr, "etwctl: setting a group ACL needs CAP_SYS_ADMIN\n");
			return native_fail("ETW_IOC_SET_GROUP_ACL", err);
		}
	}
	return group_acl_show(&group);
}

