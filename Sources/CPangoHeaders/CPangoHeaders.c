/* No code: the target exists for its include folder (see include/CPangoHeaders.h). */
typedef int mediabatch_cpangoheaders_unused;
