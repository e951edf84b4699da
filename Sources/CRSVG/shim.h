#ifndef MEDIABATCH_CRSVG_SHIM_H
#define MEDIABATCH_CRSVG_SHIM_H
#include <cairo.h>
#include <glib-object.h>
#include <stddef.h>

/* The few calls of librsvg's stable C API (librsvg 2.52 and later) that mediabatch makes, declared here instead of
   through <librsvg/rsvg.h>: that header pulls in GIO and gdk-pixbuf, whose pkg-config flags carry -pthread, which
   SwiftPM refuses with a warning. GLib's own headers give GError and the GObject calls, so every module that sees
   GLib (Pango's too) sees one definition. */
typedef struct _RsvgHandle RsvgHandle;
typedef struct { double x; double y; double width; double height; } RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const unsigned char *data, size_t data_len, GError **error);
int rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, int *out_has_width, void *out_width,
                                          int *out_has_height, void *out_height, int *out_has_viewbox,
                                          RsvgRectangle *out_viewbox);
int rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
#endif
