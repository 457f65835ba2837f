#include "grader/cli/build.hpp"

#include "grader/cli/process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <fstream>
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
  r.runner = work_dir / "runner";
  const fs::path stamp = work_dir / "source.txt";  // which file the object was built from

  std::string previous;
  if (std::ifstream s(stamp); s) std::getline(s, previous);
  bool fresh = previous == fs::absolute(source).string() && newer(object, source) &&
               newer(r.runner, binary_dir() / "grader" / (kata.name + ".build.json"));
  for (const auto& entry : fs::directory_iterator(kata.dir))
    if (entry.path().extension() == ".hpp") fresh = fresh && newer(object, entry.path());

  if (!fresh) {
    std::vector<std::string> cmd = {compiler};
    for (const auto& f : desc["compile"]) cmd.push_back(f);
    cmd.insert(cmd.end(), {"-c", source.string(), "-o", object.string()});
    std::string out;
    const int status = run_command(cmd, out);
    std::ofstream(r.log) << out;
    if (status != 0) {
      r.message = first_errors(out);
      return r;
    }
    r.warnings = out;
    std::ofstream(stamp) << fs::absolute(source).string() << "\n";

    // Anti-cheat: the object may not call the reference or a forbidden op.
    std::string symbols;
    run_command({"nm", "-C", "--undefined-only", object.string()}, symbols);
    for (const auto& word : kata.forbidden) {
      if (symbols.find(word) != std::string::npos) {
        std::istringstream lines(symbols);
        std::string line, culprit;
        while (std::getline(lines, line))
          if (line.find(word) != std::string::npos) culprit = line.substr(line.find(" U ") + 3);
        fs::remove(object);
        r.message = "forbidden call: " + source.filename().string() + " calls " + culprit +
                    ", which this kata does not allow (matches '" + word +
                    "'). Write it yourself with kt's ops.";
        return r;
      }
    }
    std::vector<std::string> link = {compiler, object.string()};
    for (const auto& f : desc["link"]) link.push_back(f);
    link.insert(link.end(), {"-o", r.runner.string()});
    std::string link_out;
    if (run_command(link, link_out) != 0) {
      std::ofstream(r.log, std::ios::app) << link_out;
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
