// Atomic read-modify-write operations shared by the DS, GLOBAL / FLAT and buffer executors.
//
// An operation is a functor `static T apply(T mem, T src, T cmp, uint32_t flags)` giving the new
// memory value from the old one, DATA (src) and, for the three-operand forms, DATA2 / the compare
// value (cmp); flags are the memflag FP-mode bits. The float rules are those of the float-atomic
// document (seed 004): round to nearest even, NaN propagation and quieting, min/max selection
// order with quiet NaNs losing, compare-swap treating +0 == -0, denormal flushing by FP mode.
// Guest memory is shared by the worker threads, so global atomics go through std::atomic_ref
// with a compare-exchange loop; the LDS belongs to one work-group whose waves run one at a time
// on one worker, so DS atomics are plain read-modify-writes.
#pragma once

#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "emu/mem_access.h"
#include "emu/valu16.h"

namespace gcnkit::emu::atomics {

struct Add {
  template <class T> static T apply(T m, T s, T, uint32_t) { return m + s; }
};
struct Sub {
  template <class T> static T apply(T m, T s, T, uint32_t) { return m - s; }
};
struct Rsub {
  template <class T> static T apply(T m, T s, T, uint32_t) { return s - m; }
};
// Clamped subtract (csub): never below zero.
struct Csub {
  template <class T> static T apply(T m, T s, T, uint32_t) { return m >= s ? m - s : 0; }
};
struct Swap {
  template <class T> static T apply(T, T s, T, uint32_t) { return s; }
};
struct Cmpswap {
  static constexpr bool kCompare = true;
  template <class T> static T apply(T m, T s, T c, uint32_t) { return m == c ? s : m; }
};
// gfx9's DS_CMPST order: DATA0 is the value compared, DATA1 the one stored (gfx11's
// DS_CMPSTORE swapped them).
template <class Op> struct CompareFirst {
  static constexpr bool kCompare = true;
  template <class T> static T apply(T m, T s, T c, uint32_t flags) {
    return Op::apply(m, c, s, flags);
  }
};
struct MinI {
  template <class T> static T apply(T m, T s, T, uint32_t) {
    using S = std::make_signed_t<T>;
    return static_cast<S>(s) < static_cast<S>(m) ? s : m;
  }
};
struct MaxI {
  template <class T> static T apply(T m, T s, T, uint32_t) {
    using S = std::make_signed_t<T>;
    return static_cast<S>(s) > static_cast<S>(m) ? s : m;
  }
};
struct MinU {
  template <class T> static T apply(T m, T s, T, uint32_t) { return s < m ? s : m; }
};
struct MaxU {
  template <class T> static T apply(T m, T s, T, uint32_t) { return s > m ? s : m; }
};
struct And {
  template <class T> static T apply(T m, T s, T, uint32_t) { return m & s; }
};
struct Or {
  template <class T> static T apply(T m, T s, T, uint32_t) { return m | s; }
};
struct Xor {
  template <class T> static T apply(T m, T s, T, uint32_t) { return m ^ s; }
};
// inc: wraps to 0 once the old value reaches DATA; dec: wraps to DATA from 0 or from above it.
struct Inc {
  template <class T> static T apply(T m, T s, T, uint32_t) { return m >= s ? 0 : m + 1; }
};
struct Dec {
  template <class T> static T apply(T m, T s, T, uint32_t) { return (m == 0 || m > s) ? s : m - 1; }
};
// ds_mskor: clear the DATA bits, set the DATA2 bits.
struct Mskor {
  static constexpr bool kCompare = true;
  template <class T> static T apply(T m, T s, T c, uint32_t) { return (m & ~s) | c; }
};
// ds_wrap: subtract DATA if that stays non-negative, else add DATA2.
struct Wrap {
  static constexpr bool kCompare = true;
  template <class T> static T apply(T m, T s, T c, uint32_t) { return m >= s ? m - s : m + c; }
};

// ---- float rules (bit patterns in, bit patterns out) ----------------------------------------

template <class T> struct FloatBits;
template <> struct FloatBits<uint32_t> {
  using F = float;
  static constexpr uint32_t kSign = 0x80000000u, kExp = 0x7F800000u, kQuiet = 0x00400000u,
                            kMant = 0x007FFFFFu;
  static constexpr uint32_t kFlushIn = memflag::kFlushF32In;
};
template <> struct FloatBits<uint64_t> {
  using F = double;
  static constexpr uint64_t kSign = 0x8000000000000000ull, kExp = 0x7FF0000000000000ull,
                            kQuiet = 0x0008000000000000ull, kMant = 0x000FFFFFFFFFFFFFull;
  static constexpr uint32_t kFlushIn = memflag::kFlushF64In;
};

template <class T> constexpr bool isNan(T b) {
  using B = FloatBits<T>;
  return (b & B::kExp) == B::kExp && (b & B::kMant);
}
template <class T> constexpr bool isSignalling(T b) {
  return isNan(b) && !(b & FloatBits<T>::kQuiet);
}
template <class T> constexpr T quiet(T b) { return b | FloatBits<T>::kQuiet; }
// A denormal read as a zero of the same sign.
template <class T> constexpr T flushDenorm(T b) {
  using B = FloatBits<T>;
  return (b & B::kExp) ? b : b & B::kSign;
}
// Total order used by min / max on non-NaN values: -inf < ... < -0 < +0 < ... < +inf.
template <class T> constexpr bool lessOrdered(T a, T b) {
  using B = FloatBits<T>;
  const bool na = a & B::kSign, nb = b & B::kSign;
  if (na != nb)
    return na;
  return na ? (a & ~B::kSign) > (b & ~B::kSign) : a < b;
}

// min / max: a signalling NaN (memory first, then DATA) gives its quiet NaN; a quiet NaN loses
// to a number; when inputs are flushed the comparison sees zeros but the unflushed value is
// kept. Ties keep the memory value.
template <bool kMax> struct MinMaxF {
  template <class T> static T apply(T m, T s, T, uint32_t flags) {
    if (isSignalling(m))
      return quiet(m);
    if (isSignalling(s))
      return quiet(s);
    if (isNan(m))
      return s;
    if (isNan(s))
      return m;
    const bool flush = flags & FloatBits<T>::kFlushIn;
    const T fm = flush ? flushDenorm(m) : m, fs = flush ? flushDenorm(s) : s;
    if constexpr (kMax)
      return lessOrdered(fm, fs) ? s : m;
    else
      return lessOrdered(fs, fm) ? s : m;
  }
};
using MinF = MinMaxF<false>;
using MaxF = MinMaxF<true>;

// Compare-swap on floats: swaps only when neither value is NaN and they are equal (+0 == -0,
// after flushing); with input flushing the stored value is flushed too.
struct CmpswapF {
  static constexpr bool kCompare = true;
  template <class T> static T apply(T m, T s, T c, uint32_t flags) {
    const bool flush = flags & FloatBits<T>::kFlushIn;
    const T fm = flush ? flushDenorm(m) : m, fc = flush ? flushDenorm(c) : c;
    using F = typename FloatBits<T>::F;
    const bool swap = !isNan(fm) && !isNan(fc) && std::bit_cast<F>(fm) == std::bit_cast<F>(fc);
    const T r = swap ? s : m;
    return flush ? flushDenorm(r) : r;
  }
};

// f32 add: NaN inputs propagate quieted (memory's first); a NaN made from infinities is the
// negative quiet NaN; otherwise the host's round-to-nearest-even sum. kMemory: the memory
// atomics flush input denormals whatever the mode and keep denormal results; the LDS follows
// the FP mode for both.
template <bool kMemory> struct AddF32 {
  static uint32_t apply(uint32_t m, uint32_t s, uint32_t, uint32_t flags) {
    if (isNan(m))
      return quiet(m);
    if (isNan(s))
      return quiet(s);
    if (kMemory || (flags & memflag::kFlushF32In)) {
      m = flushDenorm(m);
      s = flushDenorm(s);
    }
    const float r = std::bit_cast<float>(m) + std::bit_cast<float>(s);
    uint32_t b = std::bit_cast<uint32_t>(r);
    if (isNan(b))
      return 0xFFC00000u;
    if (!kMemory && (flags & memflag::kFlushF32Out))
      b = flushDenorm(b);
    return b;
  }
};

// gfx9's packed f16 add (buffer / global_atomic_pk_add_f16): each half is an f16 add with the
// float-add rules above (NaN from memory first, quieted; inf - inf the negative quiet NaN),
// rounded to nearest even. Memory atomics do not flush f16 denormals (the MI100 guide's
// denormal table: PK_ADD_F16 in the L2 keeps them).
struct PkAddF16 {
  static uint32_t half(uint32_t m, uint32_t s) {
    if (half16::isNanF16(m))
      return m | 0x200;
    if (half16::isNanF16(s))
      return s | 0x200;
    const double r = half16::f16ToDouble(m) + half16::f16ToDouble(s);
    if (std::isnan(r))
      return 0xFE00;
    return half16::f16FromDouble(r); // exact in double: rounded once
  }
  static uint32_t apply(uint32_t m, uint32_t s, uint32_t, uint32_t) {
    return half(m & 0xFFFF, s & 0xFFFF) | half(m >> 16, s >> 16) << 16;
  }
};

// One lane's read-modify-write at p; returns the old value.
template <class T, class Op> T rmw(uint8_t *p, bool shared, T src, T cmp, uint32_t flags) {
  if (shared) {
    std::atomic_ref<T> ref(*reinterpret_cast<T *>(p));
    T old = ref.load(std::memory_order_relaxed);
    while (!ref.compare_exchange_weak(old, Op::apply(old, src, cmp, flags),
                                      std::memory_order_acq_rel, std::memory_order_relaxed)) {
    }
    return old;
  }
  {
    T old;
    std::memcpy(&old, p, sizeof(T));
    const T v = Op::apply(old, src, cmp, flags);
    std::memcpy(p, &v, sizeof(T));
    return old;
  }
}

template <class Op> constexpr bool hasCompare() {
  if constexpr (requires { Op::kCompare; })
    return Op::kCompare;
  else
    return false;
}

// The atomic on every active lane: DATA from srcRow, DATA2 / compare from cmpRow (two rows per
// value for 64-bit T), the old value to in.vdst when kReturn is in in.aux. where() resolves the
// lane's address as for loads and stores (an out-of-range buffer lane does nothing and returns
// zero). A misaligned address faults (MisalignedAtomic): atomics need natural alignment. Lanes in
// guest memory (LaneTarget::shared) are atomic across workers.
template <int W, class T, class Op, class Where>
void atomicLanes(Wave &w, const DecodedInst &in, uint16_t srcRow, uint16_t cmpRow, Where where) {
  constexpr unsigned n = sizeof(T) / 4;
  const uint64_t exec = execMask<W>(w);
  const bool ret = in.aux & memflag::kReturn;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const LaneTarget t = where(l, static_cast<unsigned>(sizeof(T)), true);
    if (t.fault)
      return;
    T old = 0;
    if (t.p) {
      if (t.address % sizeof(T)) {
        w.raise(FaultKind::MisalignedAtomic, in, l, t.address, sizeof(T), true);
        return;
      }
      T src = vrow<W>(w, srcRow)[l], cmp = 0;
      if constexpr (n == 2)
        src |= T{vrow<W>(w, static_cast<uint16_t>(srcRow + 1))[l]} << 32;
      if constexpr (hasCompare<Op>()) {
        cmp = vrow<W>(w, cmpRow)[l];
        if constexpr (n == 2)
          cmp |= T{vrow<W>(w, static_cast<uint16_t>(cmpRow + 1))[l]} << 32;
      }
      if (t.element && t.phase + sizeof(T) > t.element) {
        // A value split over swizzled elements (a 64-bit atomic on dword-interleaved memory,
        // which the hardware does not do in one piece): read, modify and write the pieces.
        readTarget(t, &old, sizeof(T));
        const T v = Op::apply(old, src, cmp, in.aux);
        writeTarget(t, &v, sizeof(T));
      } else {
        old = rmw<T, Op>(t.p, t.shared, src, cmp, in.aux);
      }
    }
    if (ret) {
      vrow<W>(w, in.vdst)[l] = static_cast<uint32_t>(old);
      if constexpr (n == 2)
        vrow<W>(w, static_cast<uint16_t>(in.vdst + 1))[l] = static_cast<uint32_t>(old >> 32);
    }
  }
}

} // namespace gcnkit::emu::atomics
