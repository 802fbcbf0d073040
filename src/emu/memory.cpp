#include "emu/memory.h"

#include <algorithm>
#include <new>

namespace gcnkit::emu {

namespace {

// Unmapped bytes between allocations: an access running past the end of one buffer faults
// instead of landing in the next.
constexpr uint64_t kGuardGap = 64 * 1024;
// Largest single allocation (keeps guest address arithmetic far from wrapping).
constexpr uint64_t kMaxAllocation = uint64_t{1} << 40;

uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

} // namespace

uint64_t GuestMemory::allocate(uint64_t bytes, uint64_t align) {
  if (bytes > kMaxAllocation || align == 0 || (align & (align - 1)) || align > kGuardGap)
    return 0;
  Allocation a;
  a.storage.reset(new (std::nothrow) uint8_t[bytes ? bytes : 1]());
  if (!a.storage)
    return 0;
  a.range.base = alignUp(next_, std::max<uint64_t>(align, 256));
  a.range.size = bytes;
  a.range.host = a.storage.get();
  next_ = alignUp(a.range.base + bytes + kGuardGap, 256);
  allocated_ += bytes;
  const uint64_t base = a.range.base;
  allocations_.push_back(std::move(a));
  return base;
}

bool GuestMemory::release(uint64_t addr) {
  auto it = std::lower_bound(allocations_.begin(), allocations_.end(), addr,
                             [](const Allocation &a, uint64_t v) { return a.range.base < v; });
  if (it == allocations_.end() || it->range.base != addr)
    return false;
  allocated_ -= it->range.size;
  allocations_.erase(it);
  return true;
}

const GuestMemory::Range *GuestMemory::find(uint64_t addr) const {
  auto it = std::upper_bound(allocations_.begin(), allocations_.end(), addr,
                             [](uint64_t v, const Allocation &a) { return v < a.range.base; });
  if (it == allocations_.begin())
    return nullptr;
  --it;
  return addr - it->range.base < it->range.size ? &it->range : nullptr;
}

uint8_t *GuestMemory::translate(uint64_t addr, uint64_t n) const {
  const Range *r = find(addr);
  if (!r || r->size - (addr - r->base) < n)
    return nullptr;
  return r->host + (addr - r->base);
}

} // namespace gcnkit::emu
