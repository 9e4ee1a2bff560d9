// The only file that includes ICU. See include/CICU.h for why.
#include "CICU.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>
#include <unicode/uversion.h>

// ICU success codes are <= 0 (warnings are negative), failures are > 0. We return failures as
// negative numbers so that every non-negative return value is a count.
static int32_t failure(UErrorCode status) { return -(int32_t)status; }

// Opening a break iterator loads and compiles ICU's rules, which costs far more than iterating a
// short label. Each thread keeps its last line iterator (per locale) and its character iterator
// and re-targets them with ubrk_setText; they are closed when the thread exits.
typedef struct {
  UBreakIterator *iterator;
  char locale[32];
} CachedIterator;

static _Thread_local CachedIterator cachedLine;
static _Thread_local CachedIterator cachedCharacter;
static pthread_key_t cleanupKey;
static pthread_once_t cleanupOnce = PTHREAD_ONCE_INIT;

static void closeCached(void *unused) {
  (void)unused;
  if (cachedLine.iterator) ubrk_close(cachedLine.iterator);
  if (cachedCharacter.iterator) ubrk_close(cachedCharacter.iterator);
  cachedLine.iterator = NULL;
  cachedCharacter.iterator = NULL;
}

static void makeCleanupKey(void) { pthread_key_create(&cleanupKey, closeCached); }

static UBreakIterator *iteratorFor(UBreakIteratorType type, const char *locale,
                                   UErrorCode *status) {
  CachedIterator *cache = type == UBRK_LINE ? &cachedLine : &cachedCharacter;
  const char *name = (locale && *locale) ? locale : "";
  if (cache->iterator && strncmp(cache->locale, name, sizeof cache->locale) == 0) {
    return cache->iterator;
  }
  UBreakIterator *it = ubrk_open(type, name, NULL, 0, status);
  if (U_FAILURE(*status)) return NULL;
  if (strlen(name) < sizeof cache->locale) {
    pthread_once(&cleanupOnce, makeCleanupKey);
    pthread_setspecific(cleanupKey, (void *)1);
    if (cache->iterator) ubrk_close(cache->iterator);
    cache->iterator = it;
    strcpy(cache->locale, name);
  }
  return it;
}

static int32_t collectBoundaries(UBreakIteratorType type, const uint16_t *text, int32_t length,
                                 const char *locale, int32_t *out, int32_t capacity) {
  if (length < 0 || (length > 0 && text == NULL) || capacity < 0) {
    return failure(U_ILLEGAL_ARGUMENT_ERROR);
  }
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = iteratorFor(type, locale, &status);
  if (U_FAILURE(status)) return failure(status);
  ubrk_setText(it, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return failure(status);
  CachedIterator *cache = type == UBRK_LINE ? &cachedLine : &cachedCharacter;
  int cached = cache->iterator == it;
  int32_t count = 0;
  for (int32_t pos = ubrk_following(it, 0); pos != UBRK_DONE; pos = ubrk_next(it)) {
    if (count < capacity) out[count] = pos;
    count++;
  }
  // Detach the text so that the cached iterator holds no pointer into the caller's buffer.
  ubrk_setText(it, (const UChar *)u"", 0, &status);
  if (!cached) ubrk_close(it);
  return count;
}

// True for the characters after which UAX #14 requires a break: classes BK (U+000B, U+000C,
// U+2028, U+2029), CR, LF and NL (U+0085).
static int endsLine(uint16_t unit) {
  return (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029;
}

int32_t CICU_lineBreakKinds(const uint16_t *text, int32_t length, const char *locale,
                            uint8_t *kinds) {
  if (length < 0 || (length > 0 && (text == NULL || kinds == NULL))) {
    return failure(U_ILLEGAL_ARGUMENT_ERROR);
  }
  if (length == 0) return 0;
  memset(kinds, 0, (size_t)length + 1);
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = iteratorFor(UBRK_LINE, locale, &status);
  if (U_FAILURE(status)) return failure(status);
  ubrk_setText(it, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return failure(status);
  int cached = cachedLine.iterator == it;
  for (int32_t pos = ubrk_following(it, 0); pos != UBRK_DONE; pos = ubrk_next(it)) {
    int32_t tag = ubrk_getRuleStatus(it);
    if (pos > 0 && pos <= length) {
      // A break is mandatory only after a character of class BK, CR, LF or NL (UAX #14 LB4,
      // LB5). ICU gives the breaks its dictionary finds inside a Thai, Lao, Khmer or Myanmar
      // run the status of the break that ends the run, so before a newline each of them read
      // as a hard break.
      int hard = tag >= UBRK_LINE_HARD && tag < UBRK_LINE_HARD_LIMIT;
      kinds[pos] = hard && endsLine(text[pos - 1]) ? 2 : 1;
    }
  }
  // Detach the text so that the cached iterator holds no pointer into the caller's buffer.
  ubrk_setText(it, (const UChar *)u"", 0, &status);
  if (!cached) ubrk_close(it);
  return 0;
}

int32_t CICU_graphemeBoundaries(const uint16_t *text, int32_t length, int32_t *boundaries,
                                int32_t capacity) {
  return collectBoundaries(UBRK_CHARACTER, text, length, "", boundaries, capacity);
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

static int isRealScript(int32_t script) {
  return script != USCRIPT_COMMON && script != USCRIPT_INHERITED && script != USCRIPT_UNKNOWN;
}

static int32_t icuScript(UChar32 c) {
  UErrorCode status = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript(c, &status);
  return U_FAILURE(status) ? USCRIPT_COMMON : (int32_t)script;
}

// ICU's script code of each BMP code point, one page of 256 per high byte, made on first use and
// kept for the process: uscript_getScript (a call into ICU's property trie per character) cost
// more than the rest of resolving a text's scripts. Common, Inherited and Unknown are stored as
// NOT_REAL (resolving gives them the script before them); a code ICU numbers NOT_REAL or higher
// (none in ICU 72) is stored as NOT_STORED and asked of ICU again. Pages are published with
// release/acquire ordering; a thread that made a page another published first frees its own.
enum { NOT_REAL = 254, NOT_STORED = 255 };
static _Atomic(uint8_t *) scriptPages[256];

static __attribute__((noinline)) const uint8_t *makeScriptPage(int32_t page) {
  uint8_t *made = malloc(256);
  if (made == NULL) return NULL;
  for (int32_t low = 0; low < 256; low++) {
    int32_t script = icuScript((page << 8) | low);
    made[low] = !isRealScript(script)                  ? NOT_REAL
                : script >= 0 && script < NOT_REAL ? (uint8_t)script
                                                    : NOT_STORED;
  }
  uint8_t *expected = NULL;
  if (!atomic_compare_exchange_strong_explicit(&scriptPages[page], &expected, made,
                                               memory_order_acq_rel, memory_order_acquire)) {
    free(made);
    return expected;
  }
  return made;
}

static const uint8_t *scriptPage(int32_t page) {
  uint8_t *stored = atomic_load_explicit(&scriptPages[page], memory_order_acquire);
  return stored ? stored : makeScriptPage(page);
}

int32_t CICU_script(uint32_t codePoint) { return icuScript((UChar32)codePoint); }

// The script of the code point at text[i] (a surrogate pair, a lone surrogate, or a code point
// whose page could not be made or that its page does not store) in the low 16 bits, and its
// length in units above them. Kept out of the loop below, whose registers it would otherwise
// spill at every character.
static __attribute__((noinline)) uint32_t slowScript(const uint16_t *text, int32_t i,
                                                     int32_t length) {
  int32_t start = i;
  UChar32 c;
  U16_NEXT(text, i, length, c);
  int32_t script = NOT_STORED;
  if (c < 0x10000) {
    const uint8_t *page = scriptPage(c >> 8);
    if (page) script = page[c & 0xFF] == NOT_REAL ? USCRIPT_COMMON : page[c & 0xFF];
  }
  if (script == NOT_STORED) script = icuScript(c);
  return ((uint32_t)(i - start) << 16) | ((uint32_t)script & 0xFFFF);
}

int32_t CICU_resolvedScripts(const uint16_t *text, int32_t length, int32_t *scripts) {
  if (length < 0 || (length > 0 && (text == NULL || scripts == NULL))) {
    return failure(U_ILLEGAL_ARGUMENT_ERROR);
  }
  int32_t last = USCRIPT_COMMON;
  int32_t firstReal = -1;
  int32_t i = 0;
  while (i < length) {
    uint32_t unit = text[i];
    const uint8_t *page = (unit & 0xF800) != 0xD800 ? scriptPage((int32_t)(unit >> 8)) : NULL;
    if (page) {
      // Most text: runs of code points on one page, one table read each, no call.
      uint32_t pageNumber = unit >> 8;
      while (1) {
        int32_t script = page[unit & 0xFF];
        if (script == NOT_STORED) break;
        if (script == NOT_REAL) {
          script = last;
        } else {
          last = script;
          if (firstReal < 0) firstReal = i;
        }
        scripts[i] = script;
        i += 1;
        if (i == length) break;
        unit = text[i];
        if ((unit >> 8) != pageNumber) {
          // Another page already made (ideographs change page every few characters): read on
          // without leaving the loop.
          const uint8_t *next =
              (unit & 0xF800) != 0xD800
                  ? atomic_load_explicit(&scriptPages[unit >> 8], memory_order_acquire)
                  : NULL;
          if (next == NULL) break;
          page = next;
          pageNumber = unit >> 8;
        }
      }
      if (i == length || (unit >> 8) != pageNumber) continue;
    }
    uint32_t found = slowScript(text, i, length);
    int32_t script = (int32_t)(found & 0xFFFF);
    int32_t count = (int32_t)(found >> 16);
    if (isRealScript(script)) {
      last = script;
      if (firstReal < 0) firstReal = i;
    } else {
      script = last;
    }
    scripts[i] = script;
    if (count == 2) scripts[i + 1] = script;
    i += count;
  }
  // Leading Common/Inherited characters take the first real script.
  if (firstReal > 0) {
    for (int32_t j = 0; j < firstReal; j++) scripts[j] = scripts[firstReal];
  }
  return 0;
}

int32_t CICU_scriptTag(int32_t script, char *tag) {
  const char *name = uscript_getShortName((UScriptCode)script);
  if (name == NULL || tag == NULL) return -1;
  int32_t i = 0;
  for (; i < 4 && name[i]; i++) tag[i] = name[i];
  tag[i] = 0;
  return 0;
}

int32_t CICU_isDefaultIgnorable(uint32_t codePoint) {
  return u_hasBinaryProperty((UChar32)codePoint, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0;
}

const char *CICU_errorName(int32_t code) {
  return u_errorName((UErrorCode)(code < 0 ? -code : code));
}

const char *CICU_version(void) { return U_ICU_VERSION; }
