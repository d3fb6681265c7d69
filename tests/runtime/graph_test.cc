// Graph capture (filled in below).
#include "test_util.h"
