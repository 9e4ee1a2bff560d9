/* pango-peer: the Pango side of textflow-bench's peer comparison (issue 7, figure 3).
 *
 * Measures the same texts as the benchmark, with the same font files (only Fonts/, through a
 * private fontconfig configuration), unhinted metrics, unrounded glyph positions, the same max
 * widths and word-char wrapping (PANGO_WRAP_WORD_CHAR, like TextFlow's word mode that breaks an
 * overlong word between clusters).
 *
 * Built by scripts/bench with `pkg-config pangocairo` when Pango's headers are installed; never
 * needed by the tests.
 *
 * Usage: pango-peer FONTS_DIR INPUT PASSES
 *   INPUT: one text a line: "SIZE_PX<TAB>MAX_WIDTH_PX (-1: none)<TAB>TEXT"
 * Output (stdout):
 *   "lines N1 N2 ..." : the line count of each text (from the warm-up pass)
 *   "widths W1 W2 ...": the logical width of each text in px (trailing spaces included)
 *   "starts S1 S2 ..." : for each text, the character (Unicode scalar) offsets at which its
 *                        second and later lines start, joined by commas, "-" for one line
 *   "fresh NS"         : one line per pass, wall-clock ns for the whole input, a new PangoLayout
 *                        per text (what most callers do)
 *   "reused NS"        : one line per pass, one PangoLayout reused (set_text/width/font)
 */
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  double size;
  double max_width;
  char *text;
  int length;
  PangoFontDescription *font;
} Item;

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Prints the scalar offsets of the starts of the layout's lines after the first. */
static void print_starts(PangoLayout *layout, const char *text) {
  GSList *lines = pango_layout_get_lines_readonly(layout);
  int printed = 0;
  for (GSList *node = lines ? lines->next : NULL; node; node = node->next) {
    const PangoLayoutLine *line = node->data;
    printf("%s%ld", printed ? "," : " ", g_utf8_pointer_to_offset(text, text + line->start_index));
    printed = 1;
  }
  if (!printed) printf(" -");
}

static int measure(PangoLayout *layout, const Item *item, double *width) {
  pango_layout_set_font_description(layout, item->font);
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width(layout, item->max_width < 0 ? -1 : (int)(item->max_width * PANGO_SCALE));
  pango_layout_set_text(layout, item->text, item->length);
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  if (width) *width = (double)logical.width / PANGO_SCALE;
  return pango_layout_get_line_count(layout);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: pango-peer FONTS_DIR INPUT PASSES\n");
    return 2;
  }
  int passes = atoi(argv[3]);

  /* Only the repository's fonts: an empty configuration plus the fonts directory. */
  FcConfig *config = FcConfigCreate();
  if (!FcConfigAppFontAddDir(config, (const FcChar8 *)argv[1])) {
    fprintf(stderr, "pango-peer: cannot add fonts from %s\n", argv[1]);
    return 1;
  }
  FcConfigBuildFonts(config);

  PangoFontMap *fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
  pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), config);
  pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(fontmap), 72.0); /* 1 pt = 1 px */
  PangoContext *context = pango_font_map_create_context(fontmap);
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options(context, options);
  pango_context_set_round_glyph_positions(context, FALSE);

  FILE *input = fopen(argv[2], "r");
  if (!input) {
    fprintf(stderr, "pango-peer: cannot read %s\n", argv[2]);
    return 1;
  }
  Item *items = NULL;
  int count = 0, capacity = 0;
  char *line = NULL;
  size_t line_capacity = 0;
  ssize_t length;
  while ((length = getline(&line, &line_capacity, input)) > 0) {
    if (line[length - 1] == '\n') line[--length] = 0;
    char *first = strchr(line, '\t');
    char *second = first ? strchr(first + 1, '\t') : NULL;
    if (!second) continue;
    if (count == capacity) {
      capacity = capacity ? capacity * 2 : 1024;
      items = realloc(items, sizeof(Item) * capacity);
    }
    Item *item = &items[count++];
    item->size = atof(line);
    item->max_width = atof(first + 1);
    item->text = strdup(second + 1);
    item->length = (int)strlen(item->text);
    item->font = pango_font_description_from_string("DejaVu Sans");
    pango_font_description_set_absolute_size(item->font, item->size * PANGO_SCALE);
  }
  fclose(input);
  free(line);

  int *lines = calloc(count ? count : 1, sizeof(int));
  double *widths = calloc(count ? count : 1, sizeof(double));
  /* Warm-up: loads the fonts and fills fontconfig's and Pango's font caches. */
  for (int i = 0; i < count; i++) {
    PangoLayout *layout = pango_layout_new(context);
    lines[i] = measure(layout, &items[i], &widths[i]);
    g_object_unref(layout);
  }
  printf("lines");
  for (int i = 0; i < count; i++) printf(" %d", lines[i]);
  printf("\nwidths");
  for (int i = 0; i < count; i++) printf(" %.4f", widths[i]);
  printf("\nstarts");
  {
    PangoLayout *layout = pango_layout_new(context);
    for (int i = 0; i < count; i++) {
      measure(layout, &items[i], NULL);
      print_starts(layout, items[i].text);
    }
    g_object_unref(layout);
  }
  printf("\n");
  for (int pass = 0; pass < passes; pass++) {
    long long start = now_ns();
    for (int i = 0; i < count; i++) {
      PangoLayout *layout = pango_layout_new(context);
      lines[i] = measure(layout, &items[i], NULL);
      g_object_unref(layout);
    }
    printf("fresh %lld\n", now_ns() - start);
    PangoLayout *reused = pango_layout_new(context);
    start = now_ns();
    for (int i = 0; i < count; i++) lines[i] = measure(reused, &items[i], NULL);
    printf("reused %lld\n", now_ns() - start);
    g_object_unref(reused);
    fflush(stdout);
  }
  return 0;
}
