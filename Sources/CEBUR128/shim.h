#ifndef MEDIABATCH_CEBUR128_SHIM_H
#define MEDIABATCH_CEBUR128_SHIM_H
#include <ebur128.h>
#endif
