#include "oracle.h"

#include "gcnkit/target.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace gcnkit::difftest {

std::string readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return std::move(ss).str();
}

std::string writeTempFile(const std::string &text, const std::string &suffix) {
  std::string tmpl = "/tmp/gcnkit-XXXXXX" + suffix;
  int fd = mkstemps(tmpl.data(), static_cast<int>(suffix.size()));
  if (fd < 0)
    return {};
  size_t off = 0;
  while (off < text.size()) {
    ssize_t n = write(fd, text.data() + off, text.size() - off);
    if (n <= 0)
      break;
    off += static_cast<size_t>(n);
  }
  close(fd);
  return tmpl;
}

ToolRun runTool(const std::vector<std::string> &argv) {
  ToolRun r;
  std::string outPath = writeTempFile("", ".out");
  std::string errPath = writeTempFile("", ".err");
  pid_t pid = fork();
  if (pid == 0) {
    int in = open("/dev/null", O_RDONLY);
    int out = open(outPath.c_str(), O_WRONLY | O_TRUNC);
    int err = open(errPath.c_str(), O_WRONLY | O_TRUNC);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    std::vector<char *> args;
    for (const std::string &a : argv)
      args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    // The reference tools hang on some inputs (e.g. llvm-mc-19 on `.long x - .` followed by
    // `.long . - x`): bound every run.
    alarm(600);
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status))
    r.status = WEXITSTATUS(status);
  r.out = readFile(outPath);
  r.err = readFile(errPath);
  unlink(outPath.c_str());
  unlink(errPath.c_str());
  return r;
}

std::string mcpuFlag(isa::Target target) {
  return "-mcpu=" + std::string(isa::processorName(target));
}

std::vector<std::string> llvmMcTargetFlags(const isa::TargetId &id) {
  std::vector<std::string> flags = {mcpuFlag(id.target)};
  std::string mattr;
  auto add = [&](std::string_view name, isa::FeatureSetting s) {
    if (s == isa::FeatureSetting::Any)
      return;
    mattr += mattr.empty() ? "" : ",";
    mattr += (s == isa::FeatureSetting::On ? "+" : "-") + std::string(name);
  };
  add("xnack", id.xnack);
  add("sramecc", id.sramecc);
  if (!mattr.empty())
    flags.push_back("-mattr=" + mattr);
  return flags;
}

ToolRun llvmMcDisassemble(const std::string &path, bool showEncoding, bool wave64,
                          isa::Target target) {
  std::vector<std::string> argv = {"llvm-mc-19", "-arch=amdgcn", mcpuFlag(target), "-disassemble"};
  if (wave64)
    argv.push_back(kWave64Attr);
  if (showEncoding)
    argv.push_back("-show-encoding");
  argv.push_back(path);
  return runTool(argv);
}

bool haveTool(const std::string &name) {
  return runTool({"sh", "-c", "command -v " + name + " >/dev/null"}).status == 0;
}

} // namespace gcnkit::difftest
