// Random encodings for the mem family (placeholder until the family codec lands).
#include "random_encodings.h"

namespace gcnkit::difftest {

void generateMem(Rng& rng, std::vector<uint8_t>& out) { putDword(out, randBits(rng, 32)); }

}  // namespace gcnkit::difftest
