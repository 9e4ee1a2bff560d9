// UAX #29 word boundaries with ICU's word break iterator (dictionary-based for Chinese,
// Japanese, Thai, Lao, Khmer and Burmese). See include/CICU.h.
#include "CICU.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t CICU_wordBoundaries(const uint16_t *text, int32_t length, const char *locale,
                            int32_t *boundaries, int32_t *statuses, int32_t capacity) {
  if (length <= 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = ubrk_open(UBRK_WORD, (locale && *locale) ? locale : "",
                                 (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return -(int32_t)status;
  int32_t count = 0;
  ubrk_first(it);
  for (int32_t next = ubrk_next(it); next != UBRK_DONE; next = ubrk_next(it)) {
    if (count < capacity) {
      boundaries[count] = next;
      if (statuses) statuses[count] = ubrk_getRuleStatus(it);
    }
    count += 1;
  }
  ubrk_close(it);
  return count;
}
