#ifndef MEDIABATCH_CPANGOHEADERS_H
#define MEDIABATCH_CPANGOHEADERS_H
/* This target only puts Pango's header folder on every dependent's include path: `include/pango` links to the
   system's /usr/include/pango-1.0/pango, so `#include <pango/pango.h>` resolves wherever CPangoCairo is seen.
   pkg-config's pango flags would do it too, but they carry -pthread, which SwiftPM refuses with a warning. */
#endif
