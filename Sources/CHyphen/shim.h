// libhyphen (Hunspell's hyphenation, ALTLinux's libhnj): Liang's patterns from hyph_*.dic files.
#include <hyphen.h>
