// The symbolic SALU operands of each target, from its generated tables.
#include "isa/gfx1100/salu_symbols.inc"
#include "isa/gfx908/salu_symbols.inc"
#include "isa/salu_symbolic.h"

namespace gcnkit::isa::salu {

namespace {

// Every target's generated file defines the same names in its own namespace.
#define GCNKIT_SALU_SYMBOLS(ns)                                                                    \
  Symbols {                                                                                        \
    ns::kHwreg, ns::kHwregNames, ns::kMessageIdBits, ns::kDecodesOperations, ns::kSendmsg,         \
        ns::kMessageNames, ns::kOperationNames, ns::kMessageOps, ns::kWaitcnt, ns::kVersion,       \
        ns::kVersionBits, ns::kGprIdx                                                              \
  }

} // namespace

constinit const Symbols kGfx1100Symbols = GCNKIT_SALU_SYMBOLS(gfx1100::salu_names);
constinit const Symbols kGfx908Symbols = GCNKIT_SALU_SYMBOLS(gfx908::salu_names);

#undef GCNKIT_SALU_SYMBOLS

} // namespace gcnkit::isa::salu
