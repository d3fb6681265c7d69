// Contract drift between two installed libtorch trees, found with a real C++ parser (libclang): the virtual methods,
// classes, enum constants, macros, preprocessor guards and headers a PrivateUse1 backend depends on
// (docs/upgrade-guidance.md "contract-diff").
//
// Item ids (also used by `contract_items` in knowledge/torch-changes.yaml):
//   header:ATen/core/GraphImplInterface.h                 a contract header exists
//   class:c10::DeviceAllocator                             class definition: kind, template parameters, bases
//   virtual:at::PrivateUse1HooksInterface::isAvailable     virtual method: signature, const, noexcept, pure
//                                                          (overloaded names get "(<parameter types>)" appended)
//   field:at::native::DispatchStubImpl::hpu_dispatch_ptr   public data member: type
//   function:at::getHostAllocator(c10::DeviceType)         free function declared in a contract header
//   enum:c10::DispatchKey                                  enum: the numbering (name=value list)
//   enum:c10::DispatchKey::Named                           enum constant (presence)
//   macro:REGISTER_HOST_ALLOCATOR                          macro: parameters and replacement tokens
//   guard:TORCH_STABLE_ONLY                                macro tested by #if/#ifdef in a contract header
//   cxx-gate:ATen/ATen.h                                   the C++ standard a header demands (__cplusplus < N)
//   schema:add.Tensor                                      an operator the catalog registers: its schema string
//                                                          (ATen/ops/add_ops.h, operator_schemas.h)
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "contract/knowledge_base.h"

namespace accelgen::contract_diff {

struct Item {
  std::string id;
  std::string detail;  // what is compared
  std::string file;    // header it was found in, relative to the include directory
  int line = 0;
};

/// The contract as one libtorch tree declares it.
struct Snapshot {
  std::filesystem::path prefix;     // the tree whose include/ was read (…/usr, …/site-packages/torch, the prefix)
  std::string layout;               // how it was found: "root filesystem", "torch package (pip wheel)", ...
  std::string torch_version;        // version.py of a Python package ("2.11.0+cpu"), else torch/version.h
  std::vector<std::string> headers; // contract headers found, relative to include/
  std::map<std::string, Item> items;
  std::vector<std::string> errors;  // parse errors (file:line: message), at most 20
  int error_count = 0;
  /// Methods that exist but are not virtual, "Class::name" (to explain a removed virtual).
  std::map<std::string, std::string> non_virtual_methods;
};

struct ExtractOptions {
  /// Extra arguments for the parser (e.g. -D...).
  std::vector<std::string> extra_args;
};

/// Accepts every layout of contract/torch_layout.h: an installation prefix (PREFIX/include/torch), a pip wheel's
/// site-packages/torch, a root filesystem, a site-packages directory or a virtual environment. Throws
/// std::runtime_error naming what it looked for when none holds torch headers, or when libclang cannot parse at all.
Snapshot extract(const std::filesystem::path& prefix_or_root, const ExtractOptions& options = {});

/// The headers contract-diff reads, relative to include/ (those absent from a tree are recorded as absent).
const std::vector<std::string>& contract_headers();

/// The parts of an item id "KIND:NAME": "virtual" and "c10::impl::DeviceGuardImplInterface::getStream".
std::string kind_of(const std::string& id);
std::string name_of(const std::string& id);
/// The class or enum a member's NAME belongs to: "a::B::m(int)" -> "a::B", "c10::DispatchKey::Named" ->
/// "c10::DispatchKey"; empty for a name without "::".
std::string owner_of(const std::string& name);

/// A line of a backend tree that uses a changed declaration (backend_uses.h).
struct BackendUse {
  std::string path;  // relative to the tree
  int line = 0;
  bool generated = false;  // accelgen regenerates the file; otherwise it is the user's
  std::string text;        // the line, trimmed
};

struct ItemChange {
  enum class Kind { Added, Removed, Changed };
  Kind kind = Kind::Changed;
  std::string id;
  std::string old_detail;
  std::string new_detail;
  std::string file;                      // new file (old for removed items)
  int line = 0;                          // its line there (0 for a header's presence)
  std::string note;                      // a short human explanation ("no longer virtual", "+rms_norm", ...)
  std::vector<std::string> explained_by;  // knowledge-base change ids
  std::vector<BackendUse> uses;           // with --backend: the lines of the backend that use the declaration
  std::string action;                     // with --backend, for a change with uses: what to do about it
};

struct ContractDiff {
  std::string old_version;
  std::string new_version;
  std::vector<ItemChange> changes;  // sorted by id
  std::vector<std::string> old_errors, new_errors;
  int old_error_count = 0, new_error_count = 0;
  int unexplained() const;
  std::set<std::string> classes;  // every class either snapshot declares ("c10::TensorImpl")
  std::string backend;  // the backend tree whose uses were attached (--backend), or empty
  int touching_backend() const;  // changes with a use in the backend
  /// Changes with a use in the backend that the knowledge base does not explain: what accelgen cannot yet
  /// generate for (the exit status of `contract-diff --backend` says whether there are any).
  int unknown_touching_backend() const;
};

/// Compares two snapshots. An item counts as explained by a knowledge-base change when the change's
/// contract_items list the item, its class (class:X for virtual:X::m / field:X::f), its enum (enum:E for
/// enum:E::C) or its header (header:H for items found in H), and the change may lie between the two releases
/// (when both snapshots name their torch version: a change known present in the older one explains nothing, so
/// against a release newer than the knowledge base every difference is unknown).
ContractDiff diff(const Snapshot& old_snapshot, const Snapshot& new_snapshot, const contract::KnowledgeBase& kb);

std::string to_string(ItemChange::Kind kind);  // "added", "removed", "changed"
/// Where the change is declared: "c10/core/impl/DeviceGuardImplInterface.h:111" (the header alone for a header).
std::string declared_at(const ItemChange& change);

std::string render_text(const ContractDiff& d, bool color);
std::string render_markdown(const ContractDiff& d);
std::string render_json(const ContractDiff& d);
/// A self-contained page (no scripts, nothing loaded), styled as the upgrade guide's HTML report.
std::string render_html(const ContractDiff& d);
/// One line per change, "<kind> <id>", sorted: the committed expected list of the end-to-end test.
std::string render_list(const ContractDiff& d);

}  // namespace accelgen::contract_diff
