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
 * Four legacy (SAL 1) spellings are the exception: __in, __out, __reserved
 * and __callback are also ordinary identifiers in glibc, libstdc++ and the
 * Linux uapi headers (e.g. <algorithm> names a parameter __out, and the
 * struct statx that <sys/stat.h> pulls in has a field called __reserved).
 * Defining them empty would break those headers when they are included
 * after this one; for __reserved it would silently change a struct layout.
 * They are therefore defined only when the program asks for them with
 * -DLIBETW_SAL1_ALL, and should then be included after all system headers.
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

/* SAL 1 (legacy double-underscore spellings) */
#if defined(LIBETW_SAL1_ALL) && !defined(__in)
#define __in
#endif
#if defined(LIBETW_SAL1_ALL) && !defined(__out)
#define __out
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

#endif /* _LIBETW_SAL_H */
