// CICU: a small C API over ICU's Unicode algorithms for TextEngine.
//
// Why this exists: ICU's headers cannot be imported into Swift next to Foundation (they clash with
// the ICU copy Foundation bundles as _FoundationICU, and ICU's versioned symbol-renaming macros such
// as ubrk_open -> ubrk_open_72 do not import). So no ICU type appears here: plain C types only,
// and CICU.c is the one place that includes ICU.
//
// All text is UTF-16 (ICU's native form); offsets are UTF-16 code-unit offsets.
// Functions return a count (>= 0) or a negative ICU error code (see CICU_errorName).
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes the kind of each UTF-16 offset of `text` as a UAX #14 line-break opportunity (ICU's line
/// break iterator for `locale`, e.g. "en", "ja", "th"; NULL or "" for the root locale) into
/// `kinds`, which holds `length` + 1 entries: 0 where a new line may not start (always at 0),
/// 1 where it may, 2 where it must (after a line feed, paragraph separator, etc.). Returns 0, or a
/// negative ICU error code.
int32_t CICU_lineBreakKinds(const uint16_t *text, int32_t length, const char *locale,
                            uint8_t *kinds);

/// Writes the extended grapheme cluster boundaries of `text` (UAX #29) into `boundaries`,
/// excluding 0 and including `length`. Returns the number of boundaries (which may exceed
/// `capacity`: then only `capacity` were written and the caller should retry with a larger
/// buffer), or a negative ICU error code.
int32_t CICU_graphemeBoundaries(const uint16_t *text, int32_t length, int32_t *boundaries,
                                int32_t capacity);

/// Resolves UAX #9 bidi embedding levels for one paragraph of `text`. `paragraphLevel` is 0 (LTR),
/// 1 (RTL), or -1 to detect it from the first strong character (LTR when there is none).
/// Writes one level per UTF-16 unit into `levels` (which must hold `length` bytes) and returns the
/// resolved paragraph level (0 or 1), or a negative ICU error code.
int32_t CICU_bidiLevels(const uint16_t *text, int32_t length, int32_t paragraphLevel,
                        uint8_t *levels);

/// Computes the visual order of `count` runs with the given embedding `levels` (UAX #9 rule L2):
/// writes into `visualToLogical[v]` the logical index of the run shown at visual position v.
/// Returns 0 or a negative ICU error code.
int32_t CICU_reorderVisual(const uint8_t *levels, int32_t count, int32_t *visualToLogical);

/// Writes the Unicode script (ICU's UScriptCode) of each UTF-16 unit of `text` into `scripts`
/// (which must hold `length` values), resolved for itemization: characters of the Common and
/// Inherited scripts (spaces, punctuation, digits, combining marks) take the script of the
/// preceding character with a real script, or of the following one at the start of the text;
/// both halves of a surrogate pair get the pair's script. Text with no real script stays Common.
/// Returns 0 or a negative ICU error code.
int32_t CICU_resolvedScripts(const uint16_t *text, int32_t length, int32_t *scripts);

/// ICU's script code of one code point as uscript_getScript gives it (Common on failure), not
/// resolved: what CICU_resolvedScripts' table of BMP scripts is checked against.
int32_t CICU_script(uint32_t codePoint);

/// Writes the ISO 15924 tag of ICU script code `script` (e.g. "Latn", "Arab", "Zyyy") and a
/// terminating NUL into `tag`, which must hold 5 bytes. Returns 0, or -1 for an unknown code.
int32_t CICU_scriptTag(int32_t script, char *tag);

/// 1 when the code point has the Default_Ignorable_Code_Point property (ZWJ, variation
/// selectors, soft hyphen, …): such characters need no glyph of their own for coverage.
int32_t CICU_isDefaultIgnorable(uint32_t codePoint);

/// Writes the UAX #29 word boundaries of `text` (ICU's word break iterator for `locale`; NULL or
/// "" for the root locale, which still segments Chinese, Japanese and Thai by dictionary) into
/// `boundaries`, excluding 0 and including `length`, and for each the rule status of the segment
/// that ends there into `statuses` (may be NULL): 0–99 no word (spaces, punctuation), 100–199 a
/// number, 200–299 letters, 300–399 kana, 400–499 ideographs. Same return convention as
/// CICU_graphemeBoundaries.
int32_t CICU_wordBoundaries(const uint16_t *text, int32_t length, const char *locale,
                            int32_t *boundaries, int32_t *statuses, int32_t capacity);

/// The name of an ICU error code (e.g. "U_ILLEGAL_ARGUMENT_ERROR"), for error messages.
/// Accepts the negated codes returned by the functions above as well.
const char *CICU_errorName(int32_t code);

/// The ICU version string this target was built against, e.g. "72.1".
const char *CICU_version(void);

#ifdef __cplusplus
}
#endif

#endif
