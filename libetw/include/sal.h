/* SPDX-License-Identifier: MIT */
/*
 * sal.h - Microsoft source-code annotation language (SAL), defined empty.
 *
 * Windows headers and code decorate parameters with SAL annotations for
 * Microsoft's static analyser.  They carry no meaning for the compiler,
 * so on Linux every one of them expands to nothing.  Each macro is only
 * defined if nobody defined it before, so a project that brings its own
 * sal.h replacement keeps it.
 *
 * The legacy (SAL 1) spellings __in, __out, _In_count_, _In_bytecount_,
 * ... are defined too, with two subtleties:
 *
 *   - __in and __out are also ordinary identifiers inside libstdc++
 *     (e.g. <algorithm> names a parameter __out).  In C++ this header
 *     therefore first includes the standard headers that use them, so
 *     that they are parsed before the macros exist and are not broken by
 *     them when the program includes them later.  -DLIBETW_NO_SAL1 skips
 *     both (and leaves __in/__out undefined) for a program that wants
 *     neither the macros nor the extra parsing.
 *   - __reserved and __callback are field names in the Linux uapi headers
 *     that <sys/stat.h> and <link.h> pull in (struct statx has a field
 *     called __reserved: an empty macro would silently change its
 *     layout).  They are defined only on request, with -DLIBETW_SAL1_ALL,
 *     and the program should then include this header after all system
 *     headers.
 */
#ifndef _LIBETW_SAL_H
#define _LIBETW_SAL_H

/* SAL 2: parameters */
#ifndef _In_
#define _In_
#endif
#ifndef _In_opt_
#define _In_opt_
#endif
#ifndef _In_z_
#define _In_z_
#endif
#ifndef _In_opt_z_
#define _In_opt_z_
#endif
#ifndef _In_range_
#define _In_range_(lb, ub)
#endif
#ifndef _In_reads_
#define _In_reads_(n)
#endif
#ifndef _In_reads_opt_
#define _In_reads_opt_(n)
#endif
#ifndef _In_reads_z_
#define _In_reads_z_(n)
#endif
#ifndef _In_reads_or_z_
#define _In_reads_or_z_(n)
#endif
#ifndef _In_reads_bytes_
#define _In_reads_bytes_(n)
#endif
#ifndef _In_reads_bytes_opt_
#define _In_reads_bytes_opt_(n)
#endif
#ifndef _In_reads_to_ptr_
#define _In_reads_to_ptr_(p)
#endif
#ifndef _Out_
#define _Out_
#endif
#ifndef _Out_opt_
#define _Out_opt_
#endif
#ifndef _Out_z_
#define _Out_z_
#endif
#ifndef _Out_range_
#define _Out_range_(lb, ub)
#endif
#ifndef _Out_writes_
#define _Out_writes_(n)
#endif
#ifndef _Out_writes_opt_
#define _Out_writes_opt_(n)
#endif
#ifndef _Out_writes_z_
#define _Out_writes_z_(n)
#endif
#ifndef _Out_writes_opt_z_
#define _Out_writes_opt_z_(n)
#endif
#ifndef _Out_writes_bytes_
#define _Out_writes_bytes_(n)
#endif
#ifndef _Out_writes_bytes_opt_
#define _Out_writes_bytes_opt_(n)
#endif
#ifndef _Out_writes_to_
#define _Out_writes_to_(n, m)
#endif
#ifndef _Out_writes_to_opt_
#define _Out_writes_to_opt_(n, m)
#endif
#ifndef _Out_writes_bytes_to_
#define _Out_writes_bytes_to_(n, m)
#endif
#ifndef _Out_writes_bytes_to_opt_
#define _Out_writes_bytes_to_opt_(n, m)
#endif
#ifndef _Out_writes_all_
#define _Out_writes_all_(n)
#endif
#ifndef _Out_writes_bytes_all_
#define _Out_writes_bytes_all_(n)
#endif
#ifndef _Inout_
#define _Inout_
#endif
#ifndef _Inout_opt_
#define _Inout_opt_
#endif
#ifndef _Inout_z_
#define _Inout_z_
#endif
#ifndef _Inout_updates_
#define _Inout_updates_(n)
#endif
#ifndef _Inout_updates_opt_
#define _Inout_updates_opt_(n)
#endif
#ifndef _Inout_updates_bytes_
#define _Inout_updates_bytes_(n)
#endif
#ifndef _Inout_updates_bytes_opt_
#define _Inout_updates_bytes_opt_(n)
#endif
#ifndef _Inout_updates_to_
#define _Inout_updates_to_(n, m)
#endif
#ifndef _Outptr_
#define _Outptr_
#endif
#ifndef _Outptr_opt_
#define _Outptr_opt_
#endif
#ifndef _Outptr_result_maybenull_
#define _Outptr_result_maybenull_
#endif
#ifndef _Outptr_opt_result_maybenull_
#define _Outptr_opt_result_maybenull_
#endif
#ifndef _Outptr_result_bytebuffer_
#define _Outptr_result_bytebuffer_(n)
#endif
#ifndef _Outptr_result_buffer_
#define _Outptr_result_buffer_(n)
#endif
#ifndef _COM_Outptr_
#define _COM_Outptr_
#endif
#ifndef _Deref_out_
#define _Deref_out_
#endif
#ifndef _Deref_out_opt_
#define _Deref_out_opt_
#endif

/* SAL 2: return values and functions */
#ifndef _Ret_
#define _Ret_
#endif
#ifndef _Ret_maybenull_
#define _Ret_maybenull_
#endif
#ifndef _Ret_notnull_
#define _Ret_notnull_
#endif
#ifndef _Ret_z_
#define _Ret_z_
#endif
#ifndef _Ret_range_
#define _Ret_range_(lb, ub)
#endif
#ifndef _Ret_writes_
#define _Ret_writes_(n)
#endif
#ifndef _Ret_writes_bytes_
#define _Ret_writes_bytes_(n)
#endif
#ifndef _Success_
#define _Success_(expr)
#endif
#ifndef _Return_type_success_
#define _Return_type_success_(expr)
#endif
#ifndef _Check_return_
#define _Check_return_
#endif
#ifndef _Must_inspect_result_
#define _Must_inspect_result_
#endif
#ifndef _Use_decl_annotations_
#define _Use_decl_annotations_
#endif
#ifndef _Function_class_
#define _Function_class_(name)
#endif
#ifndef _Analysis_assume_
#define _Analysis_assume_(expr)
#endif
#ifndef _Analysis_noreturn_
#define _Analysis_noreturn_
#endif
#ifndef _Post_
#define _Post_
#endif
#ifndef _Pre_
#define _Pre_
#endif
#ifndef _Post_z_
#define _Post_z_
#endif
#ifndef _Post_invalid_
#define _Post_invalid_
#endif
#ifndef _Post_satisfies_
#define _Post_satisfies_(expr)
#endif
#ifndef _Pre_satisfies_
#define _Pre_satisfies_(expr)
#endif
#ifndef _Pre_notnull_
#define _Pre_notnull_
#endif
#ifndef _Pre_maybenull_
#define _Pre_maybenull_
#endif
#ifndef _Post_writable_byte_size_
#define _Post_writable_byte_size_(n)
#endif
#ifndef _When_
#define _When_(cond, annotations)
#endif
#ifndef _At_
#define _At_(target, annotations)
#endif
#ifndef _Always_
#define _Always_(annotations)
#endif
#ifndef _On_failure_
#define _On_failure_(annotations)
#endif

/* SAL 2: fields, strings and miscellany */
#ifndef _Reserved_
#define _Reserved_
#endif
#ifndef _Null_terminated_
#define _Null_terminated_
#endif
#ifndef _NullNull_terminated_
#define _NullNull_terminated_
#endif
#ifndef _Printf_format_string_
#define _Printf_format_string_
#endif
#ifndef _Scanf_format_string_
#define _Scanf_format_string_
#endif
#ifndef _Field_size_
#define _Field_size_(n)
#endif
#ifndef _Field_size_opt_
#define _Field_size_opt_(n)
#endif
#ifndef _Field_size_bytes_
#define _Field_size_bytes_(n)
#endif
#ifndef _Field_size_bytes_opt_
#define _Field_size_bytes_opt_(n)
#endif
#ifndef _Field_size_part_
#define _Field_size_part_(n, m)
#endif
#ifndef _Field_size_bytes_part_
#define _Field_size_bytes_part_(n, m)
#endif
#ifndef _Field_z_
#define _Field_z_
#endif
#ifndef _Field_range_
#define _Field_range_(lb, ub)
#endif
#ifndef _Struct_size_bytes_
#define _Struct_size_bytes_(n)
#endif
#ifndef _Notnull_
#define _Notnull_
#endif
#ifndef _Maybenull_
#define _Maybenull_
#endif
#ifndef _Frees_ptr_
#define _Frees_ptr_
#endif
#ifndef _Frees_ptr_opt_
#define _Frees_ptr_opt_
#endif
#ifndef _Post_ptr_invalid_
#define _Post_ptr_invalid_
#endif
#ifndef _Literal_
#define _Literal_
#endif
#ifndef _Strict_type_match_
#define _Strict_type_match_
#endif
#ifndef _Interlocked_operand_
#define _Interlocked_operand_
#endif
#ifndef _Guarded_by_
#define _Guarded_by_(lock)
#endif
#ifndef _Acquires_lock_
#define _Acquires_lock_(lock)
#endif
#ifndef _Releases_lock_
#define _Releases_lock_(lock)
#endif
#ifndef _Requires_lock_held_
#define _Requires_lock_held_(lock)
#endif
#ifndef _Requires_lock_not_held_
#define _Requires_lock_not_held_(lock)
#endif

/* Kernel-mode (driver) annotations that also show up in shared code */
#ifndef _IRQL_requires_
#define _IRQL_requires_(irql)
#endif
#ifndef _IRQL_requires_max_
#define _IRQL_requires_max_(irql)
#endif
#ifndef _IRQL_requires_min_
#define _IRQL_requires_min_(irql)
#endif
#ifndef _IRQL_requires_same_
#define _IRQL_requires_same_
#endif
#ifndef _IRQL_raises_
#define _IRQL_raises_(irql)
#endif
#ifndef _IRQL_saves_
#define _IRQL_saves_
#endif
#ifndef _IRQL_restores_
#define _IRQL_restores_
#endif
#ifndef _Kernel_requires_resource_held_
#define _Kernel_requires_resource_held_(res)
#endif

/*
 * SAL 1 (legacy double-underscore spellings); never in kernel mode, whose
 * own headers use such names (the kernel's __in, __out, __reserved).
 */
#if (!defined(LIBETW_NO_SAL1) || defined(LIBETW_SAL1_ALL)) && \
	!defined(_ETW_KM_) && !defined(__KERNEL__)
#if defined(__cplusplus) && !defined(__in) && !defined(__out)
/* Parse the libstdc++ internals that name things __in/__out first. */
#include <algorithm>
#include <istream>
#include <locale>
#include <memory>
#include <ostream>
#include <regex>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#endif
#ifndef __in
#define __in
#endif
#ifndef __out
#define __out
#endif
#endif
#ifndef __inout
#define __inout
#endif
#ifndef __in_opt
#define __in_opt
#endif
#ifndef __out_opt
#define __out_opt
#endif
#ifndef __inout_opt
#define __inout_opt
#endif
#ifndef __in_z
#define __in_z
#endif
#ifndef __in_z_opt
#define __in_z_opt
#endif
#ifndef __out_z
#define __out_z
#endif
#ifndef __in_ecount
#define __in_ecount(n)
#endif
#ifndef __in_ecount_opt
#define __in_ecount_opt(n)
#endif
#ifndef __out_ecount
#define __out_ecount(n)
#endif
#ifndef __out_ecount_opt
#define __out_ecount_opt(n)
#endif
#ifndef __out_ecount_part
#define __out_ecount_part(n, m)
#endif
#ifndef __inout_ecount
#define __inout_ecount(n)
#endif
#ifndef __in_bcount
#define __in_bcount(n)
#endif
#ifndef __in_bcount_opt
#define __in_bcount_opt(n)
#endif
#ifndef __out_bcount
#define __out_bcount(n)
#endif
#ifndef __out_bcount_opt
#define __out_bcount_opt(n)
#endif
#ifndef __out_bcount_part
#define __out_bcount_part(n, m)
#endif
#ifndef __inout_bcount
#define __inout_bcount(n)
#endif
#ifndef __deref_out
#define __deref_out
#endif
#ifndef __deref_out_opt
#define __deref_out_opt
#endif
#if defined(LIBETW_SAL1_ALL) && !defined(__reserved)
#define __reserved
#endif
#if defined(LIBETW_SAL1_ALL) && !defined(__callback)
#define __callback
#endif
#ifndef __checkReturn
#define __checkReturn
#endif
#ifndef __success
#define __success(expr)
#endif
#ifndef __drv_maxIRQL
#define __drv_maxIRQL(irql)
#endif
#ifndef __field_ecount
#define __field_ecount(n)
#endif
#ifndef __field_bcount
#define __field_bcount(n)
#endif
#ifndef __nullterminated
#define __nullterminated
#endif
#ifndef __format_string
#define __format_string
#endif

/* More SAL 1 and SAL 1.x (_In_count_ era) spellings: empty. */
#ifndef __in_ecount_z
#define __in_ecount_z(n)
#endif
#ifndef __out_ecount_z
#define __out_ecount_z(n)
#endif
#ifndef __inout_z
#define __inout_z
#endif
#ifndef __inout_ecount_opt
#define __inout_ecount_opt(n)
#endif
#ifndef __inout_bcount_opt
#define __inout_bcount_opt(n)
#endif
#ifndef __out_ecount_part_opt
#define __out_ecount_part_opt(n, m)
#endif
#ifndef __out_bcount_part_opt
#define __out_bcount_part_opt(n, m)
#endif
#ifndef __in_bcount_z
#define __in_bcount_z(n)
#endif
#ifndef __deref_out_ecount
#define __deref_out_ecount(n)
#endif
#ifndef __deref_out_bcount
#define __deref_out_bcount(n)
#endif
#ifndef __deref_opt_out
#define __deref_opt_out
#endif
#ifndef __deref_inout
#define __deref_inout
#endif
#ifndef __deref_inout_opt
#define __deref_inout_opt
#endif
#ifndef __in_xcount
#define __in_xcount(n)
#endif
#ifndef __out_xcount
#define __out_xcount(n)
#endif
#ifndef __in_range
#define __in_range(lb, ub)
#endif
#ifndef __out_range
#define __out_range(lb, ub)
#endif
#ifndef __notnull
#define __notnull
#endif
#ifndef __maybenull
#define __maybenull
#endif
#ifndef __readonly
#define __readonly
#endif
#ifndef __post
#define __post
#endif
#ifndef __pre
#define __pre
#endif
#ifndef __valid
#define __valid
#endif
#ifndef __analysis_assume
#define __analysis_assume(expr)
#endif
#ifndef __drv_minIRQL
#define __drv_minIRQL(irql)
#endif
#ifndef __drv_requiresIRQL
#define __drv_requiresIRQL(irql)
#endif
#ifndef __drv_when
#define __drv_when(cond, annot)
#endif
#ifndef __drv_aliasesMem
#define __drv_aliasesMem
#endif
#ifndef __drv_freesMem
#define __drv_freesMem(kind)
#endif
#ifndef __drv_allocatesMem
#define __drv_allocatesMem(kind)
#endif
#ifndef __field_ecount_opt
#define __field_ecount_opt(n)
#endif
#ifndef __field_bcount_opt
#define __field_bcount_opt(n)
#endif
#ifndef __field_ecount_part
#define __field_ecount_part(n, m)
#endif
#ifndef __field_bcount_part
#define __field_bcount_part(n, m)
#endif
#ifndef __out_ecount_full
#define __out_ecount_full(n)
#endif
#ifndef __out_bcount_full
#define __out_bcount_full(n)
#endif
#ifndef __typefix
#define __typefix(t)
#endif
#ifndef __override
#define __override
#endif
#ifndef __allowed
#define __allowed(p)
#endif
#ifndef __control_entrypoint
#define __control_entrypoint(c)
#endif
#ifndef __checkReturn_opt
#define __checkReturn_opt
#endif
#ifndef __inexpressible_readableTo
#define __inexpressible_readableTo(s)
#endif
#ifndef __inexpressible_writableTo
#define __inexpressible_writableTo(s)
#endif
#ifndef _In_count_
#define _In_count_(n)
#endif
#ifndef _In_opt_count_
#define _In_opt_count_(n)
#endif
#ifndef _In_bytecount_
#define _In_bytecount_(n)
#endif
#ifndef _In_opt_bytecount_
#define _In_opt_bytecount_(n)
#endif
#ifndef _Out_cap_
#define _Out_cap_(n)
#endif
#ifndef _Out_opt_cap_
#define _Out_opt_cap_(n)
#endif
#ifndef _Out_bytecap_
#define _Out_bytecap_(n)
#endif
#ifndef _Out_opt_bytecap_
#define _Out_opt_bytecap_(n)
#endif
#ifndef _Out_cap_c_
#define _Out_cap_c_(n)
#endif
#ifndef _Out_bytecap_c_
#define _Out_bytecap_c_(n)
#endif
#ifndef _Out_z_cap_
#define _Out_z_cap_(n)
#endif
#ifndef _Out_cap_post_count_
#define _Out_cap_post_count_(n, m)
#endif
#ifndef _Out_bytecap_post_bytecount_
#define _Out_bytecap_post_bytecount_(n, m)
#endif
#ifndef _Inout_cap_
#define _Inout_cap_(n)
#endif
#ifndef _Inout_bytecap_
#define _Inout_bytecap_(n)
#endif
#ifndef _Inout_count_
#define _Inout_count_(n)
#endif
#ifndef _Inout_bytecount_
#define _Inout_bytecount_(n)
#endif
#ifndef _In_z_count_
#define _In_z_count_(n)
#endif
#ifndef _In_count_c_
#define _In_count_c_(n)
#endif
#ifndef _In_bytecount_c_
#define _In_bytecount_c_(n)
#endif
#ifndef _Pre_cap_
#define _Pre_cap_(n)
#endif
#ifndef _Pre_bytecap_
#define _Pre_bytecap_(n)
#endif
#ifndef _Pre_count_
#define _Pre_count_(n)
#endif
#ifndef _Pre_bytecount_
#define _Pre_bytecount_(n)
#endif
#ifndef _Post_count_
#define _Post_count_(n)
#endif
#ifndef _Post_bytecount_
#define _Post_bytecount_(n)
#endif
#ifndef _Ret_opt_
#define _Ret_opt_
#endif
#ifndef _Ret_cap_
#define _Ret_cap_(n)
#endif
#ifndef _Ret_bytecap_
#define _Ret_bytecap_(n)
#endif
#ifndef _Deref_out_z_
#define _Deref_out_z_
#endif
#ifndef _Deref_pre_z_
#define _Deref_pre_z_
#endif
#ifndef _Deref_post_z_
#define _Deref_post_z_
#endif
#ifndef _Deref_out_range_
#define _Deref_out_range_(lb, ub)
#endif
#ifndef _Deref_opt_out_
#define _Deref_opt_out_
#endif
#ifndef _Deref_inout_z_
#define _Deref_inout_z_
#endif
#ifndef _Out_writes_bytes_all_opt_
#define _Out_writes_bytes_all_opt_(n)
#endif
#ifndef _Pre_writable_size_
#define _Pre_writable_size_(n)
#endif
#ifndef _Pre_writable_byte_size_
#define _Pre_writable_byte_size_(n)
#endif
#ifndef _Post_writable_size_
#define _Post_writable_size_(n)
#endif
#ifndef _Inout_updates_z_
#define _Inout_updates_z_(n)
#endif
#ifndef _Inout_updates_all_
#define _Inout_updates_all_(n)
#endif
#ifndef _Outptr_opt_result_buffer_
#define _Outptr_opt_result_buffer_(n)
#endif
#ifndef _Outptr_result_nullonfailure_
#define _Outptr_result_nullonfailure_
#endif
#ifndef _Result_nullonfailure_
#define _Result_nullonfailure_
#endif
#ifndef _Result_zeroonfailure_
#define _Result_zeroonfailure_
#endif
#ifndef _Pre_null_
#define _Pre_null_
#endif
#ifndef _Post_null_
#define _Post_null_
#endif
#ifndef _Post_notnull_
#define _Post_notnull_
#endif
#ifndef _Post_maybenull_
#define _Post_maybenull_
#endif
#ifndef _Ret_null_
#define _Ret_null_
#endif
#ifndef _In_defensive_
#define _In_defensive_(annos)
#endif
#ifndef _Out_defensive_
#define _Out_defensive_(annos)
#endif
#ifndef _Points_to_data_
#define _Points_to_data_
#endif
#ifndef _Pre_defensive_
#define _Pre_defensive_
#endif
#ifndef _Post_defensive_
#define _Post_defensive_
#endif
#ifndef _Const_
#define _Const_
#endif
#ifndef _Pre_valid_
#define _Pre_valid_
#endif
#ifndef _Post_valid_
#define _Post_valid_
#endif
#ifndef _Notref_
#define _Notref_
#endif
#ifndef _Outref_
#define _Outref_
#endif
#ifndef _Pre_opt_cap_
#define _Pre_opt_cap_(n)
#endif
#ifndef _Pre_z_
#define _Pre_z_
#endif
#ifndef _Pre_readable_size_
#define _Pre_readable_size_(n)
#endif
#ifndef _Pre_readable_byte_size_
#define _Pre_readable_byte_size_(n)
#endif

#endif /* _LIBETW_SAL_H */
