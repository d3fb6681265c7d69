// The driver interface as text: which functions the rendered csrc/driver/driver.h declares, and which functions
// the user's adapter overrides. Every driver function is pure virtual and the adapter marks each with `override`,
// so an override of a function the interface no longer declares (a capability switched off, a torch release
// that drops one) stops the build at the adapter. Comparing the two names it first, file:line, for `generate`
// notices and for the upgrade guide.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen::guide {

/// A driver function named in a file: its name and the 1-based line of the name.
struct DriverFunctionUse {
  std::string name;
  int line = 0;
};

/// The functions a driver header declares: every `virtual ... name(` (a declaration may span lines; comments and
/// the destructor do not count), in order, without duplicates.
std::vector<std::string> declared_driver_functions(std::string_view driver_h);

/// The functions the header `before` declares and the header `after` does not: what an adapter written against
/// `before` overrides in vain against `after`.
std::set<std::string> removed_driver_functions(std::string_view before, std::string_view after);

/// The functions `source` overrides inside classes deriving from `Driver` (`class X : public driver::Driver {`):
/// every `name(...) [const] [noexcept] override`, whose parameter list may span lines, in order.
std::vector<DriverFunctionUse> driver_overrides(std::string_view source);

/// The overrides in `source` of functions `declared` does not have: what no longer compiles against it.
std::vector<DriverFunctionUse> stale_driver_overrides(std::string_view source, const std::set<std::string>& declared);

}  // namespace accelgen::guide
