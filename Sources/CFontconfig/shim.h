// fontconfig, for TextEngine's optional system-font fallback (FontCollection.bundled's
// includingSystemFonts). Only TextEngine/Internals/FontConfig.swift imports it.
#include <fontconfig/fontconfig.h>
