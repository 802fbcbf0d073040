#include "tools/gcnkit/input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

namespace gcnkit::tools {

bool readAll(const std::string &path, Input &in, std::string &error) {
  std::FILE *f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) {
    error = std::strerror(errno);
    return false;
  }
  size_t capacity = 1 << 20;
  struct stat st {};
  if (fstat(fileno(f), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      if (f != stdin)
        std::fclose(f);
      error = "Is a directory";
      return false;
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0)
      capacity = static_cast<size_t>(st.st_size) + 1; // +1 to see the end of file in one read
  }
  in.bytes.reset(new char[capacity]);
  for (;;) {
    size_t n = std::fread(in.bytes.get() + in.size, 1, capacity - in.size, f);
    in.size += n;
    if (n == 0)
      break;
    if (in.size == capacity) { // a pipe, or a file that grew: double the buffer
      std::unique_ptr<char[]> bigger(new char[capacity * 2]);
      std::memcpy(bigger.get(), in.bytes.get(), in.size);
      in.bytes = std::move(bigger);
      capacity *= 2;
    }
  }
  const bool failed = std::ferror(f) != 0;
  if (f != stdin)
    std::fclose(f);
  if (failed) {
    error = "read error";
    return false;
  }
  return true;
}

} // namespace gcnkit::tools
