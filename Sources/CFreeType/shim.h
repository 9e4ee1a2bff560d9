// FreeType's headers are reached through its configuration macros, which do not import into
// Swift; this shim includes the concrete headers TextEngine uses.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_MULTIPLE_MASTERS_H
#include FT_SYNTHESIS_H
#include FT_OUTLINE_H

// FreeType's text for an error code. Debian builds FreeType without FT_CONFIG_OPTION_ERROR_STRINGS,
// so FT_Error_String returns NULL; this expands fterrors.h with FreeType's documented idiom
// (undefine FTERRORS_H_, define FT_ERRORDEF, include FT_ERRORS_H) into a switch.
static inline const char *CFreeType_errorString(FT_Error error) {
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) \
  case v:                    \
    return s;
#define FT_ERROR_START_LIST switch (error) {
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
  return 0;
}
