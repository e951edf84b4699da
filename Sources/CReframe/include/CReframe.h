// Subject detection with OpenCV for auto-reframing, as a C interface over one opaque handle.
#ifndef MEDIABATCH_CREFRAME_H
#define MEDIABATCH_CREFRAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a detection looks for.
typedef enum mb_reframe_signal {
    /// Frontal faces (OpenCV's Haar cascade).
    MB_REFRAME_FACES = 0,
    /// Standing people (OpenCV's HOG people detector).
    MB_REFRAME_PEOPLE = 1,
    /// The salient region (the contrib saliency module's spectral residual).
    MB_REFRAME_SALIENT = 2,
} mb_reframe_signal;

/// A detected region in pixels of the analysed picture, with a strength from 0 to 1.
typedef struct mb_reframe_box {
    float x, y, width, height, score;
} mb_reframe_box;

/// The detectors, loaded once; used from one thread at a time.
typedef struct mb_reframe_detector mb_reframe_detector;

/// Loads the detectors, the face cascade from `face_cascade_path`; NULL with a message in `error` when it cannot.
mb_reframe_detector *mb_reframe_detector_create(const char *face_cascade_path, char *error, size_t error_size);

/// Frees what `mb_reframe_detector_create` made.
void mb_reframe_detector_destroy(mb_reframe_detector *detector);

/// Finds `signal` in an 8-bit grey picture (`stride` bytes per row); writes at most `capacity` boxes, strongest
/// first and in a fixed order among equals, and returns how many it found, or -1 with a message in `error`.
int mb_reframe_detect(mb_reframe_detector *detector, mb_reframe_signal signal, const uint8_t *gray, int width,
                      int height, int stride, mb_reframe_box *boxes, int capacity, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
