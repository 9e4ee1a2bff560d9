// Cairo with the backends TextFlowRendering draws to: image surfaces written as PNG, PDF and SVG,
// and FreeType font faces so that rendered glyphs come from the same font bytes that were measured.
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
// FreeType, for faces made from the measured bytes (FT_New_Memory_Face) and the advances of the
// stand-in glyphs under colour emoji in PDF (FT_Get_Advance).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
