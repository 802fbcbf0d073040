// Random encodings for the salu family (placeholder until the family codec lands).
#include "random_encodings.h"

namespace gcnkit::difftest {

void generateSalu(Rng& rng, std::vector<uint8_t>& out) { putDword(out, randBits(rng, 32)); }

}  // namespace gcnkit::difftest
