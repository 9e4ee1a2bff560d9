// HarfBuzz without hb-ft: TextEngine gives HarfBuzz the font's bytes (hb_blob/hb_face) and lets
// hb-ot compute unhinted advances in design units, scaled in floating point by TextEngine.
#include <hb.h>
#include <hb-ot.h>
