#ifndef MEDIABATCH_CFONTCONFIG_SHIM_H
#define MEDIABATCH_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
