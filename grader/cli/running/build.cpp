#include "grader/cli/running/build.hpp"

#include "grader/cli/running/process.hpp"
#include "grader/cli/running/sandbox.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cli {

namespace {

nlohmann::json build_description(const Kata& kata) {
  const fs::path path = binary_dir() / "grader" / (kata.name + ".build.json");
  std::ifstream in(path);
  if (!in) throw std::runtime_error("missing " + path.string() + " (run ./grade to build first)");
  return nlohmann::json::parse(in);
}

/// The compiler's first errors, file:line lines first, without the noise after them.
std::string first_errors(const std::string& log, size_t max_lines = 12) {
  std::istringstream in(log);
  std::string line, out;
  size_t taken = 0;
  bool started = false;
  while (std::getline(in, line) && taken < max_lines) {
    if (!started && line.find("error") == std::string::npos) continue;
    started = true;
    out += line + "\n";
    ++taken;
  }
  return out.empty() ? log.substr(0, 2000) : out;
}

constexpr int kCompileCpuS = 120;

/// Compiles in the sandbox when it is on (Note [the sandbox]): the system's compiler and headers,
/// the -I folders, the source and the output folder, nothing else; always under time and size
/// limits.
Finished compile_in_sandbox(const std::vector<std::string>& cmd, const fs::path& source,
                            const fs::path& work_dir) {
  Spawn spawn;
  spawn.limits = {kCompileCpuS, 1ull << 30, 0, 0};
  spawn.wall_s = 3 * kCompileCpuS;
  if (!sandbox_state().on) {
    spawn.argv = cmd;
    return run_process(spawn);
  }
  SandboxLayout layout;
  for (size_t i = 0; i < cmd.size(); ++i) {
    if (cmd[i].rfind("-I", 0) == 0 && fs::exists(cmd[i].substr(2)))
      layout.read_only.push_back(fs::absolute(cmd[i].substr(2)));
    if ((cmd[i] == "-include" || cmd[i] == "-include-pch") && i + 1 < cmd.size() &&
        fs::exists(cmd[i + 1]))
      layout.read_only.push_back(fs::absolute(cmd[i + 1]).parent_path());  // and its .gch
  }
  layout.read_only.push_back(fs::absolute(source));
  layout.writable.push_back(fs::absolute(work_dir));
  layout.cwd = fs::current_path();  // relative paths in the command, and in messages, stay as given
  layout.tmp_bytes = 1ull << 30;
  spawn.argv = bwrap_command(layout, cmd);
  spawn.env = sandbox_environment();
  return run_process(spawn);
}

/// After "fatal error: X: No such file or directory" for a path that leaves the include folders
/// ("../x", "/abs"): why the compile cannot see it. (Whether X exists outside is not said: the
/// report must not answer that question about the machine.)
std::string hidden_include_note(const std::string& log) {
  if (!sandbox_state().on) return "";
  // GCC: "fatal error: X: No such file or directory"; clang: "fatal error: 'X' file not found".
  const std::string marker = "fatal error: ";
  const size_t at = log.find(marker);
  if (at == std::string::npos) return "";
  std::string wanted;
  if (const size_t end = log.find(": No such file or directory", at); end != std::string::npos) {
    wanted = log.substr(at + marker.size(), end - at - marker.size());
  } else if (const size_t quote = at + marker.size(); quote < log.size() && log[quote] == '\'') {
    const size_t close = log.find("' file not found", quote + 1);
    if (close == std::string::npos) return "";
    wanted = log.substr(quote + 1, close - quote - 1);
  } else {
    return "";
  }
  if (wanted.find("..") == std::string::npos && wanted.rfind('/', 0) != 0) return "";
  std::string note = "(while grading, a file is compiled in a sandbox that holds the kata's ";
  note += "header, kt's headers and the system's only: a path that leaves them, like ";
  note += wanted;
  note += ", is never found.)\n";
  return note;
}

bool newer(const fs::path& a, const fs::path& b) {
  return fs::exists(a) && fs::exists(b) && fs::last_write_time(a) > fs::last_write_time(b);
}

}  // namespace

bool build_is_sanitized(const Kata& kata) {
  return build_description(kata).value("sanitized", false);
}

BuildResult build_runner(const Kata& kata, const fs::path& source, const fs::path& work_dir) {
  BuildResult r;
  fs::create_directories(work_dir);
  r.log = work_dir / "compile.log";
  const nlohmann::json desc = build_description(kata);
  const std::string compiler = desc["compiler"];
  r.sanitized = desc.value("sanitized", false);
  const fs::path object = work_dir / "solution.o";
  r.runner = desc.value("runner", std::string());
  r.learner = work_dir / "learner";
  const fs::path stamp = work_dir / "source.txt";  // which file the object was built from

  std::string previous;
  if (std::ifstream s(stamp); s) std::getline(s, previous);
  bool fresh = previous == fs::absolute(source).string() && newer(object, source) &&
               newer(r.learner, binary_dir() / "grader" / (kata.name + ".build.json"));
  for (const auto& entry : fs::directory_iterator(kata.dir))
    if (entry.path().extension() == ".hpp") fresh = fresh && newer(object, entry.path());
  // And the learner's program is newer than what it links (kt, the kata's calls).
  for (const auto& f : desc["link"]) {
    const std::string part = f.get<std::string>();
    if (!part.empty() && part[0] == '/') fresh = fresh && newer(r.learner, part);
  }

  if (!fresh) {
    std::vector<std::string> cmd = {compiler};
    for (const auto& f : desc["compile"]) cmd.push_back(f);
    cmd.insert(cmd.end(), {"-c", source.string(), "-o", object.string()});
    const Finished compiled = compile_in_sandbox(cmd, source, work_dir);
    const std::string& out = compiled.output;
    std::ofstream(r.log) << out;
    if (compiled.timed_out || compiled.status != 0) {
      r.failed = BuildResult::Failed::Compile;
      r.message = compiled.timed_out || compiled.status == 128 + SIGXCPU
                      ? "the compiler ran past " + std::to_string(kCompileCpuS) +
                            " s and was stopped (a template or #include that never ends?)\n"
                      : first_errors(out) + hidden_include_note(out);
      return r;
    }
    r.warnings = out;
    std::ofstream(stamp) << fs::absolute(source).string() << "\n";

    // Anti-cheat: the object may not call a forbidden op (nor the reference, which is not in the
    // learner's program at all). Its symbols are read while the learner's program links (both
    // only read the object); a forbidden call removes both after.
    std::string symbols;
    auto scan = std::async(std::launch::async, [&] {
      run_command({"nm", "-C", "--undefined-only", object.string()}, symbols);
    });
    // The project's compiler links (the learner's may be clang: same libstdc++, Note [the
    // learner's compiler] in docs/performance.md).
    std::vector<std::string> link = {desc.value("linker", compiler), object.string()};
    for (const auto& f : desc["link"]) link.push_back(f);
    link.insert(link.end(), {"-o", r.learner.string()});
    std::string link_out;
    std::error_code gone;
    fs::remove(r.learner, gone);  // execute-only (below): the linker writes a new file
    const int linked = run_command(link, link_out);
    // Execute-only: the kernel makes a process of an unreadable program not dumpable, so the
    // learner's process cannot write its own /proc files (Note [flash_attention memory, as the
    // kernel counts it] in grader/katas/flash_attention/cases.hpp) nor read its program.
    if (linked == 0)
      fs::permissions(r.learner,
                      fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, gone);
    scan.wait();
    for (const auto& word : kata.forbidden) {
      if (symbols.find(word) != std::string::npos) {
        std::istringstream lines(symbols);
        std::string line, culprit;
        while (std::getline(lines, line))
          if (line.find(word) != std::string::npos) culprit = line.substr(line.find(" U ") + 3);
        fs::remove(object);
        fs::remove(r.learner);
        r.failed = BuildResult::Failed::ForbiddenCall;
        r.message = "forbidden call: " + source.filename().string() + " calls " + culprit +
                    ", which this kata does not allow (matches '" + word +
                    "'). Write it yourself with kt's ops.";
        return r;
      }
    }
    if (linked != 0) {
      std::ofstream(r.log, std::ios::app) << link_out;
      r.failed = BuildResult::Failed::Link;
      r.message =
          "linking failed: the file must define what the kata's header declares, with the same "
          "names, namespace and argument types (a renamed method, or an int where int64_t is "
          "declared, is a different function):\n" +
          first_errors(link_out);
      return r;
    }
  }
  r.ok = true;
  return r;
}

}  // namespace cli
