#ifndef MEDIABATCH_CCRYPTO_SHIM_H
#define MEDIABATCH_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
