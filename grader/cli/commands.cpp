#include "grader/cli/commands.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "grader/cli/build.hpp"

namespace cli {

fs::path state_dir() {
  if (const char* dir = std::getenv("KT_STATE_DIR")) return dir;  // tests keep theirs apart
  return binary_dir() / "grade";
}

fs::path state_file() { return state_dir() / "state.json"; }

fs::path make_temp_dir() {
  std::string tmp = (fs::temp_directory_path() / "kt-grade-XXXXXX").string();
  if (mkdtemp(tmp.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
  return tmp;
}

int core_count() { return int(std::max(1u, std::thread::hardware_concurrency())); }

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

nlohmann::json load_json(const fs::path& p) {
  std::ifstream in(p);
  auto j = nlohmann::json::parse(in, nullptr, false);
  return j.is_object() ? j : nlohmann::json::object();
}

void save_json(const fs::path& p, const nlohmann::json& j) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << j.dump(2);
}

namespace {

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // XML 1.0 forbids most control characters; keep tabs and newlines.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') out += c;
    }
  }
  return out;
}

}  // namespace

int show_hint(const Kata& kata, bool all) {
  const fs::path dir = source_dir() / "hints" / kata.name;
  std::vector<fs::path> hints;
  for (int i = 1; fs::exists(dir / (std::to_string(i) + ".md")); ++i)
    hints.push_back(dir / (std::to_string(i) + ".md"));
  if (hints.empty()) {
    std::cerr << "grade: the kata '" << kata.name << "' has no hints (" << dir.string() << ")\n";
    return 2;
  }
  const fs::path state = state_dir() / "hints.json";
  nlohmann::json shown = load_json(state);
  const int already = shown.value(kata.name, 0);
  if (all) {
    for (size_t i = 0; i < hints.size(); ++i)
      std::cout << "--- hint " << i + 1 << " of " << hints.size() << " ---\n"
                << read_file(hints[i]) << "\n";
    shown[kata.name] = int(hints.size());
  } else {
    const int next = std::min<int>(already, int(hints.size()) - 1);
    std::cout << "--- hint " << next + 1 << " of " << hints.size() << " ---\n"
              << read_file(hints[size_t(next)]);
    if (next + 1 < int(hints.size())) {
      std::cout << "\n(run ./grade hint " << kata.name << " again for the next one)\n";
    } else {
      std::cout << "\nThat was the last general hint. The grader names your mistake when it knows "
                   "it; each has its own hint in hints/"
                << kata.name << "/pitfalls/.\n";
    }
    shown[kata.name] = next + 1;
  }
  save_json(state, shown);
  return 0;
}

int reset_kata(const Kata& kata, bool yes) {
  const fs::path rel = fs::relative(kata.file, source_dir());
  if (!fs::exists(kata.stub)) {
    std::cerr << "grade: the shipped stub " << fs::relative(kata.stub, source_dir()).string()
              << " is missing; restore it from the project's repository (git checkout)\n";
    return 2;
  }
  const std::string stub = read_file(kata.stub);
  if (read_file(kata.file) == stub) {
    std::cout << rel.string() << " is already the shipped stub.\n";
    return 0;
  }
  if (!yes) {
    std::cout << "Replace " << rel.string() << " with the shipped stub? Your version is kept as "
              << rel.string() << ".bak [y/N] " << std::flush;
    std::string answer;
    if (!std::getline(std::cin, answer) || (answer != "y" && answer != "Y" && answer != "yes")) {
      std::cout << "Nothing changed.\n";
      return 1;
    }
  }
  fs::copy_file(kata.file, fs::path(kata.file.string() + ".bak"),
                fs::copy_options::overwrite_existing);
  std::ofstream(kata.file) << stub;
  std::cout << "Restored " << rel.string() << " (your version: " << rel.string() << ".bak).\n";
  return 0;
}

int show_solution(const Kata& kata, bool force) {
  const fs::path worked = source_dir() / "solutions" / kata.name / "worked.cpp";
  const nlohmann::json state = load_json(state_file());
  const bool passed = state.contains(kata.name) && state[kata.name].value("status", "") == "pass";
  if (!passed && !force) {
    std::cout << "The worked solution opens once ./grade " << kata.name
              << " passes. Try ./grade hint " << kata.name << " first (or add --force).\n";
    return 1;
  }
  std::cout << read_file(worked);
  std::cout << "\nAccepted variants: solutions/" << kata.name << "/accepted/\n";
  return 0;
}

std::vector<nlohmann::json> grade_in_parallel(const Kata& kata, const std::vector<fs::path>& files,
                                              int jobs, const fs::path& json_dir,
                                              const std::string& self,
                                              const std::vector<std::string>& extra_args) {
  fs::create_directories(json_dir);
  // One child per file, at most `jobs` at a time; each is the real grader on one file, so a file
  // that crashes, hangs or does not compile only ever costs its own row.
  std::vector<fs::path> json_files;
  for (const auto& f : files) {
    std::string name = f.string();
    for (char& ch : name)
      if (ch == '/' || ch == '\\') ch = '_';
    json_files.push_back(json_dir / (name + ".json"));
  }
  size_t next = 0, running = 0, done = 0;
  while (done < files.size()) {
    while (running < size_t(std::max(jobs, 1)) && next < files.size()) {
      const size_t i = next++;
      std::vector<std::string> args = {self,       kata.name, "--solution", files[i].string(),
                                       "--format", "json"};
      args.insert(args.end(), extra_args.begin(), extra_args.end());
      if (fork() == 0) {
        const int fd = ::open(json_files[i].c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) dup2(fd, 1);
        const int null_fd = ::open("/dev/null", O_WRONLY);
        if (null_fd >= 0) dup2(null_fd, 2);
        close_range(3, ~0U, 0);  // the report is fd 1 only: nothing below may write to it by number
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(self.c_str(), argv.data());
        _exit(127);
      }
      ++running;
    }
    int status = 0;
    if (wait(&status) > 0) {
      --running;
      ++done;
    }
  }
  std::vector<nlohmann::json> results;
  for (const auto& j : json_files) {
    std::ifstream in(j);
    auto r = nlohmann::json::parse(in, nullptr, false);
    results.push_back(r.is_object() ? r : nlohmann::json());
  }
  return results;
}

int batch(const Kata& kata, const std::vector<std::string>& paths, int jobs, int time_limit_s,
          const fs::path& out_dir, const std::string& self) {
  std::vector<fs::path> files;
  for (const auto& p : paths) {
    if (fs::is_directory(p)) {
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && e.path().extension() == ".cpp") files.push_back(e.path());
    } else if (fs::is_regular_file(p)) {
      files.push_back(p);
    } else {
      std::cerr << "grade batch: no such file or folder: " << p << "\n";
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::cerr << "grade batch: no .cpp files in " << paths.size() << " path(s)\n";
    return 2;
  }
  const std::vector<nlohmann::json> results = grade_in_parallel(
      kata, files, jobs, out_dir / "json", self,
      time_limit_s > 0 ? std::vector<std::string>{"--time-limit-s", std::to_string(time_limit_s)}
                       : std::vector<std::string>{});
  std::ofstream csv(out_dir / "gradebook.csv");
  csv << "submission,status,score,max_score,pitfalls,reason\n";
  auto quote = [](std::string v) {
    for (char& ch : v)
      if (ch == '\n') ch = ' ';
    std::string q = "\"";
    for (char ch : v) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
  };
  for (size_t i = 0; i < files.size(); ++i) {
    const nlohmann::json& r = results[i];
    if (r.is_null()) {
      csv << quote(files[i].string()) << ",error,0,0,," << quote("the grader produced no result")
          << "\n";
      continue;
    }
    std::string pitfalls, reason = r.value("message", nlohmann::json()).is_string()
                                       ? r["message"].get<std::string>()
                                       : "";
    for (const auto& p : r["pitfalls"]) {
      if (!pitfalls.empty()) pitfalls += ' ';
      pitfalls += p.get<std::string>();
    }
    if (reason.empty()) {
      for (const auto& t : r["tests"]) {
        if (t["status"] != "pass" && t["message"].is_string()) {
          reason = t["name"].get<std::string>() + ": " + t["message"].get<std::string>();
          break;
        }
      }
    }
    csv << quote(files[i].string()) << "," << r["status"].get<std::string>() << "," << r["score"]
        << "," << r["max_score"] << "," << quote(pitfalls) << "," << quote(reason.substr(0, 300))
        << "\n";
  }
  std::cout << "graded " << files.size()
            << " submission(s): " << (out_dir / "gradebook.csv").string() << " and "
            << (out_dir / "json").string() << "/\n";
  return 0;
}

std::string to_junit(const std::vector<KataResult>& results) {
  std::ostringstream x;
  x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tensor-katas\">\n";
  for (const KataResult& r : results) {
    int failures = 0, errors = 0;
    double time = 0;
    for (const auto& t : r.tests) {
      failures += t.status == "fail";
      errors += t.status == "error";
      time += t.duration_ms / 1000;
    }
    if (r.tests.empty() && r.status == "error") errors = 1;
    x << "  <testsuite name=\"" << xml_escape(r.kata) << "\" tests=\""
      << std::max<size_t>(r.tests.size(), 1) << "\" failures=\"" << failures << "\" errors=\""
      << errors << "\" time=\"" << time << "\">\n";
    if (r.tests.empty()) {
      x << "    <testcase classname=\"" << xml_escape(r.kata) << "\" name=\"build\">\n"
        << "      <error message=\"did not build\">" << xml_escape(r.message) << "</error>\n"
        << "    </testcase>\n";
    }
    for (const auto& t : r.tests) {
      x << "    <testcase classname=\"" << xml_escape(r.kata) << "\" name=\"" << xml_escape(t.id)
        << "\" time=\"" << t.duration_ms / 1000 << "\">\n";
      if (t.status != "pass") {
        std::string body = t.message;
        for (const auto& f : t.counterexample)
          body += "\n  " + f["name"].get<std::string>() + " = " + f["value"].get<std::string>();
        if (!t.expected.empty()) body += "\nexpected " + t.expected + "\ngot      " + t.got;
        const std::string tag = t.status == "error" ? "error" : "failure";
        const std::string headline =
            t.pitfall.empty() ? t.message.substr(0, 200) : "pitfall " + t.pitfall;
        x << "      <" << tag << " message=\"" << xml_escape(headline) << "\">" << xml_escape(body)
          << "</" << tag << ">\n";
      }
      if (!t.output.empty()) x << "      <system-out>" << xml_escape(t.output) << "</system-out>\n";
      x << "    </testcase>\n";
    }
    x << "  </testsuite>\n";
  }
  x << "</testsuites>\n";
  return x.str();
}

std::string to_markdown(const std::vector<KataResult>& results) {
  std::string md = "| kata | status | score | pitfalls |\n|---|---|---|---|\n";
  for (const KataResult& r : results) {
    std::string pitfalls;
    for (const auto& p : r.pitfalls()) pitfalls += (pitfalls.empty() ? "`" : ", `") + p + "`";
    const std::string status = !r.started            ? "⏸ not started"
                               : r.status == "pass"  ? "✅ pass"
                               : r.status == "error" ? "⛔ error"
                                                     : "❌ fail";
    md += "| " + r.kata + " | " + status + " | " + std::to_string(r.score()) + "/" +
          std::to_string(r.max_score()) + " | " + (pitfalls.empty() ? "—" : pitfalls) + " |\n";
  }
  return md;
}

std::string classroom_workflow(const std::vector<Kata>& katas) {
  std::string y =
      "# GitHub Classroom autograding, generated by `./grade classroom` from katas/*/kata.toml\n"
      "# (one test per check, its points from the metadata). Copy it to .github/workflows/ in the\n"
      "# Classroom template repository. Regenerate it after changing a kata's checks.\n"
      "name: classroom\n"
      "on: [push, workflow_dispatch]\n"
      "permissions:\n"
      "  checks: write\n"
      "  actions: read\n"
      "  contents: read\n"
      "jobs:\n"
      "  autograding:\n"
      "    runs-on: ubuntu-22.04\n"
      "    container: debian:12\n"
      "    steps:\n"
      "      - run: apt-get update && apt-get install -y git sudo\n"
      "      - uses: actions/checkout@v4\n"
      "      - name: set up and build\n"
      "        run: ./grade\n";
  std::string ids;
  for (const Kata& k : katas) {
    for (const CheckMeta& c : k.checks) {
      const std::string id = k.name + "-" + c.id;
      ids += (ids.empty() ? "" : ",") + id;
      y += "      - name: " + id +
           "\n"
           "        id: " +
           id +
           "\n"
           "        uses: classroom-resources/autograding-command-grader@v1\n"
           "        with:\n"
           "          test-name: " +
           id +
           "\n"
           "          command: ./grade " +
           k.name + " --check " + c.id +
           "\n"
           "          timeout: 5\n"
           "          max-score: " +
           std::to_string(c.points) + "\n";
    }
  }
  y += "      - name: report\n"
       "        uses: classroom-resources/autograding-grading-reporter@v1\n"
       "        env:\n";
  for (const Kata& k : katas)
    for (const CheckMeta& c : k.checks) {
      std::string var = k.name + "-" + c.id;
      for (char& ch : var) ch = char(std::toupper(static_cast<unsigned char>(ch)));
      y += "          " + var + "_RESULTS: \"${{steps." + k.name + "-" + c.id +
           ".outputs.result}}\"\n";
    }
  y += "        with:\n          runners: " + ids + "\n";
  return y;
}

}  // namespace cli
