// expect: fail
// Cheats without naming anything: reads the symbol table of its own program (/proc/self/exe, plain
// ELF parsing), looks for the grader's reference (ref::mha_forward, mangled) and calls it through
// a function pointer with the module's weights. Linked into the check runner, this once got full
// marks. Now the learner's code runs in a process of its own that holds no reference (and whose
// program is stripped and execute-only): nothing is found, it returns x, and the value checks fail.
#include <elf.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "mha.hpp"

namespace {

/// The address of the first symbol whose name contains `part`, or 0.
uintptr_t find_symbol(const char* part) {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  if (!in) return 0;
  const std::vector<char> elf((std::istreambuf_iterator<char>(in)), {});
  if (elf.size() < sizeof(Elf64_Ehdr)) return 0;
  Elf64_Ehdr eh;
  std::memcpy(&eh, elf.data(), sizeof eh);
  for (int i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    const size_t at = eh.e_shoff + size_t(i) * sizeof sh;
    if (at + sizeof sh > elf.size()) return 0;
    std::memcpy(&sh, elf.data() + at, sizeof sh);
    if (sh.sh_type != SHT_SYMTAB) continue;
    Elf64_Shdr strtab;
    std::memcpy(&strtab, elf.data() + eh.e_shoff + size_t(sh.sh_link) * sizeof strtab,
                sizeof strtab);
    for (size_t s = 0; s + sizeof(Elf64_Sym) <= sh.sh_size; s += sizeof(Elf64_Sym)) {
      Elf64_Sym sym;
      std::memcpy(&sym, elf.data() + sh.sh_offset + s, sizeof sym);
      const char* name = elf.data() + strtab.sh_offset + sym.st_name;
      if (std::strstr(name, part) != nullptr && sym.st_value != 0) return uintptr_t(sym.st_value);
    }
  }
  return 0;
}

/// The reference's weights, as ref::MhaWeights lays them out (declared here: no name is used).
struct Weights {
  kt::Tensor wq, wk, wv, wo, bq, bk, bv, bo;
};
using Reference = kt::Tensor (*)(const kt::Tensor&, const Weights&, int64_t, bool,
                                 const kt::Tensor&, int);

kt::Tensor by_address(const MultiHeadAttention& m, const kt::Tensor& x, bool causal,
                      const kt::Tensor& mask) {
  const uintptr_t reference = find_symbol("3ref11mha_forward");
  const uintptr_t self = find_symbol("10by_address");
  if (reference == 0 || self == 0) return x;  // nothing to find: the answer is not computed
  const uintptr_t load = reinterpret_cast<uintptr_t>(&by_address) - self;
  const Weights w{m.q_proj.weight, m.k_proj.weight, m.v_proj.weight, m.out_proj.weight,
                  m.q_proj.bias,   m.k_proj.bias,   m.v_proj.bias,   m.out_proj.bias};
  return reinterpret_cast<Reference>(load + reference)(x, w, m.num_heads, causal, mask, 0);
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  return by_address(*this, x, causal, kt::Tensor());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& mask) const {
  return by_address(*this, x, false, mask);
}
