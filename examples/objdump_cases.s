// Layout cases of `llvm-objdump -d` that compiled kernels rarely show, assembled with
//   llvm-mc-19 -arch=amdgcn -mcpu=gfx1100 -filetype=obj objdump_cases.s -o objdump_cases.o
// and compared with gcnkit by tests/elf_test.cpp.
.text
  s_nop 0                       // before the first symbol: labelled <.text>
  s_branch 0xfffe               // to the synthetic symbol: <.text>
  s_branch 0x8000               // below the section: <last symbol+0xffff...>
.globl entry
entry:
alias_a:                        // three names at one address: one label
alias_b:
  s_cbranch_scc0 loop           // symbolised: loop is an untyped symbol
  s_branch 0x1                  // not symbolised: shown as <entry+0xc>
  s_mov_b32 s0, 0x12345678      // literal
loop:
  s_sub_u32 s0, s0, 1
  s_cbranch_scc1 loop
  .long 0xffffffff              // does not decode: .long
  .long 0, 0, 0                 // 12 zero bytes: "..."
  v_mov_b32 v0, 1.0
.type table,@object             // data in .text: dumped as hex and ASCII
table:
  .ascii "gcnkit\0\1"
  .long 0xdeadbeef
  .byte 0x41, 0x42
.size table, 14
.type tail,@function
tail:
  s_endpgm
  .byte 0x01, 0x02, 0x03        // trailing bytes: .byte

.section .text.second,"ax",@progbits
second:
  s_getpc_b64 s[0:1]
  v_add_f32 v0, v1, v2
  s_cbranch_execz second
  s_endpgm

.section .text.empty,"ax",@progbits   // no bytes: not shown
empty_sym:

.section .rodata,"a",@progbits        // not executable: not shown with -d
  .long 1, 2, 3, 4
