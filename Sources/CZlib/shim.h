// zlib's deflate, for the PNG files TextFlowRendering writes itself (its IDAT chunks are one
// zlib stream), and its CRC-32 for the chunks' checksums.
#include <zlib.h>
