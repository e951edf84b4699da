#ifndef MEDIABATCH_CYAML_SHIM_H
#define MEDIABATCH_CYAML_SHIM_H
#include <yaml.h>
#endif
