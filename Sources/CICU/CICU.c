// The only file that includes ICU. See include/CICU.h for why.
#include "CICU.h"

#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

// ICU success codes are <= 0 (warnings are negative), failures are > 0. We return failures as
// negative numbers so that every non-negative return value is a count.
static int32_t failure(UErrorCode status) { return -(int32_t)status; }

static int32_t collectBoundaries(UBreakIteratorType type, const uint16_t *text, int32_t length,
                                 const char *locale, int32_t *out, uint8_t *mandatory,
                                 int32_t capacity) {
  if (length < 0 || (length > 0 && text == NULL) || capacity < 0) {
    return failure(U_ILLEGAL_ARGUMENT_ERROR);
  }
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = ubrk_open(type, (locale && *locale) ? locale : "", (const UChar *)text,
                                 length, &status);
  if (U_FAILURE(status)) return failure(status);
  int32_t count = 0;
  for (int32_t pos = ubrk_following(it, 0); pos != UBRK_DONE; pos = ubrk_next(it)) {
    if (count < capacity) {
      out[count] = pos;
      if (mandatory) {
        int32_t tag = ubrk_getRuleStatus(it);
        mandatory[count] = (tag >= UBRK_LINE_HARD && tag < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
      }
    }
    count++;
  }
  ubrk_close(it);
  return count;
}

int32_t CICU_lineBreaks(const uint16_t *text, int32_t length, const char *locale,
                        int32_t *breaks, uint8_t *mandatory, int32_t capacity) {
  return collectBoundaries(UBRK_LINE, text, length, locale, breaks, mandatory, capacity);
}

int32_t CICU_graphemeBoundaries(const uint16_t *text, int32_t length, int32_t *boundaries,
                                int32_t capacity) {
  return collectBoundaries(UBRK_CHARACTER, text, length, "", boundaries, NULL, capacity);
}

int32_t CICU_bidiLevels(const uint16_t *text, int32_t length, int32_t paragraphLevel,
                        uint8_t *levels) {
  if (length < 0 || (length > 0 && (text == NULL || levels == NULL))) {
    return failure(U_ILLEGAL_ARGUMENT_ERROR);
  }
  if (paragraphLevel != 0 && paragraphLevel != 1 && paragraphLevel != -1) {
    return failure(U_ILLEGAL_ARGUMENT_ERROR);
  }
  UBiDiLevel requested = paragraphLevel < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraphLevel;
  if (length == 0) return paragraphLevel == 1 ? 1 : 0;
  UErrorCode status = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_FAILURE(status)) return failure(status);
  ubidi_setPara(bidi, (const UChar *)text, length, requested, NULL, &status);
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return failure(status);
  }
  const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return failure(status);
  }
  for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
  int32_t paragraph = ubidi_getParaLevel(bidi) & 1;
  ubidi_close(bidi);
  return paragraph;
}

int32_t CICU_reorderVisual(const uint8_t *levels, int32_t count, int32_t *visualToLogical) {
  if (count < 0 || (count > 0 && (levels == NULL || visualToLogical == NULL))) {
    return failure(U_ILLEGAL_ARGUMENT_ERROR);
  }
  if (count == 0) return 0;
  ubidi_reorderVisual((const UBiDiLevel *)levels, count, visualToLogical);
  return 0;
}

const char *CICU_errorName(int32_t code) {
  return u_errorName((UErrorCode)(code < 0 ? -code : code));
}

const char *CICU_version(void) { return U_ICU_VERSION; }
