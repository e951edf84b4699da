#ifndef MEDIABATCH_CAUBIO_SHIM_H
#define MEDIABATCH_CAUBIO_SHIM_H
#include <aubio/aubio.h>
#endif
