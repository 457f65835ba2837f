// Small text helpers the CLI shares: joining, and making any bytes safe to report (learner output
// can be anything: invalid UTF-8, NUL bytes, a character cut in half).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace cli {

std::string join(const std::vector<std::string>& parts, const std::string& sep = ", ");

/// text wrapped at `width` columns (words kept whole), every line indented and ended by a newline.
std::string wrap(const std::string& text, const std::string& indent, size_t width = 96);

/// s as valid UTF-8: every byte that does not start a well-formed UTF-8 character (overlong forms,
/// surrogates and code points past U+10FFFF included), and every NUL, becomes U+FFFD.
std::string valid_utf8(const std::string& s);

/// The first max_chars characters of valid UTF-8 text, never splitting a character; when text was
/// cut, `note` is appended after the cut and the whole stays within max_chars characters.
std::string cut_chars(const std::string& utf8, size_t max_chars, const std::string& note = "");

/// The number of characters (code points) of valid UTF-8 text.
size_t count_chars(const std::string& utf8);

/// An id (a pitfall's, a diagnosis's) safe to put in a table, CSV, XML or SVG: every character
/// but [A-Za-z0-9_] becomes '?' (ids are identifiers; anything else came from a broken runner).
std::string safe_id(std::string id);

/// Text inside a Markdown line: the characters Markdown would read as markup (| * _ ` < [) made
/// literal.
std::string markdown_text(const std::string& text);

/// Text as XML (or SVG) character data or attribute value: valid UTF-8, without the control
/// characters XML 1.0 forbids (all but tab and newline).
std::string xml_escape(const std::string& text);

}  // namespace cli
