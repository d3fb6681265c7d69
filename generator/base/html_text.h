// Text placed in HTML, as element content or inside a quoted attribute value.
#pragma once

#include <string>
#include <string_view>

namespace accelgen {

/// `s` with &, <, >, " and ' replaced by their character references.
inline std::string html_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += ch;
    }
  }
  return out;
}

}  // namespace accelgen
