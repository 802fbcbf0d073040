// Placeholder until the family codec lands: every encoding of the family fails to decode.
#include "disasm/codec.h"

namespace gcnkit::disasm::detail {

namespace {
DecodeStatus decode(isa::Format, std::span<const uint8_t>, Inst&) { return DecodeStatus::Fail; }
void print(const Inst&, std::string&, const PrintOptions&) {}
void encode(const Inst&, std::string&) {}
}  // namespace

const Codec kMemCodec = {decode, print, encode};

}  // namespace gcnkit::disasm::detail
