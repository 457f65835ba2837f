#include "grader/katas/bpe/cases.hpp"

#include <algorithm>
#include <set>

#include <rapidcheck.h>

#include <cstdio>
#include <map>

#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"

namespace grader::kata_bpe {
namespace {

std::string random_word(kt::Generator& gen, const std::vector<std::string>& letters,
                        int64_t min_len, int64_t max_len) {
  const auto len = min_len + int64_t(gen.uniform() * double(max_len - min_len + 1));
  std::string w;
  for (int64_t i = 0; i < len; ++i)
    w += letters[size_t(gen.uniform() * double(letters.size())) % letters.size()];
  return w;
}

std::string words_text(const Words& words) {
  std::string s;
  for (const auto& [w, n] : words) {
    s += s.empty() ? "" : ", ";
    s += quoted(w) + " x" + std::to_string(n);
  }
  return "[" + s + "]";
}

}  // namespace

Spec detector_spec() {
  return {.corpus = Corpus::Repeats,
          .words_min = 3,
          .words_max = 8,
          .merges_min = 3,
          .merges_max = 8,
          .detector = true};
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto b = static_cast<unsigned char>(ch);
    if (b >= 0x20 && b < 0x7f && b != '"' && b != '\\') {
      out += ch;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", b);
      out += buf;
    }
  }
  return out + "\"";
}

std::string merge_text(const Merge& m) {
  return "(" + quoted(m.first) + ", " + quoted(m.second) + ")";
}

std::string symbols_text(const std::vector<std::string>& symbols) {
  std::string s;
  for (const std::string& x : symbols) {
    s += s.empty() ? "" : ", ";
    s += quoted(x);
  }
  return "[" + s + "]";
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::string merges_shown;
  for (size_t i = 0; i < merges.size(); ++i) {
    merges_shown += i ? ", " : "";
    merges_shown += merge_text(merges[i]);
  }
  std::string encode_shown;
  for (const std::string& w : encode_words) {
    encode_shown += encode_shown.empty() ? "" : ", ";
    encode_shown += quoted(w);
  }
  return {{"words", words_text(words)},
          {"num_merges", std::to_string(num_merges)},
          {"corpus", corpus},
          {"merges learned (the reference's, given to bpe_encode)", "[" + merges_shown + "]"},
          {"encoded words", "[" + encode_shown + "]"}};
}

Case generate(const Spec& spec) {
  const auto n = *rc::gen::inRange(spec.words_min, spec.words_max + 1).as("number of words");
  Case c;
  c.num_merges = *rc::gen::inRange(spec.merges_min, spec.merges_max + 1).as("num_merges");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the words");
  kt::Generator gen(seed);
  const std::vector<std::string> ascii = {"a", "b", "c", "d"};
  const std::vector<std::string> few = {"a", "b", "c"};
  const std::vector<std::string> accented = {"a", "b", "\xc3\xa9", "\xc3\xbc"};  // é, ü
  for (int64_t i = 0; i < n; ++i) {
    const auto count = 1 + int64_t(gen.uniform() * 5.0);
    std::string w;
    const double u = gen.uniform();
    if (i > 0 && u < 0.2) {
      w = c.words[size_t(gen.uniform() * double(i)) % size_t(i)].first;  // listed again
    } else if (spec.corpus == Corpus::Repeats && u < 0.5) {
      w = std::string(size_t(2 + int64_t(gen.uniform() * 4.0)), "ab"[gen.uniform() < 0.5 ? 0 : 1]);
    } else if (spec.corpus == Corpus::Bytes) {
      w = random_word(gen, accented, 1, 4);
    } else {
      w = random_word(gen, spec.detector ? few : ascii, spec.detector ? 2 : 1, 6);
    }
    c.words.emplace_back(w, count);
  }
  const std::vector<std::string>& letters =
      spec.corpus == Corpus::Bytes ? accented : (spec.detector ? few : ascii);
  for (int i = 0; i < 4; ++i) c.encode_words.push_back(random_word(gen, letters, 2, 8));
  c.encode_words.push_back(c.words.front().first + c.words.back().first);
  c.merges = ref::bpe_train(c.words, c.num_merges);
  c.corpus = spec.corpus == Corpus::Repeats
                 ? "runs of one letter and words of \"abc\", counts 1 to 5, some listed twice"
             : spec.corpus == Corpus::Bytes
                 ? "words with two-byte UTF-8 letters (\\xc3\\xa9 is \"\xc3\xa9\"), counts 1 to 5"
                 : "words of 1 to 6 letters of \"abcd\", counts 1 to 5, some listed twice";
  return c;
}

Outcome run_bpe_property(uint64_t seed, int cases,
                         const std::function<std::optional<Failure>()>& body) {
  // The words are shown; their seed is not the --seed that reruns a case.
  return run_property(seed, cases, body,
                      {"number of words", "seed of the words", "which argument is outside the API",
                       "no merges given"});
}

namespace {

Called call(const Case& c, bool train) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.boolean(train);
  if (train) {
    args.u64(c.words.size());
    for (const auto& [w, n] : c.words) {
      args.text(w);
      args.i64(n);
    }
  } else {
    args.u64(c.encode_words.size());
    for (const std::string& w : c.encode_words) {
      args.text(w);
      args.i64(1);
    }
  }
  args.i64(c.num_merges);
  args.u64(train ? 0 : c.merges.size());
  if (!train)
    for (const auto& [a, b] : c.merges) {
      args.text(a);
      args.text(b);
    }
  Called called;
  remote::call("bpe", args, [&](wire::Reader& r) {
    called.run = r.run();
    called.invalid_argument = r.boolean();
    called.too_many = r.boolean();
    if (!called.too_many) {
      const uint64_t m = r.u64();
      for (uint64_t i = 0; i < m; ++i) {
        std::string a = r.text();
        called.merges.emplace_back(std::move(a), r.text());
      }
      const uint64_t w = r.u64();
      for (uint64_t i = 0; i < w; ++i) {
        called.encoded.emplace_back();
        const uint64_t s = r.u64();
        for (uint64_t j = 0; j < s; ++j) called.encoded.back().push_back(r.text());
      }
    }
    called.changed = r.boolean();
  });
  return called;
}

}  // namespace

Called call_train(const Case& c) { return call(c, true); }
Called call_encode(const Case& c) { return call(c, false); }

std::vector<Merge> reference_merges(const Case& c) { return ref::bpe_train(c.words, c.num_merges); }

Encoded reference_encoded(const Case& c) {
  Encoded out;
  for (const std::string& w : c.encode_words) out.push_back(ref::bpe_encode(w, c.merges));
  return out;
}

int64_t count_at_round(const Words& words, const std::vector<Merge>& merges, size_t round,
                       const Merge& pair) {
  std::map<std::string, int64_t> counts;
  for (const auto& [w, n] : words) counts[w] += n;
  int64_t total = 0;
  for (const auto& [w, n] : counts) {
    std::vector<std::string> symbols;
    for (const char b : w) symbols.emplace_back(1, b);
    for (size_t r = 0; r < round && r < merges.size(); ++r)
      symbols = ref::merge_pair(symbols, merges[r]);
    for (size_t i = 0; i + 1 < symbols.size(); ++i)
      if (symbols[i] == pair.first && symbols[i + 1] == pair.second) total += n;
  }
  return total;
}

Failure failure_from_run(const Case& c, const Called& called, const std::string& what) {
  Failure f;
  if (!called.run.ok()) {
    f = failure_from_throw(called.run, what);
  } else {
    f.message = what +
                " returned more than 100000 merges or symbols: far more than the case can "
                "make. Does a loop run past num_merges, or past the word's end?";
  }
  f.counterexample = c.describe();
  return f;
}

MergeDifference merge_difference(const Case& c, const std::vector<Merge>& got,
                                 const std::vector<Merge>& want) {
  if (got == want) return {};
  size_t i = 0;
  while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
  const std::string round = "merge " + std::to_string(i + 1);
  if (i == want.size())
    return {round + ": the reference stops after " + std::to_string(want.size()) +
                (want.size() < size_t(c.num_merges)
                     ? " (no word has two symbols left)"
                     : " (num_merges = " + std::to_string(c.num_merges) + ")") +
                "; yours goes on with " + merge_text(got[i]) + ", " +
                std::to_string(got.size() - want.size()) + " more in all.",
            false, true};
  const int64_t count = count_at_round(c.words, want, i, want[i]);
  const std::string expected = merge_text(want[i]) + " (count " + std::to_string(count) + ")";
  if (i == got.size())
    return {round + ": the reference learns " + expected + "; yours stops after " +
                std::to_string(got.size()) + " merges.",
            false, true};
  const int64_t yours = count_at_round(c.words, want, i, got[i]);
  const std::string where =
      i == 0   ? std::string("bytes")
      : i == 1 ? std::string("the merge before it leaves them, left to right")
               : "the " + std::to_string(i) + " merges before it leave them, left to right";
  if (yours != count)
    return {round + ": the reference learns " + expected + "; yours learns " + merge_text(got[i]) +
                ", which occurs " + std::to_string(yours) +
                " times (counts weighted) in the words as " + where + ".",
            false};
  // (Said as its own sentence: "which occurs 3 times ... as the merge before it leaves them,
  // left to right too: a tie" read as garbled, round 50.)
  std::string text = round + ": the reference learns " + merge_text(want[i]) + "; yours learns " +
                     merge_text(got[i]) + ". In the words as " + where + ", both occur " +
                     std::to_string(count) + " times (counts weighted)";
  // A tie: the order of the pairs decides, and with UTF-8 bytes the order of the bytes.
  const auto has_high_byte = [](const Merge& m) {
    for (const std::string* s : {&m.first, &m.second})
      for (const char b : *s)
        if (static_cast<unsigned char>(b) >= 0x80) return true;
    return false;
  };
  text +=
      ": a tie, and a tie goes to the smaller pair, the smaller left string first, then "
      "the smaller right one (std::pair<std::string, std::string>'s <)";
  if (has_high_byte(want[i]) || has_high_byte(got[i]))
    text +=
        ", where std::string compares bytes as unsigned char: a UTF-8 byte (\\x80 and up) comes "
        "after every ASCII one";
  return {text + ".", true};
}

std::string first_differing_merge(const Case& c, const std::vector<Merge>& got,
                                  const std::vector<Merge>& want) {
  return merge_difference(c, got, want).text;
}

std::string merges_never_applied(const Case& c, const Encoded& got, const Encoded& want) {
  const auto holds = [](const Encoded& e, const std::string& s) {
    for (const auto& word : e)
      for (const std::string& symbol : word)
        if (symbol == s) return true;
    return false;
  };
  std::vector<std::string> never;
  for (size_t r = 0; r < c.merges.size() && never.size() < 3; ++r) {
    const std::string s = c.merges[r].first + c.merges[r].second;
    if (!holds(want, s) || holds(got, s)) continue;
    // (merges[r], as the code indexes it: "merge 1" left readers asking whether ranks start at
    // 0 or 1, round 50.)
    std::string text = quoted(s) + ", the symbol merges[" + std::to_string(r) + "] = (" +
                       quoted(c.merges[r].first) + ", " + quoted(c.merges[r].second) + ") makes";
    if (c.merges.size() > 1 && (r == 0 || r + 1 == c.merges.size()))
      text += std::string(" (the ") + (r == 0 ? "first" : "last") + " of the " +
              std::to_string(c.merges.size()) + " merges given)";
    else if (c.merges.size() == 1)
      text += " (the only merge given)";
    never.push_back(text);
  }
  if (never.empty()) return "";
  return " No word of yours holds " + and_list(never) + ", though the expected encodings do.";
}

std::string symbols_no_merge_makes(const Case& c, const Encoded& got) {
  std::set<std::string> made;
  for (const auto& [a, b] : c.merges) made.insert(a + b);
  std::vector<std::string> invented;
  for (const auto& word : got)
    for (const std::string& symbol : word)
      if (symbol.size() > 1 && !made.count(symbol) && invented.size() < 3 &&
          std::find(invented.begin(), invented.end(), quoted(symbol)) == invented.end())
        invented.push_back(quoted(symbol));
  if (invented.empty()) return "";
  return " Yours holds " + and_list(invented) +
         ", which no merge given makes (a symbol is a byte " +
         "or the two symbols of a merge in the list, joined): a merge from somewhere else.";
}

size_t first_differing(const Encoded& got, const Encoded& want) {
  size_t i = 0;
  while (i < want.size() && i < got.size() && got[i] == want[i]) ++i;
  return i;
}

std::string first_differing_word(const Case& c, const Encoded& got, const Encoded& want) {
  const size_t i = first_differing(got, want);
  if (i >= want.size()) return "";
  return "bpe_encode(" + quoted(c.encode_words[i]) + ", merges) must give " +
         symbols_text(want[i]) + "; yours gives " +
         (i < got.size() ? symbols_text(got[i]) : std::string("nothing")) + ".";
}

kt::Tensor packed(const std::vector<Merge>& merges, const Encoded& encoded) {
  std::vector<double> v;
  const auto add = [&](const std::string& s) {
    v.push_back(double(s.size()));
    for (const char ch : s) v.push_back(double(static_cast<unsigned char>(ch)));
  };
  v.push_back(double(merges.size()));
  for (const auto& [a, b] : merges) {
    add(a);
    add(b);
  }
  v.push_back(double(encoded.size()));
  for (const auto& symbols : encoded) {
    v.push_back(double(symbols.size()));
    for (const std::string& s : symbols) add(s);
  }
  return kt::from_vector(v, {int64_t(v.size())});
}

}  // namespace grader::kata_bpe
