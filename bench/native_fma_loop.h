// The arithmetic of bench_emu.cpp's kernel, run natively on the host (its reference).
#pragma once

#include <cstdint>

inline constexpr float kA = 0.75f;
inline constexpr float kB = 0.25f;
inline constexpr int kOpsPerIteration = 7;

// out[i] for work-items 0..items-1: one work-item at a time, the loop a programmer would write.
void nativeFmaLoop(float *out, uint32_t items, int32_t iters);
// The same results with the work-items in blocks of lanes, iterations outside: the form the
// compiler vectorizes (and the one the GPU runs).
void nativeFmaLoopBlocked(float *out, uint32_t items, int32_t iters);
