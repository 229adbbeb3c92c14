// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --report: the page's style sheet and scripts, kept as the files
 * they are (report.css, report.js, report_events.js, in this directory)
 * and built into the program as NUL-terminated strings (tools/Makefile
 * passes their paths and rebuilds this file when they change).
 */
#include "common/incbin.h"

ETW_INCBIN(report_css, REPORT_DIR "/report.css");
ETW_INCBIN(report_js, REPORT_DIR "/report.js");
ETW_INCBIN(report_profile_js, REPORT_DIR "/report_profile.js");
ETW_INCBIN(report_events_js, REPORT_DIR "/report_events.js");
