// File helpers the CLI shares.
#pragma once

#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace cli {

namespace fs = std::filesystem;

/// The whole file; empty when it cannot be read.
std::string read_file(const fs::path& p);
/// A JSON object from a file; a missing or broken file reads as {}.
nlohmann::json load_json(const fs::path& p);
/// Writes j (creating the folder); never throws for its content.
void save_json(const fs::path& p, const nlohmann::json& j);
/// Every .cpp file under root (recursively), sorted; none when root does not exist.
std::vector<fs::path> cpp_files_under(const fs::path& root);
/// A new private folder under the system's temporary folder ("kt-grade-XXXXXX"); throws
/// std::runtime_error when none can be made. The caller removes it.
fs::path make_temp_dir();

}  // namespace cli
