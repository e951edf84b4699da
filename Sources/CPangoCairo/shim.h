#ifndef MEDIABATCH_CPANGOCAIRO_SHIM_H
#define MEDIABATCH_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

/// Frees a GObject (font maps, contexts, layouts); a function, because Swift cannot call the macro-typed casts.
static inline void mediabatch_g_object_unref(void *object) { g_object_unref(object); }

/// The PangoFcFontMap view of a cairo font map made for FreeType fonts.
static inline PangoFcFontMap *mediabatch_fc_font_map(PangoFontMap *map) { return PANGO_FC_FONT_MAP(map); }
#endif
