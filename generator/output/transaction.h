// A tree update as a transaction. Every new content is staged under DIR/.accelgen/txn/ (never beside the
// user's files) and flushed; then a journal listing every step is written and renamed into place (the commit
// point); then the staged files are renamed over their destinations, the removals done, and the manifest
// renamed in last; then the staging directory is removed.
//
// A run killed before the commit point changed no file of the tree: the next command discards the staging.
// A run killed after it is completed by the next command from the journal (every step can be redone). Either
// way the manifest never describes files that are not on disk.
//
// For tests, ACCELGEN_TEST_KILL_AFTER_STEP=N makes the process _exit(86) right after its Nth filesystem step
// (staged write, journal commit, rename, removal, clean-up), so every kill point can be tried in turn.
#pragma once

#include <string>
#include <vector>

#include "output/tree_fs.h"

namespace accelgen {

struct TransactionWrite {
  std::string path;  // relative to the tree
  std::string content;
  bool executable = false;
};

struct TransactionRemoval {
  std::string path;
  std::string blob_id;  // removed only if the file still has this content
};

/// Applies `writes` (in order; put the manifest last) and `removals`. On an error before the commit point the
/// tree is left as it was and the error (naming the path and the reason) is rethrown.
void run_transaction(const TreeFs& tree, const std::vector<TransactionWrite>& writes,
                     const std::vector<TransactionRemoval>& removals);

/// If an interrupted transaction is pending, completes or discards it and returns what was done (one sentence
/// for the user); otherwise returns "".
std::string recover_transaction(const TreeFs& tree);

/// Whether an interrupted transaction is pending (for --dry-run, which must not repair it).
bool transaction_pending(const TreeFs& tree);

/// Counts one filesystem step and honours ACCELGEN_TEST_KILL_AFTER_STEP.
void transaction_step();

}  // namespace accelgen
