/* SPDX-License-Identifier: MIT */
/*
 * etw_tlg_impl.h - how TraceLoggingProvider.h turns a TraceLoggingWrite
 * argument list into compile-time metadata and a list of data
 * descriptors.  Internal: included by TraceLoggingProvider.h only; every
 * name here starts with _tlg or _TLG and may change.
 *
 * Each field macro (TraceLoggingInt32(x), ...) expands to a tuple
 *
 *     (kind, type, intype, hasout, outtype, "name", hastag, tags, args...)
 *
 * and each event-level macro (TraceLoggingLevel(n), ...) to (kind, value).
 * TraceLoggingWrite walks the tuples several times (_TLG_FOREACH), each
 * time pasting a pass name to the kind to pick what the argument
 * contributes to that pass:
 *
 *   _tlgMD  member declarations of the event's metadata struct
 *   _tlgMI  their initializers (name, InType, [OutType], [tags], [count])
 *   _tlgLV, _tlgOP, _tlgCH, _tlgKW, _tlgTG
 *           level, opcode, channel, keyword and event tag: constant
 *           expressions (the last level/opcode/channel wins; keywords and
 *           tags are OR'ed)
 *   _tlgNC  how many EVENT_DATA_DESCRIPTORs the argument needs
 *   _tlgDF  statements that fill them (run only when the event is enabled)
 *
 * The metadata struct is a `static const` object: built by the compiler,
 * never at run time.  Its byte layout is the TraceLogging event metadata
 * of reference §5.3 (C form: two tag bytes), preceded by 11 bytes
 * (channel, level, opcode, keyword) that the writer turns into the
 * EVENT_DESCRIPTOR.
 */
#ifndef _LIBETW_ETW_TLG_IMPL_H
#define _LIBETW_ETW_TLG_IMPL_H

/*
 * The argument machinery uses __VA_OPT__ (C2x / C++20, accepted by gcc
 * and clang in every language mode) and argument lists that may be
 * empty, as the SDK's header does; as a system header its definitions
 * do not trip -pedantic in programs that include it.
 */
#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "TraceLoggingProvider.h"	/* TlgIn_t, TlgOut_t, EventDataDescCreate */

#define _TLG_PASTE_imp(a, b) a##b
#define _TLG_PASTE(a, b) _TLG_PASTE_imp(a, b)
#define _TLG_CAT_imp(a, ...) a##__VA_ARGS__
#define _TLG_CAT(a, ...) _TLG_CAT_imp(a, __VA_ARGS__)
#define _TLG_FLATTEN(...) __VA_ARGS__
#define _TLG_HEAD(x, ...) x
#define _TLG_TAIL(x, ...) __VA_ARGS__
#define _TLG_CALL(f, args) f args
#define _TLG_FIRST(x, ...) x
#define _TLG_ARG3(a, b, c, ...) c
#define _TLG_PACKED __attribute__((__packed__))

/* 0/1 tokens: a | b, for pasting. */
#define _TLG_OR(a, b) _TLG_PASTE(_TLG_OR_, _TLG_PASTE(a, b))
#define _TLG_OR_00 0
#define _TLG_OR_01 1
#define _TLG_OR_10 1
#define _TLG_OR_11 1

/*
 * Optional field arguments ("name", "description", tags): the name
 * defaults to the stringized value, tags are present iff there are three.
 */
#define _TLG_NAME(s, ...) _TLG_FIRST(__VA_ARGS__ __VA_OPT__(,) s)
#define _TLG_HASTAG(...) _TLG_PASTE(_TLG_HT_, _TLG_NARGS(__VA_ARGS__))
#define _TLG_HT_0 0
#define _TLG_HT_1 0
#define _TLG_HT_2 0
#define _TLG_HT_3 1
#define _TLG_TAG(...) _TLG_ARG3(__VA_ARGS__ __VA_OPT__(,) 0, 0, 0)
/* (description, tags) optional after an explicit name */
#define _TLG_HASTAG2(...) _TLG_PASTE(_TLG_HT2_, _TLG_NARGS(__VA_ARGS__))
#define _TLG_HT2_0 0
#define _TLG_HT2_1 0
#define _TLG_HT2_2 1
#define _TLG_TAG2(...) _TLG_HEAD(_TLG_TAIL(__VA_ARGS__ __VA_OPT__(,) 0, 0))

/* _TLG_NARGS(...): how many arguments (0..99). */
#define _TLG_NARGS(...) _TLG_NARGS_imp(__VA_ARGS__ __VA_OPT__(,) \
	99, 98, 97, 96, 95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82, 81, \
	80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 69, 68, 67, 66, 65, 64, 63, 62, \
	61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, \
	42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, \
	23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, \
	2, 1, 0)
#define _TLG_NARGS_imp( \
	_a1, _a2, _a3, _a4, _a5, _a6, _a7, _a8, _a9, _a10, _a11, _a12, _a13, _a14, \
	_a15, _a16, _a17, _a18, _a19, _a20, _a21, _a22, _a23, _a24, _a25, _a26, \
	_a27, _a28, _a29, _a30, _a31, _a32, _a33, _a34, _a35, _a36, _a37, _a38, \
	_a39, _a40, _a41, _a42, _a43, _a44, _a45, _a46, _a47, _a48, _a49, _a50, \
	_a51, _a52, _a53, _a54, _a55, _a56, _a57, _a58, _a59, _a60, _a61, _a62, \
	_a63, _a64, _a65, _a66, _a67, _a68, _a69, _a70, _a71, _a72, _a73, _a74, \
	_a75, _a76, _a77, _a78, _a79, _a80, _a81, _a82, _a83, _a84, _a85, _a86, \
	_a87, _a88, _a89, _a90, _a91, _a92, _a93, _a94, _a95, _a96, _a97, _a98, \
	_a99, _n, ...) _n

/* _TLG_FOREACH(M, args...): M(k, arg) for each arg, k = N..1. */
#define _TLG_FOREACH(M, ...) \
	_TLG_PASTE(_TLG_FE_, _TLG_NARGS(__VA_ARGS__))(M, __VA_ARGS__)
#define _TLG_FE_0(M, ...)
#define _TLG_FE_1(M, a, ...) M(1, a) _TLG_FE_0(M, __VA_ARGS__)
#define _TLG_FE_2(M, a, ...) M(2, a) _TLG_FE_1(M, __VA_ARGS__)
#define _TLG_FE_3(M, a, ...) M(3, a) _TLG_FE_2(M, __VA_ARGS__)
#define _TLG_FE_4(M, a, ...) M(4, a) _TLG_FE_3(M, __VA_ARGS__)
#define _TLG_FE_5(M, a, ...) M(5, a) _TLG_FE_4(M, __VA_ARGS__)
#define _TLG_FE_6(M, a, ...) M(6, a) _TLG_FE_5(M, __VA_ARGS__)
#define _TLG_FE_7(M, a, ...) M(7, a) _TLG_FE_6(M, __VA_ARGS__)
#define _TLG_FE_8(M, a, ...) M(8, a) _TLG_FE_7(M, __VA_ARGS__)
#define _TLG_FE_9(M, a, ...) M(9, a) _TLG_FE_8(M, __VA_ARGS__)
#define _TLG_FE_10(M, a, ...) M(10, a) _TLG_FE_9(M, __VA_ARGS__)
#define _TLG_FE_11(M, a, ...) M(11, a) _TLG_FE_10(M, __VA_ARGS__)
#define _TLG_FE_12(M, a, ...) M(12, a) _TLG_FE_11(M, __VA_ARGS__)
#define _TLG_FE_13(M, a, ...) M(13, a) _TLG_FE_12(M, __VA_ARGS__)
#define _TLG_FE_14(M, a, ...) M(14, a) _TLG_FE_13(M, __VA_ARGS__)
#define _TLG_FE_15(M, a, ...) M(15, a) _TLG_FE_14(M, __VA_ARGS__)
#define _TLG_FE_16(M, a, ...) M(16, a) _TLG_FE_15(M, __VA_ARGS__)
#define _TLG_FE_17(M, a, ...) M(17, a) _TLG_FE_16(M, __VA_ARGS__)
#define _TLG_FE_18(M, a, ...) M(18, a) _TLG_FE_17(M, __VA_ARGS__)
#define _TLG_FE_19(M, a, ...) M(19, a) _TLG_FE_18(M, __VA_ARGS__)
#define _TLG_FE_20(M, a, ...) M(20, a) _TLG_FE_19(M, __VA_ARGS__)
#define _TLG_FE_21(M, a, ...) M(21, a) _TLG_FE_20(M, __VA_ARGS__)
#define _TLG_FE_22(M, a, ...) M(22, a) _TLG_FE_21(M, __VA_ARGS__)
#define _TLG_FE_23(M, a, ...) M(23, a) _TLG_FE_22(M, __VA_ARGS__)
#define _TLG_FE_24(M, a, ...) M(24, a) _TLG_FE_23(M, __VA_ARGS__)
#define _TLG_FE_25(M, a, ...) M(25, a) _TLG_FE_24(M, __VA_ARGS__)
#define _TLG_FE_26(M, a, ...) M(26, a) _TLG_FE_25(M, __VA_ARGS__)
#define _TLG_FE_27(M, a, ...) M(27, a) _TLG_FE_26(M, __VA_ARGS__)
#define _TLG_FE_28(M, a, ...) M(28, a) _TLG_FE_27(M, __VA_ARGS__)
#define _TLG_FE_29(M, a, ...) M(29, a) _TLG_FE_28(M, __VA_ARGS__)
#define _TLG_FE_30(M, a, ...) M(30, a) _TLG_FE_29(M, __VA_ARGS__)
#define _TLG_FE_31(M, a, ...) M(31, a) _TLG_FE_30(M, __VA_ARGS__)
#define _TLG_FE_32(M, a, ...) M(32, a) _TLG_FE_31(M, __VA_ARGS__)
#define _TLG_FE_33(M, a, ...) M(33, a) _TLG_FE_32(M, __VA_ARGS__)
#define _TLG_FE_34(M, a, ...) M(34, a) _TLG_FE_33(M, __VA_ARGS__)
#define _TLG_FE_35(M, a, ...) M(35, a) _TLG_FE_34(M, __VA_ARGS__)
#define _TLG_FE_36(M, a, ...) M(36, a) _TLG_FE_35(M, __VA_ARGS__)
#define _TLG_FE_37(M, a, ...) M(37, a) _TLG_FE_36(M, __VA_ARGS__)
#define _TLG_FE_38(M, a, ...) M(38, a) _TLG_FE_37(M, __VA_ARGS__)
#define _TLG_FE_39(M, a, ...) M(39, a) _TLG_FE_38(M, __VA_ARGS__)
#define _TLG_FE_40(M, a, ...) M(40, a) _TLG_FE_39(M, __VA_ARGS__)
#define _TLG_FE_41(M, a, ...) M(41, a) _TLG_FE_40(M, __VA_ARGS__)
#define _TLG_FE_42(M, a, ...) M(42, a) _TLG_FE_41(M, __VA_ARGS__)
#define _TLG_FE_43(M, a, ...) M(43, a) _TLG_FE_42(M, __VA_ARGS__)
#define _TLG_FE_44(M, a, ...) M(44, a) _TLG_FE_43(M, __VA_ARGS__)
#define _TLG_FE_45(M, a, ...) M(45, a) _TLG_FE_44(M, __VA_ARGS__)
#define _TLG_FE_46(M, a, ...) M(46, a) _TLG_FE_45(M, __VA_ARGS__)
#define _TLG_FE_47(M, a, ...) M(47, a) _TLG_FE_46(M, __VA_ARGS__)
#define _TLG_FE_48(M, a, ...) M(48, a) _TLG_FE_47(M, __VA_ARGS__)
#define _TLG_FE_49(M, a, ...) M(49, a) _TLG_FE_48(M, __VA_ARGS__)
#define _TLG_FE_50(M, a, ...) M(50, a) _TLG_FE_49(M, __VA_ARGS__)
#define _TLG_FE_51(M, a, ...) M(51, a) _TLG_FE_50(M, __VA_ARGS__)
#define _TLG_FE_52(M, a, ...) M(52, a) _TLG_FE_51(M, __VA_ARGS__)
#define _TLG_FE_53(M, a, ...) M(53, a) _TLG_FE_52(M, __VA_ARGS__)
#define _TLG_FE_54(M, a, ...) M(54, a) _TLG_FE_53(M, __VA_ARGS__)
#define _TLG_FE_55(M, a, ...) M(55, a) _TLG_FE_54(M, __VA_ARGS__)
#define _TLG_FE_56(M, a, ...) M(56, a) _TLG_FE_55(M, __VA_ARGS__)
#define _TLG_FE_57(M, a, ...) M(57, a) _TLG_FE_56(M, __VA_ARGS__)
#define _TLG_FE_58(M, a, ...) M(58, a) _TLG_FE_57(M, __VA_ARGS__)
#define _TLG_FE_59(M, a, ...) M(59, a) _TLG_FE_58(M, __VA_ARGS__)
#define _TLG_FE_60(M, a, ...) M(60, a) _TLG_FE_59(M, __VA_ARGS__)
#define _TLG_FE_61(M, a, ...) M(61, a) _TLG_FE_60(M, __VA_ARGS__)
#define _TLG_FE_62(M, a, ...) M(62, a) _TLG_FE_61(M, __VA_ARGS__)
#define _TLG_FE_63(M, a, ...) M(63, a) _TLG_FE_62(M, __VA_ARGS__)
#define _TLG_FE_64(M, a, ...) M(64, a) _TLG_FE_63(M, __VA_ARGS__)
#define _TLG_FE_65(M, a, ...) M(65, a) _TLG_FE_64(M, __VA_ARGS__)
#define _TLG_FE_66(M, a, ...) M(66, a) _TLG_FE_65(M, __VA_ARGS__)
#define _TLG_FE_67(M, a, ...) M(67, a) _TLG_FE_66(M, __VA_ARGS__)
#define _TLG_FE_68(M, a, ...) M(68, a) _TLG_FE_67(M, __VA_ARGS__)
#define _TLG_FE_69(M, a, ...) M(69, a) _TLG_FE_68(M, __VA_ARGS__)
#define _TLG_FE_70(M, a, ...) M(70, a) _TLG_FE_69(M, __VA_ARGS__)
#define _TLG_FE_71(M, a, ...) M(71, a) _TLG_FE_70(M, __VA_ARGS__)
#define _TLG_FE_72(M, a, ...) M(72, a) _TLG_FE_71(M, __VA_ARGS__)
#define _TLG_FE_73(M, a, ...) M(73, a) _TLG_FE_72(M, __VA_ARGS__)
#define _TLG_FE_74(M, a, ...) M(74, a) _TLG_FE_73(M, __VA_ARGS__)
#define _TLG_FE_75(M, a, ...) M(75, a) _TLG_FE_74(M, __VA_ARGS__)
#define _TLG_FE_76(M, a, ...) M(76, a) _TLG_FE_75(M, __VA_ARGS__)
#define _TLG_FE_77(M, a, ...) M(77, a) _TLG_FE_76(M, __VA_ARGS__)
#define _TLG_FE_78(M, a, ...) M(78, a) _TLG_FE_77(M, __VA_ARGS__)
#define _TLG_FE_79(M, a, ...) M(79, a) _TLG_FE_78(M, __VA_ARGS__)
#define _TLG_FE_80(M, a, ...) M(80, a) _TLG_FE_79(M, __VA_ARGS__)
#define _TLG_FE_81(M, a, ...) M(81, a) _TLG_FE_80(M, __VA_ARGS__)
#define _TLG_FE_82(M, a, ...) M(82, a) _TLG_FE_81(M, __VA_ARGS__)
#define _TLG_FE_83(M, a, ...) M(83, a) _TLG_FE_82(M, __VA_ARGS__)
#define _TLG_FE_84(M, a, ...) M(84, a) _TLG_FE_83(M, __VA_ARGS__)
#define _TLG_FE_85(M, a, ...) M(85, a) _TLG_FE_84(M, __VA_ARGS__)
#define _TLG_FE_86(M, a, ...) M(86, a) _TLG_FE_85(M, __VA_ARGS__)
#define _TLG_FE_87(M, a, ...) M(87, a) _TLG_FE_86(M, __VA_ARGS__)
#define _TLG_FE_88(M, a, ...) M(88, a) _TLG_FE_87(M, __VA_ARGS__)
#define _TLG_FE_89(M, a, ...) M(89, a) _TLG_FE_88(M, __VA_ARGS__)
#define _TLG_FE_90(M, a, ...) M(90, a) _TLG_FE_89(M, __VA_ARGS__)
#define _TLG_FE_91(M, a, ...) M(91, a) _TLG_FE_90(M, __VA_ARGS__)
#define _TLG_FE_92(M, a, ...) M(92, a) _TLG_FE_91(M, __VA_ARGS__)
#define _TLG_FE_93(M, a, ...) M(93, a) _TLG_FE_92(M, __VA_ARGS__)
#define _TLG_FE_94(M, a, ...) M(94, a) _TLG_FE_93(M, __VA_ARGS__)
#define _TLG_FE_95(M, a, ...) M(95, a) _TLG_FE_94(M, __VA_ARGS__)
#define _TLG_FE_96(M, a, ...) M(96, a) _TLG_FE_95(M, __VA_ARGS__)
#define _TLG_FE_97(M, a, ...) M(97, a) _TLG_FE_96(M, __VA_ARGS__)
#define _TLG_FE_98(M, a, ...) M(98, a) _TLG_FE_97(M, __VA_ARGS__)
#define _TLG_FE_99(M, a, ...) M(99, a) _TLG_FE_98(M, __VA_ARGS__)

/* Pass x kind table: which macro each argument kind uses in each pass. */
#define _tlgPassMD(k, a) _TLG_CALL(_TLG_CAT(_tlgMD, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgPassMI(k, a) _TLG_CALL(_TLG_CAT(_tlgMI, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgPassLV(k, a) _TLG_CALL(_TLG_CAT(_tlgLV, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgPassOP(k, a) _TLG_CALL(_TLG_CAT(_tlgOP, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgPassCH(k, a) _TLG_CALL(_TLG_CAT(_tlgCH, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgPassKW(k, a) _TLG_CALL(_TLG_CAT(_tlgKW, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgPassTG(k, a) _TLG_CALL(_TLG_CAT(_tlgTG, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgPassNC(k, a) _TLG_CALL(_TLG_CAT(_tlgNC, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgPassDF(k, a) _TLG_CALL(_TLG_CAT(_tlgDF, _TLG_HEAD a), (k, _TLG_TAIL a))
#define _tlgNOTHING(...)
#define _tlgMD_tlgS _tlgMD_fld
#define _tlgMD_tlgR _tlgMD_fld
#define _tlgMD_tlgSz _tlgMD_fld
#define _tlgMD_tlgWsz _tlgMD_fld
#define _tlgMD_tlgCS _tlgMD_fld
#define _tlgMD_tlgB _tlgMD_fld
#define _tlgMD_tlgBuf _tlgMD_fld
#define _tlgMD_tlgSid _tlgMD_fld
#define _tlgMD_tlgFA _tlgMD_fa
#define _tlgMD_tlgA _tlgMD_fld
#define _tlgMD_tlgStruct _tlgMD_fld
#define _tlgMD_tlgPF _tlgMD_fld
#define _tlgMD_tlgPM _tlgMD_fld
#define _tlgMD_tlgCustom _tlgMD_cu
#define _tlgMD_tlgV _tlgMD_v
#define _tlgMD_tlgLevel _tlgNOTHING
#define _tlgMD_tlgOpcode _tlgNOTHING
#define _tlgMD_tlgKeyword _tlgNOTHING
#define _tlgMD_tlgChannel _tlgNOTHING
#define _tlgMD_tlgEvtTag _tlgNOTHING
#define _tlgMD_tlgNone _tlgNOTHING
#define _tlgMD_tlgPD _tlgNOTHING
#define _tlgMI_tlgS _tlgMI_fld
#define _tlgMI_tlgR _tlgMI_fld
#define _tlgMI_tlgSz _tlgMI_fld
#define _tlgMI_tlgWsz _tlgMI_fld
#define _tlgMI_tlgCS _tlgMI_fld
#define _tlgMI_tlgB _tlgMI_fld
#define _tlgMI_tlgBuf _tlgMI_fld
#define _tlgMI_tlgSid _tlgMI_fld
#define _tlgMI_tlgFA _tlgMI_fa
#define _tlgMI_tlgA _tlgMI_fld
#define _tlgMI_tlgStruct _tlgMI_fld
#define _tlgMI_tlgPF _tlgMI_fld
#define _tlgMI_tlgPM _tlgMI_fld
#define _tlgMI_tlgCustom _tlgMI_cu
#define _tlgMI_tlgV _tlgMI_v
#define _tlgMI_tlgLevel _tlgNOTHING
#define _tlgMI_tlgOpcode _tlgNOTHING
#define _tlgMI_tlgKeyword _tlgNOTHING
#define _tlgMI_tlgChannel _tlgNOTHING
#define _tlgMI_tlgEvtTag _tlgNOTHING
#define _tlgMI_tlgNone _tlgNOTHING
#define _tlgMI_tlgPD _tlgNOTHING
#define _tlgLV_tlgS _tlgNOTHING
#define _tlgLV_tlgR _tlgNOTHING
#define _tlgLV_tlgSz _tlgNOTHING
#define _tlgLV_tlgWsz _tlgNOTHING
#define _tlgLV_tlgCS _tlgNOTHING
#define _tlgLV_tlgB _tlgNOTHING
#define _tlgLV_tlgBuf _tlgNOTHING
#define _tlgLV_tlgSid _tlgNOTHING
#define _tlgLV_tlgFA _tlgNOTHING
#define _tlgLV_tlgA _tlgNOTHING
#define _tlgLV_tlgStruct _tlgNOTHING
#define _tlgLV_tlgPF _tlgNOTHING
#define _tlgLV_tlgPM _tlgNOTHING
#define _tlgLV_tlgCustom _tlgNOTHING
#define _tlgLV_tlgV _tlgNOTHING
#define _tlgLV_tlgLevel _tlgLV_do
#define _tlgLV_tlgOpcode _tlgNOTHING
#define _tlgLV_tlgKeyword _tlgNOTHING
#define _tlgLV_tlgChannel _tlgNOTHING
#define _tlgLV_tlgEvtTag _tlgNOTHING
#define _tlgLV_tlgNone _tlgNOTHING
#define _tlgLV_tlgPD _tlgNOTHING
#define _tlgOP_tlgS _tlgNOTHING
#define _tlgOP_tlgR _tlgNOTHING
#define _tlgOP_tlgSz _tlgNOTHING
#define _tlgOP_tlgWsz _tlgNOTHING
#define _tlgOP_tlgCS _tlgNOTHING
#define _tlgOP_tlgB _tlgNOTHING
#define _tlgOP_tlgBuf _tlgNOTHING
#define _tlgOP_tlgSid _tlgNOTHING
#define _tlgOP_tlgFA _tlgNOTHING
#define _tlgOP_tlgA _tlgNOTHING
#define _tlgOP_tlgStruct _tlgNOTHING
#define _tlgOP_tlgPF _tlgNOTHING
#define _tlgOP_tlgPM _tlgNOTHING
#define _tlgOP_tlgCustom _tlgNOTHING
#define _tlgOP_tlgV _tlgNOTHING
#define _tlgOP_tlgLevel _tlgNOTHING
#define _tlgOP_tlgOpcode _tlgLV_do
#define _tlgOP_tlgKeyword _tlgNOTHING
#define _tlgOP_tlgChannel _tlgNOTHING
#define _tlgOP_tlgEvtTag _tlgNOTHING
#define _tlgOP_tlgNone _tlgNOTHING
#define _tlgOP_tlgPD _tlgNOTHING
#define _tlgCH_tlgS _tlgNOTHING
#define _tlgCH_tlgR _tlgNOTHING
#define _tlgCH_tlgSz _tlgNOTHING
#define _tlgCH_tlgWsz _tlgNOTHING
#define _tlgCH_tlgCS _tlgNOTHING
#define _tlgCH_tlgB _tlgNOTHING
#define _tlgCH_tlgBuf _tlgNOTHING
#define _tlgCH_tlgSid _tlgNOTHING
#define _tlgCH_tlgFA _tlgNOTHING
#define _tlgCH_tlgA _tlgNOTHING
#define _tlgCH_tlgStruct _tlgNOTHING
#define _tlgCH_tlgPF _tlgNOTHING
#define _tlgCH_tlgPM _tlgNOTHING
#define _tlgCH_tlgCustom _tlgNOTHING
#define _tlgCH_tlgV _tlgNOTHING
#define _tlgCH_tlgLevel _tlgNOTHING
#define _tlgCH_tlgOpcode _tlgNOTHING
#define _tlgCH_tlgKeyword _tlgNOTHING
#define _tlgCH_tlgChannel _tlgLV_do
#define _tlgCH_tlgEvtTag _tlgNOTHING
#define _tlgCH_tlgNone _tlgNOTHING
#define _tlgCH_tlgPD _tlgNOTHING
#define _tlgKW_tlgS _tlgNOTHING
#define _tlgKW_tlgR _tlgNOTHING
#define _tlgKW_tlgSz _tlgNOTHING
#define _tlgKW_tlgWsz _tlgNOTHING
#define _tlgKW_tlgCS _tlgNOTHING
#define _tlgKW_tlgB _tlgNOTHING
#define _tlgKW_tlgBuf _tlgNOTHING
#define _tlgKW_tlgSid _tlgNOTHING
#define _tlgKW_tlgFA _tlgNOTHING
#define _tlgKW_tlgA _tlgNOTHING
#define _tlgKW_tlgStruct _tlgNOTHING
#define _tlgKW_tlgPF _tlgNOTHING
#define _tlgKW_tlgPM _tlgNOTHING
#define _tlgKW_tlgCustom _tlgNOTHING
#define _tlgKW_tlgV _tlgNOTHING
#define _tlgKW_tlgLevel _tlgNOTHING
#define _tlgKW_tlgOpcode _tlgNOTHING
#define _tlgKW_tlgKeyword _tlgOR_do
#define _tlgKW_tlgChannel _tlgNOTHING
#define _tlgKW_tlgEvtTag _tlgNOTHING
#define _tlgKW_tlgNone _tlgNOTHING
#define _tlgKW_tlgPD _tlgNOTHING
#define _tlgTG_tlgS _tlgNOTHING
#define _tlgTG_tlgR _tlgNOTHING
#define _tlgTG_tlgSz _tlgNOTHING
#define _tlgTG_tlgWsz _tlgNOTHING
#define _tlgTG_tlgCS _tlgNOTHING
#define _tlgTG_tlgB _tlgNOTHING
#define _tlgTG_tlgBuf _tlgNOTHING
#define _tlgTG_tlgSid _tlgNOTHING
#define _tlgTG_tlgFA _tlgNOTHING
#define _tlgTG_tlgA _tlgNOTHING
#define _tlgTG_tlgStruct _tlgNOTHING
#define _tlgTG_tlgPF _tlgNOTHING
#define _tlgTG_tlgPM _tlgNOTHING
#define _tlgTG_tlgCustom _tlgNOTHING
#define _tlgTG_tlgV _tlgNOTHING
#define _tlgTG_tlgLevel _tlgNOTHING
#define _tlgTG_tlgOpcode _tlgNOTHING
#define _tlgTG_tlgKeyword _tlgNOTHING
#define _tlgTG_tlgChannel _tlgNOTHING
#define _tlgTG_tlgEvtTag _tlgOR_do
#define _tlgTG_tlgNone _tlgNOTHING
#define _tlgTG_tlgPD _tlgNOTHING
#define _tlgNC_tlgS _tlgNC_1
#define _tlgNC_tlgR _tlgNC_1
#define _tlgNC_tlgSz _tlgNC_1
#define _tlgNC_tlgWsz _tlgNC_1
#define _tlgNC_tlgCS _tlgNC_2
#define _tlgNC_tlgB _tlgNC_2
#define _tlgNC_tlgBuf _tlgNC_2
#define _tlgNC_tlgSid _tlgNC_1
#define _tlgNC_tlgFA _tlgNC_1
#define _tlgNC_tlgA _tlgNC_2
#define _tlgNC_tlgStruct _tlgNOTHING
#define _tlgNC_tlgPF _tlgNC_1
#define _tlgNC_tlgPM _tlgNOTHING
#define _tlgNC_tlgCustom _tlgNC_2
#define _tlgNC_tlgV _tlgNC_1
#define _tlgNC_tlgLevel _tlgNOTHING
#define _tlgNC_tlgOpcode _tlgNOTHING
#define _tlgNC_tlgKeyword _tlgNOTHING
#define _tlgNC_tlgChannel _tlgNOTHING
#define _tlgNC_tlgEvtTag _tlgNOTHING
#define _tlgNC_tlgNone _tlgNOTHING
#define _tlgNC_tlgPD _tlgNC_1
#define _tlgDF_tlgS _tlgDF_S
#define _tlgDF_tlgR _tlgDF_R
#define _tlgDF_tlgSz _tlgDF_Sz
#define _tlgDF_tlgWsz _tlgDF_Wsz
#define _tlgDF_tlgCS _tlgDF_CS
#define _tlgDF_tlgB _tlgDF_B
#define _tlgDF_tlgBuf _tlgDF_Buf
#define _tlgDF_tlgSid _tlgDF_Sid
#define _tlgDF_tlgFA _tlgDF_FA
#define _tlgDF_tlgA _tlgDF_A
#define _tlgDF_tlgStruct _tlgNOTHING
#define _tlgDF_tlgPF _tlgDF_PF
#define _tlgDF_tlgPM _tlgNOTHING
#define _tlgDF_tlgCustom _tlgDF_Custom
#define _tlgDF_tlgV _tlgDF_V
#define _tlgDF_tlgLevel _tlgNOTHING
#define _tlgDF_tlgOpcode _tlgNOTHING
#define _tlgDF_tlgKeyword _tlgNOTHING
#define _tlgDF_tlgChannel _tlgNOTHING
#define _tlgDF_tlgEvtTag _tlgNOTHING
#define _tlgDF_tlgNone _tlgNOTHING
#define _tlgDF_tlgPD _tlgDF_PD

/* --- _tlgMD / _tlgMI: the metadata of one field --- */
/* name, InType, [OutType if one is given or tags follow], [4 tag bytes] */
#define _tlgMD_fld(k, type, in, hasout, out, name, hastag, tag, ...) \
	char _tlgN##k[sizeof(name)]; \
	UINT8 _tlgI##k; \
	_TLG_PASTE(_tlgMDo, _TLG_OR(hasout, hastag))(k) \
	_TLG_PASTE(_tlgMDt, hastag)(k)
#define _tlgMDo0(k)
#define _tlgMDo1(k) UINT8 _tlgO##k;
#define _tlgMDt0(k)
#define _tlgMDt1(k) UINT8 _tlgT##k[4];
#define _tlgMI_fld(k, type, in, hasout, out, name, hastag, tag, ...) \
	, name, (UINT8)((in) | (_TLG_OR(hasout, hastag) ? _TlgInChain : 0)) \
	_TLG_PASTE(_tlgMIo, _TLG_OR(hasout, hastag))(out, hastag) \
	_TLG_PASTE(_tlgMIt, hastag)(tag)
#define _tlgMIo0(out, hastag)
#define _tlgMIo1(out, hastag) , (UINT8)((out) | ((hastag) ? _TlgOutChain : 0))
#define _tlgMIt0(t)
/* A 28-bit tag in the 4-byte form: 7 bits a byte, most significant first. */
#define _tlgMIt1(t) , { (UINT8)(0x80 | (((t) >> 21) & 0x7F)), \
	(UINT8)(0x80 | (((t) >> 14) & 0x7F)), \
	(UINT8)(0x80 | (((t) >> 7) & 0x7F)), (UINT8)((t) & 0x7F) }

/* Fixed-count array: the element count follows in the metadata. */
#define _tlgMD_fa(k, type, in, hasout, out, name, hastag, tag, p, n) \
	_tlgMD_fld(k, type, in, hasout, out, name, hastag, tag) UINT16 _tlgC##k;
#define _tlgMI_fa(k, type, in, hasout, out, name, hastag, tag, p, n) \
	_tlgMI_fld(k, type, in, hasout, out, name, hastag, tag), (UINT16)(n)

/* Custom serializer: UINT16 schema size and the schema bytes follow. */
#define _tlgMD_cu(k, type, in, hasout, out, name, hastag, tag, p, cb, schema, cbs) \
	_tlgMD_fld(k, type, in, hasout, out, name, hastag, tag) \
	UINT16 _tlgC##k; UINT8 _tlgX##k[cbs];
#define _tlgMI_cu(k, type, in, hasout, out, name, hastag, tag, p, cb, schema, cbs) \
	_tlgMI_fld(k, type, in, hasout, out, name, hastag, tag), (UINT16)(cbs), \
	{ _TLG_FLATTEN schema }

/* --- _tlgLV, _tlgOP, _tlgCH (last one wins), _tlgKW, _tlgTG (OR) --- */
#define _tlgLV_do(k, v) * 0 + (v)
#define _tlgOR_do(k, v) | (v)

/* --- _tlgNC: descriptors per argument --- */
#define _tlgNC_1(...) + 1
#define _tlgNC_2(...) + 2

/* --- _tlgDF: fill the descriptors (only when the event is enabled) --- */
#define _tlgDD(p, n) \
	EventDataDescCreate(&_tlgData[_tlgIdx++], (p), (ULONG)(n));
#define _tlgDF_S(k, type, in, hasout, out, name, hastag, tag, value) \
	type const _tlgV##k = (type)(value); _tlgDD(&_tlgV##k, sizeof(type))
#define _tlgDF_R(k, type, in, hasout, out, name, hastag, tag, value) \
	type const _tlgV##k = (value); _tlgDD(&_tlgV##k, sizeof(type))
#define _tlgDF_Sz(k, type, in, hasout, out, name, hastag, tag, value) \
	type const *_tlgP##k = (value); \
	_tlgDD(_tlgP##k ? (const void *)_tlgP##k : (const void *)"", \
	       _tlgP##k ? strlen((const char *)_tlgP##k) + 1 : 1)
#define _tlgDF_Wsz(k, type, in, hasout, out, name, hastag, tag, value) \
	type const *_tlgP##k = (value); \
	_tlgDD(_tlgP##k ? (const void *)_tlgP##k : _tlgEmpty16(), \
	       _tlgSize16(_tlgP##k))
#define _tlgDF_CS(k, type, in, hasout, out, name, hastag, tag, p, cch) \
	type const *_tlgP##k = (p); \
	UINT16 const _tlgL##k = (UINT16)((cch) * sizeof(type)); \
	_tlgDD(&_tlgL##k, 2) _tlgDD(_tlgP##k, _tlgL##k)
#define _tlgDF_B(k, type, in, hasout, out, name, hastag, tag, p, cb) \
	UINT16 const _tlgL##k = (UINT16)(cb); \
	_tlgDD(&_tlgL##k, 2) _tlgDD((p), _tlgL##k)
#define _tlgDF_Custom(k, type, in, hasout, out, name, hastag, tag, p, cb, schema, cbs) \
	_tlgDF_B(k, type, in, hasout, out, name, hastag, tag, p, cb)
#define _tlgDF_Buf(k, type, in, hasout, out, name, hastag, tag, p) \
	type const *_tlgP##k = (p); \
	UINT16 const _tlgL##k = (UINT16)_tlgP##k->Length; \
	_tlgDD(&_tlgL##k, 2) _tlgDD(_tlgP##k->Buffer, _tlgL##k)
#define _tlgDF_Sid(k, type, in, hasout, out, name, hastag, tag, p) \
	SID const *_tlgP##k = (SID const *)(p); \
	_tlgDD(_tlgP##k, 8 + 4 * (ULONG)_tlgP##k->SubAuthorityCount)
#define _tlgDF_FA(k, type, in, hasout, out, name, hastag, tag, p, n) \
	type const *_tlgP##k = (p); _tlgDD(_tlgP##k, sizeof(type) * (n))
#define _tlgDF_A(k, type, in, hasout, out, name, hastag, tag, p, n) \
	type const *_tlgP##k = (p); \
	UINT16 const _tlgC##k = (UINT16)(n); \
	_tlgDD(&_tlgC##k, 2) _tlgDD(_tlgP##k, sizeof(type) * _tlgC##k)
#define _tlgDF_PF(k, type, in, hasout, out, name, hastag, tag, p, cb) \
	_tlgDD((p), (cb))
#define _tlgDF_PD(k, p, cb) _tlgDD((p), (cb))

/* Helpers of the data pass. */
ETW_INLINE const void *_tlgEmpty16(void)
{
	static const UINT16 zero = 0;

	return &zero;
}

/* Bytes of a NUL-terminated UTF-16 string, terminator included. */
ETW_INLINE ULONG _tlgSize16(const void *s)
{
	const UINT16 *p = (const UINT16 *)s;
	ULONG n = 0;

	if (!p)
		return 2;
	while (p[n])
		n++;
	return 2 * (n + 1);
}

/* --- C++: TraceLoggingValue deduces the field type --- */
#ifdef __cplusplus
#include <type_traits>

/* What a value of type T is written as: InType, OutType, one descriptor. */
template <class T, class = void> struct _tlgVT;
#define _TLG_VT(T, in, out, hasout) \
	template <> struct _tlgVT<T> { \
		enum { In = (in), Out = (out), HasOut = (hasout) }; \
	}
_TLG_VT(bool, TlgInUINT8, TlgOutBOOLEAN, 1);
_TLG_VT(char, TlgInUINT8, TlgOutSTRING, 1);
_TLG_VT(signed char, TlgInINT8, 0, 0);
_TLG_VT(unsigned char, TlgInUINT8, 0, 0);
_TLG_VT(short, TlgInINT16, 0, 0);
_TLG_VT(unsigned short, TlgInUINT16, 0, 0);
_TLG_VT(int, TlgInINT32, 0, 0);
_TLG_VT(unsigned int, TlgInUINT32, 0, 0);
_TLG_VT(long, sizeof(long) == 8 ? TlgInINT64 : TlgInINT32, 0, 0);
_TLG_VT(unsigned long, sizeof(long) == 8 ? TlgInUINT64 : TlgInUINT32, 0, 0);
_TLG_VT(long long, TlgInINT64, 0, 0);
_TLG_VT(unsigned long long, TlgInUINT64, 0, 0);
_TLG_VT(float, TlgInFLOAT, 0, 0);
_TLG_VT(double, TlgInDOUBLE, 0, 0);
_TLG_VT(char16_t, TlgInUINT16, TlgOutSTRING, 1);
_TLG_VT(GUID, TlgInGUID, 0, 0);
_TLG_VT(FILETIME, TlgInFILETIME, 0, 0);
_TLG_VT(SYSTEMTIME, TlgInSYSTEMTIME, 0, 0);
_TLG_VT(char *, TlgInANSISTRING, 0, 0);
_TLG_VT(const char *, TlgInANSISTRING, 0, 0);
_TLG_VT(char16_t *, TlgInUNICODESTRING, 0, 0);
_TLG_VT(const char16_t *, TlgInUNICODESTRING, 0, 0);
_TLG_VT(SID *, TlgInSID, 0, 0);
_TLG_VT(const SID *, TlgInSID, 0, 0);
#ifdef ETW_SHORT_WCHAR
_TLG_VT(wchar_t, TlgInUINT16, TlgOutSTRING, 1);
_TLG_VT(wchar_t *, TlgInUNICODESTRING, 0, 0);
_TLG_VT(const wchar_t *, TlgInUNICODESTRING, 0, 0);
#endif
#undef _TLG_VT
/* Enumerations: their underlying integer; other pointers: the address. */
template <class T>
struct _tlgVT<T, typename std::enable_if<std::is_enum<T>::value>::type>
	: _tlgVT<typename std::underlying_type<T>::type> {};
template <class T>
struct _tlgVT<T *, typename std::enable_if<!std::is_same<typename std::remove_cv<T>::type, char>::value &&
	!std::is_same<typename std::remove_cv<T>::type, char16_t>::value &&
	!std::is_same<typename std::remove_cv<T>::type, SID>::value
#ifdef ETW_SHORT_WCHAR
	&& !std::is_same<typename std::remove_cv<T>::type, wchar_t>::value
#endif
	>::type> {
	enum { In = TlgInPOINTER, Out = 0, HasOut = 0 };
};

/* The InType[/OutType] metadata bytes of a TraceLoggingValue field. */
template <class T, int HT, int NeedOut = ((_tlgVT<T>::HasOut | HT) != 0)>
struct _tlgVMeta;
template <class T, int HT> struct _tlgVMeta<T, HT, 0> {
	struct _TLG_PACKED Bytes { UINT8 In; };
	static constexpr Bytes get() { return Bytes{ (UINT8)_tlgVT<T>::In }; }
};
template <class T, int HT> struct _tlgVMeta<T, HT, 1> {
	struct _TLG_PACKED Bytes { UINT8 In; UINT8 Out; };
	static constexpr Bytes get()
	{
		return Bytes{ (UINT8)((int)_tlgVT<T>::In | (int)_TlgInChain),
			     (UINT8)((int)_tlgVT<T>::Out | (HT ? (int)_TlgOutChain : 0)) };
	}
};

/* One descriptor for a TraceLoggingValue (v is the local copy). */
template <class T>
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, const T &v)
{
	EventDataDescCreate(d, &v, sizeof(T));
	return 1;
}
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, const char *const &v)
{
	EventDataDescCreate(d, v ? v : "", v ? (ULONG)strlen(v) + 1 : 1);
	return 1;
}
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, char *const &v)
{
	return _tlgValueDesc(d, (const char *const &)v);
}
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, const char16_t *const &v)
{
	EventDataDescCreate(d, v ? (const void *)v : _tlgEmpty16(), _tlgSize16(v));
	return 1;
}
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, char16_t *const &v)
{
	return _tlgValueDesc(d, (const char16_t *const &)v);
}
#ifdef ETW_SHORT_WCHAR
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, const wchar_t *const &v)
{
	EventDataDescCreate(d, v ? (const void *)v : _tlgEmpty16(), _tlgSize16(v));
	return 1;
}
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, wchar_t *const &v)
{
	return _tlgValueDesc(d, (const wchar_t *const &)v);
}
#endif
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, const SID *const &v)
{
	EventDataDescCreate(d, v, 8 + 4 * (ULONG)v->SubAuthorityCount);
	return 1;
}
inline ULONG _tlgValueDesc(EVENT_DATA_DESCRIPTOR *d, SID *const &v)
{
	return _tlgValueDesc(d, (const SID *const &)v);
}

#define _TLG_VTYPE(value) std::decay<decltype(value)>::type
#define _tlgMD_v(k, type, in, hasout, out, name, hastag, tag, value) \
	char _tlgN##k[sizeof(name)]; \
	_tlgVMeta<_TLG_VTYPE(value), hastag>::Bytes _tlgM##k; \
	_TLG_PASTE(_tlgMDt, hastag)(k)
#define _tlgMI_v(k, type, in, hasout, out, name, hastag, tag, value) \
	, name, _tlgVMeta<_TLG_VTYPE(value), hastag>::get() \
	_TLG_PASTE(_tlgMIt, hastag)(tag)
#define _tlgDF_V(k, type, in, hasout, out, name, hastag, tag, value) \
	auto const _tlgV##k = (value); \
	_tlgIdx += _tlgValueDesc(&_tlgData[_tlgIdx], _tlgV##k);
#endif /* __cplusplus */

/*
 * The write: metadata as a static const object, then -- only if the
 * provider is enabled for this level and keyword -- the descriptors and
 * one call.  The first 11 bytes of the metadata object (channel, level,
 * opcode, keyword) are for the writer; the TraceLogging event metadata
 * (UINT16 size, tags, name, fields) starts at _tlgSize.
 */
#define _tlgLEVEL(...) (5 _TLG_FOREACH(_tlgPassLV, __VA_ARGS__))
#define _tlgOPCODE(...) (0 _TLG_FOREACH(_tlgPassOP, __VA_ARGS__))
#define _tlgCHANNEL(...) (11 _TLG_FOREACH(_tlgPassCH, __VA_ARGS__))
#define _tlgKEYWORD(...) (0ULL _TLG_FOREACH(_tlgPassKW, __VA_ARGS__))
#define _tlgTAGS(...) (0 _TLG_FOREACH(_tlgPassTG, __VA_ARGS__))

#define _tlgWriteImp(hProvider, eventName, filter, flags, pActivityId, pRelatedId, ...) \
	do { \
		static const struct _TLG_PACKED { \
			UINT8 _tlgChannel; \
			UINT8 _tlgLevel; \
			UINT8 _tlgOpcode; \
			ULONGLONG _tlgKeyword; \
			UINT16 _tlgSize; \
			UINT8 _tlgTag[2]; \
			char _tlgName[sizeof(eventName)]; \
			_TLG_FOREACH(_tlgPassMD, __VA_ARGS__) \
		} _tlgEvt = { \
			(UINT8)_tlgCHANNEL(__VA_ARGS__), \
			(UINT8)_tlgLEVEL(__VA_ARGS__), \
			(UINT8)_tlgOPCODE(__VA_ARGS__), \
			(ULONGLONG)_tlgKEYWORD(__VA_ARGS__), \
			(UINT16)(sizeof(_tlgEvt) - 11), \
			{ (UINT8)(0x80 | ((_tlgTAGS(__VA_ARGS__) >> 21) & 0x7F)), \
			  (UINT8)((_tlgTAGS(__VA_ARGS__) >> 14) & 0x7F) }, \
			eventName \
			_TLG_FOREACH(_tlgPassMI, __VA_ARGS__) \
		}; \
		if (_tlgEnabled(hProvider, _tlgLEVEL(__VA_ARGS__), \
				_tlgKEYWORD(__VA_ARGS__))) { \
			EVENT_DATA_DESCRIPTOR _tlgData[2 _TLG_FOREACH(_tlgPassNC, __VA_ARGS__)]; \
			ULONG _tlgIdx = 2; \
			_TLG_FOREACH(_tlgPassDF, __VA_ARGS__) \
			__etw_tlg_write(hProvider, &_tlgEvt, (filter), (flags), \
					(pActivityId), (pRelatedId), _tlgIdx, _tlgData); \
		} \
	} while (0)

#endif /* _LIBETW_ETW_TLG_IMPL_H */
