// Concurrency (filled in below).
#include "test_util.h"
