// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer entry point for the ETL reader: the same full walk and
 * invariant checks as etl_fuzz_test (../etl_fuzz_walk.h), driven by
 * coverage instead of fixed seeds.  Not built or run by default; see
 * README.md.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../etl_fuzz_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a private, exactly-sized copy: the walk poisons buffer tails */
	u8 *copy = malloc(size ? size : 1);

	memcpy(copy, data, size);
	etl_fuzz_walk(copy, size);
	free(copy);
	return 0;
}
