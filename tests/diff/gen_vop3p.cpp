// Random encodings for the vop3p family (placeholder until the family codec lands).
#include "random_encodings.h"

namespace gcnkit::difftest {

void generateVop3p(Rng& rng, std::vector<uint8_t>& out) { putDword(out, randBits(rng, 32)); }

}  // namespace gcnkit::difftest
