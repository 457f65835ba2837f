#include "grader/report/finding.hpp"

#include <array>

namespace report {
namespace {

constexpr std::array kWrongNames{"", "shape", "dtype", "shape and dtype"};
constexpr std::array kStopNames{
    "",        "out of memory", "bad reply", "cpu limit",     "blocked", "busy",        "hung",
    "not run", "refused",       "file size", "wrote outside", "crashed", "runner exit", "no pipes"};
static_assert(kStopNames.size() == size_t(Stop::NoPipes) + 1, "a name for every Stop");

}  // namespace

std::string pitfall_check(const std::string& pitfall) { return "pitfall_" + pitfall; }

bool is_pitfall_check(const std::string& check) { return check.rfind("pitfall_", 0) == 0; }

std::string pitfall_of_check(const std::string& check) {
  return is_pitfall_check(check) ? check.substr(8) : std::string();
}

const char* wrong_name(Wrong w) { return kWrongNames.at(size_t(w)); }

Wrong parse_wrong(const std::string& name) {
  for (size_t i = 1; i < kWrongNames.size(); ++i)
    if (name == kWrongNames[i]) return Wrong(i);
  return Wrong::None;
}

Wrong wrong_of(bool shape_differs, bool dtype_differs) {
  return shape_differs && dtype_differs ? Wrong::ShapeAndDtype
         : shape_differs                ? Wrong::Shape
         : dtype_differs                ? Wrong::Dtype
                                        : Wrong::None;
}

const char* stop_name(Stop s) { return kStopNames.at(size_t(s)); }

Stop parse_stop(const std::string& name) {
  for (size_t i = 1; i < kStopNames.size(); ++i)
    if (name == kStopNames[i]) return Stop(i);
  return Stop::None;
}

bool is_timeout(Stop s) {
  return s == Stop::CpuLimit || s == Stop::Blocked || s == Stop::Busy || s == Stop::Hung ||
         s == Stop::NotRun;
}

}  // namespace report
