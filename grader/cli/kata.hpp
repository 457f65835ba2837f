// A kata's metadata (katas/NAME/kata.toml) and where its files are.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cli {

namespace fs = std::filesystem;

struct CheckMeta {
  std::string id;
  int points = 1;
};

struct Kata {
  std::string name;  // folder name: "mha"
  std::string title;
  int order = 0;
  fs::path dir;   // katas/NAME
  fs::path file;  // the file the learner edits
  int time_limit_s = 10;
  int memory_limit_mib = 2048;
  int interview_minutes = 30;  // ./grade interview's clock, unless --minutes says otherwise
  std::vector<std::string> forbidden;
  std::vector<CheckMeta> checks;
  std::vector<std::string> stub_passes;  // checks the shipped stub is meant to pass (usually none)
  /// The kata computes attention weights: its failing reports show an attention map (kata.toml's
  /// `attention_weights = true`; the self-test holds the kata to it).
  bool attention_weights = false;
  /// A kata of a family whose pitfall hints live with another kata's (kata.toml's `hints_from`):
  /// a pitfall with no hint of its own under hints/NAME/pitfalls/ has that kata's.
  std::string hints_from;
  fs::path stub;  // the stub as shipped: solutions/NAME/stub.cpp (what reset restores)
};

/// The repository root (where ./grade lives).
fs::path source_dir();
/// The build folder of the preset ./grade built (build/default unless KT_BUILD_DIR says).
fs::path binary_dir();

/// grader/katas/NAME: the kata's checks, cases and pitfall detectors.
fs::path kata_grader_dir(const std::string& name);

/// The hint of one of the kata's pitfalls, relative to the repository: hints/NAME/pitfalls/ID.md,
/// else the same under the kata it takes hints from; nullopt when neither exists.
std::optional<std::string> pitfall_hint(const Kata& kata, const std::string& pitfall);

/// Every kata under katas/, in learning order. Throws std::runtime_error on a broken kata.toml.
std::vector<Kata> load_katas();
std::optional<Kata> find_kata(const std::string& name);
/// "unknown kata 'NAME'; the katas are: a b c".
std::string unknown_kata_message(const std::string& name);

}  // namespace cli
