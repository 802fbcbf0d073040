#include "gcnkit/kernel_descriptor.h"

namespace gcnkit::isa {

namespace {

void put(std::array<uint8_t, KernelDescriptor::kSize> &b, size_t at, uint64_t v, size_t n) {
  for (size_t i = 0; i < n; ++i)
    b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

uint64_t get(std::span<const uint8_t> b, size_t at, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i)
    v |= uint64_t{b[at + i]} << (8 * i);
  return v;
}

} // namespace

std::array<uint8_t, KernelDescriptor::kSize> KernelDescriptor::encode() const {
  std::array<uint8_t, kSize> b{};
  put(b, 0, groupSegmentFixedSize, 4);
  put(b, 4, privateSegmentFixedSize, 4);
  put(b, 8, kernargSize, 4);
  put(b, kEntryOffsetPos, static_cast<uint64_t>(kernelCodeEntryByteOffset), 8);
  put(b, 44, computePgmRsrc3, 4);
  put(b, 48, computePgmRsrc1, 4);
  put(b, 52, computePgmRsrc2, 4);
  put(b, 56, kernelCodeProperties, 2);
  put(b, 58, kernargPreload, 2);
  return b;
}

bool KernelDescriptor::decode(std::span<const uint8_t> b, KernelDescriptor &d) {
  if (b.size() < kSize)
    return false;
  d.groupSegmentFixedSize = static_cast<uint32_t>(get(b, 0, 4));
  d.privateSegmentFixedSize = static_cast<uint32_t>(get(b, 4, 4));
  d.kernargSize = static_cast<uint32_t>(get(b, 8, 4));
  d.kernelCodeEntryByteOffset = static_cast<int64_t>(get(b, kEntryOffsetPos, 8));
  d.computePgmRsrc3 = static_cast<uint32_t>(get(b, 44, 4));
  d.computePgmRsrc1 = static_cast<uint32_t>(get(b, 48, 4));
  d.computePgmRsrc2 = static_cast<uint32_t>(get(b, 52, 4));
  d.kernelCodeProperties = static_cast<uint16_t>(get(b, 56, 2));
  d.kernargPreload = static_cast<uint16_t>(get(b, 58, 2));
  return true;
}

} // namespace gcnkit::isa
