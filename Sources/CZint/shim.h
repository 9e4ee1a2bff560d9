// libzint: barcode and 2D symbol encoding, with the symbol as vector shapes.
#include <zint.h>
