#include "grader/cli/text.hpp"

#include <cctype>

namespace cli {

std::string wrap(const std::string& text, const std::string& indent, size_t width) {
  std::string out, line;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(pos, end - pos);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += indent + line + "\n";
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
    pos = end + 1;
  }
  if (!line.empty()) out += indent + line + "\n";
  return out;
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string s;
  for (const auto& p : parts) {
    if (!s.empty()) s += sep;
    s += p;
  }
  return s;
}

namespace {

/// Length of the well-formed UTF-8 character at s[i], or 0 when it is not one (RFC 3629 table).
size_t char_length(const std::string& s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return 1;
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong forms
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;  // no overlong forms
    if (b0 == 0xF4) hi = 0x8F;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

std::string valid_utf8(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = s[i] == '\0' ? 0 : char_length(s, i);
    if (n == 0) {
      out += kReplacement;
      ++i;
    } else {
      out.append(s, i, n);
      i += n;
    }
  }
  return out;
}

size_t count_chars(const std::string& utf8) {
  size_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

std::string cut_chars(const std::string& utf8, size_t max_chars, const std::string& note) {
  if (count_chars(utf8) <= max_chars) return utf8;
  const size_t note_chars = count_chars(note);
  const size_t keep = max_chars > note_chars ? max_chars - note_chars : 0;
  size_t i = 0, chars = 0;
  while (i < utf8.size() && chars < keep) {
    ++i;
    while (i < utf8.size() && (static_cast<unsigned char>(utf8[i]) & 0xC0) == 0x80) ++i;
    ++chars;
  }
  return utf8.substr(0, i) + (max_chars > note_chars ? note : "");
}

std::string safe_id(std::string id) {
  for (char& c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '?';
  return id;
}

std::string xml_escape(const std::string& text) {
  const std::string s = valid_utf8(text);  // the report is declared UTF-8
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

std::string markdown_text(const std::string& text) {
  std::string out;
  for (const char ch : valid_utf8(text)) {
    if (ch == '<') {
      out += "&lt;";
      continue;
    }
    if (ch == '|' || ch == '*' || ch == '_' || ch == '`' || ch == '[') out += '\\';
    out += ch;
  }
  return out;
}

}  // namespace cli
