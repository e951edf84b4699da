#ifndef MEDIABATCH_CASS_SHIM_H
#define MEDIABATCH_CASS_SHIM_H
#include <ass/ass.h>
#endif
