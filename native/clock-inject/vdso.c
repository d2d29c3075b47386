#include "vdso.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "fail.h"
#include "proc.h"

static const struct {
  const char *name;
  enum entry_kind kind;
} WANTED[] = {
    {"__vdso_clock_gettime", ENTRY_CLOCK_GETTIME}, {"clock_gettime", ENTRY_CLOCK_GETTIME},
    {"__vdso_gettimeofday", ENTRY_GETTIMEOFDAY},   {"gettimeofday", ENTRY_GETTIMEOFDAY},
    {"__vdso_time", ENTRY_TIME},                   {"time", ENTRY_TIME},
};

/* The image of the vDSO, copied out of the target, and its bounds checks. */
struct image {
  const unsigned char *bytes;
  uint64_t size, bias; /* bias: the link address of the image's first byte */
};

static const void *at(const struct image *img, uint64_t offset, uint64_t n) {
  if (offset > img->size || n > img->size - offset) fail(EXIT_UNSUPPORTED, "the target's vDSO is not a well-formed ELF image");
  return img->bytes + offset;
}

static void find_mapping(pid_t pid, struct vdso *out) {
  struct mapping *maps;
  size_t n = read_maps(pid, &maps);
  out->start = out->end = 0;
  for (size_t i = 0; i < n; i++) {
    if (strcmp(maps[i].name, "[vdso]") == 0) {
      out->start = maps[i].start;
      out->end = maps[i].end;
    }
  }
  free(maps);
  if (out->start == 0) fail(EXIT_UNSUPPORTED, "process %d has no vDSO (nothing to patch)", (int)pid);
}

/* The dynamic section's entries: symbol table, string table, symbol count. */
static void read_dynamic(const struct image *img, const Elf64_Ehdr *eh, uint64_t *symtab, uint64_t *strtab, uint64_t *nsyms) {
  const Elf64_Phdr *ph = at(img, eh->e_phoff, (uint64_t)eh->e_phnum * sizeof *ph);
  *symtab = *strtab = *nsyms = 0;
  for (int i = 0; i < eh->e_phnum; i++) {
    if (ph[i].p_type != PT_DYNAMIC) continue;
    const Elf64_Dyn *dyn = at(img, ph[i].p_offset, ph[i].p_filesz);
    for (uint64_t j = 0; j < ph[i].p_filesz / sizeof *dyn && dyn[j].d_tag != DT_NULL; j++) {
      uint64_t ptr = dyn[j].d_un.d_ptr - img->bias;
      if (dyn[j].d_tag == DT_SYMTAB) *symtab = ptr;
      if (dyn[j].d_tag == DT_STRTAB) *strtab = ptr;
      if (dyn[j].d_tag == DT_HASH) *nsyms = ((const uint32_t *)at(img, ptr, 8))[1]; /* nchain */
    }
  }
  if (*symtab == 0 || *strtab == 0) fail(EXIT_UNSUPPORTED, "the target's vDSO has no dynamic symbol table");
  if (*nsyms == 0 && *strtab > *symtab) *nsyms = (*strtab - *symtab) / sizeof(Elf64_Sym); /* the table ends where strings begin */
}

static void add_entry(struct vdso *out, uint64_t addr, uint64_t size, enum entry_kind kind, const char *name) {
  for (int i = 0; i < out->count; i++) {
    if (out->entries[i].addr == addr) return;
  }
  if (size != 0 && size < PATCH_BYTES) fail(EXIT_UNSUPPORTED, "the vDSO's %s is %llu bytes, too short to patch", name, (unsigned long long)size);
  if (out->count == MAX_PATCHES) fail(EXIT_UNSUPPORTED, "the vDSO has more clock entry points than %d", MAX_PATCHES);
  out->entries[out->count++] = (struct entry){addr, kind, name};
}

static void collect_entries(const struct image *img, uint64_t symtab, uint64_t strtab, uint64_t nsyms, struct vdso *out) {
  const Elf64_Sym *syms = at(img, symtab, nsyms * sizeof(Elf64_Sym));
  for (uint64_t i = 0; i < nsyms; i++) {
    if (ELF64_ST_TYPE(syms[i].st_info) != STT_FUNC || syms[i].st_shndx == SHN_UNDEF) continue;
    const char *name = at(img, strtab + syms[i].st_name, 1);
    size_t room = img->size - (strtab + syms[i].st_name);
    for (size_t w = 0; w < sizeof WANTED / sizeof *WANTED; w++) {
      if (strnlen(name, room) < room && strcmp(name, WANTED[w].name) == 0) {
        add_entry(out, out->start + syms[i].st_value - img->bias, syms[i].st_size, WANTED[w].kind, WANTED[w].name);
      }
    }
  }
}

void find_vdso(pid_t pid, struct vdso *out) {
  find_mapping(pid, out);
  struct image img = {.size = out->end - out->start};
  unsigned char *bytes = malloc(img.size);
  if (bytes == NULL) fail(EXIT_INJECT_FAILED, "out of memory reading the vDSO");
  mem_read(pid, out->start, bytes, img.size);
  img.bytes = bytes;
  const Elf64_Ehdr *eh = at(&img, 0, sizeof *eh);
  if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_machine != EM_X86_64) {
    fail(EXIT_UNSUPPORTED, "process %d's vDSO is not a 64-bit x86_64 image (only x86_64 processes are supported)", (int)pid);
  }
  const Elf64_Phdr *ph = at(&img, eh->e_phoff, (uint64_t)eh->e_phnum * sizeof *ph);
  for (int i = eh->e_phnum - 1; i >= 0; i--) {
    if (ph[i].p_type == PT_LOAD) img.bias = ph[i].p_vaddr - ph[i].p_offset;
  }
  uint64_t symtab, strtab, nsyms;
  read_dynamic(&img, eh, &symtab, &strtab, &nsyms);
  out->count = 0;
  collect_entries(&img, symtab, strtab, nsyms, out);
  free(bytes);
  if (vdso_clock_gettime(out) == 0) fail(EXIT_UNSUPPORTED, "process %d's vDSO has no clock_gettime", (int)pid);
}

uint64_t vdso_clock_gettime(const struct vdso *vdso) {
  for (int i = 0; i < vdso->count; i++) {
    if (vdso->entries[i].kind == ENTRY_CLOCK_GETTIME) return vdso->entries[i].addr;
  }
  return 0;
}
