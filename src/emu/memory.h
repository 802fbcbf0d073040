// The device address space: host-backed allocations at guest addresses, with every guest access
// checked against them. Addresses are never reused and allocations are separated by unmapped
// gaps, so running off the end of a buffer or using a freed one is reported, not silently
// redirected into a neighbour.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace gcnkit::emu {

class GuestMemory {
public:
  struct Range {
    uint64_t base = 0;
    uint64_t size = 0;
    uint8_t *host = nullptr;
  };

  // Returns the guest address of `bytes` zeroed bytes aligned to `align` (a power of two), or 0
  // when the request is too large.
  uint64_t allocate(uint64_t bytes, uint64_t align = 256);
  // Frees the allocation starting at addr; false when none starts there.
  bool release(uint64_t addr);

  // The allocation containing addr, or nullptr. Allocations must not be added or freed while a
  // kernel runs (the host API is synchronous), so lookups need no locking.
  const Range *find(uint64_t addr) const;

  // Host pointer for the n bytes at addr when they lie inside one allocation, else nullptr.
  uint8_t *translate(uint64_t addr, uint64_t n) const;

  // Total bytes currently allocated.
  uint64_t bytesAllocated() const { return allocated_; }

private:
  struct Allocation {
    Range range;
    std::unique_ptr<uint8_t[]> storage;
  };
  std::vector<Allocation> allocations_; // sorted by base (bases only grow)
  uint64_t next_ = uint64_t{1} << 32;   // low 4 GiB stay unmapped: small integers fault
  uint64_t allocated_ = 0;
};

// The last allocation a wave touched: most accesses hit it, so the per-lane check is two
// compares.
struct MemoryCache {
  uint64_t base = 0;
  uint64_t size = 0;
  uint8_t *host = nullptr;

  uint8_t *lookup(const GuestMemory &mem, uint64_t addr, uint64_t n) {
    const uint64_t off = addr - base;
    if (off < size && size - off >= n)
      return host + off;
    const GuestMemory::Range *r = mem.find(addr);
    if (!r)
      return nullptr;
    base = r->base;
    size = r->size;
    host = r->host;
    const uint64_t o = addr - base;
    return size - o >= n ? host + o : nullptr;
  }
};

} // namespace gcnkit::emu
