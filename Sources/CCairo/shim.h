// Cairo with the backends TextFlowRendering draws to: image surfaces written as PNG, PDF and SVG,
// and FreeType font faces so that rendered glyphs come from the same font files that were measured.
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
