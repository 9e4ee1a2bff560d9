// libdeflate's whole-buffer deflate, for the PNG files TextFlowRendering writes itself: about
// twice zlib's speed at the same compression level, for images whose rows fit in memory twice.
#include <libdeflate.h>
