#include "grader/cli/files.hpp"

#include <stdlib.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace cli {

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
  std::ofstream(p) << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::vector<fs::path> cpp_files_under(const fs::path& root) {
  std::vector<fs::path> files;
  if (!fs::is_directory(root)) return files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().extension() == ".cpp") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

fs::path make_temp_dir() {
  std::string tmp = (fs::temp_directory_path() / "kt-grade-XXXXXX").string();
  if (mkdtemp(tmp.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
  return tmp;
}

}  // namespace cli
