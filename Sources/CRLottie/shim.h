#ifndef MEDIABATCH_CRLOTTIE_SHIM_H
#define MEDIABATCH_CRLOTTIE_SHIM_H
#include <rlottie_capi.h>
#endif
