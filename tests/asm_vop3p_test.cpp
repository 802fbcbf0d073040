// Assembler tests for the vop3p family against llvm-mc-19 (spelling variants, modifiers,
// encoding choice, error cases).
#include <gtest/gtest.h>

#include "asm/instruction.h"
#include "expect_llvm_mc.h"
