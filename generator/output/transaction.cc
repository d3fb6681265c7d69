#include "output/transaction.h"

#include <unistd.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "base/diagnostic.h"
#include "output/manifest.h"
#include "output/tree_paths.h"

namespace accelgen {
namespace {

const std::string kTxnDir = std::string(kStateDir) + "/txn";
const std::string kJournal = kTxnDir + "/journal.json";
const std::string kJournalNew = kTxnDir + "/journal.json.new";

std::string staged_name(std::size_t i) { return kTxnDir + "/" + std::to_string(i); }

DiagnosticError journal_error(const TreeFs& tree, const std::string& problem) {
  return DiagnosticError({{tree.display(kJournal), 0, 0, "cannot complete an interrupted accelgen run: " + problem,
                           "restore the tree from version control, delete " + tree.display(kTxnDir) +
                               " and run the command again"}});
}

/// Redoes the journal's steps; each is a no-op when it was already done.
std::size_t roll_forward(const TreeFs& tree, const nlohmann::json& journal) {
  std::size_t redone = 0;
  for (const auto& op : journal.at("writes")) {
    const std::string path = op.at("path").get<std::string>();
    const std::string staged = op.at("staged").get<std::string>();
    if (internal_tree_path_problem(path) || internal_tree_path_problem(staged) ||
        !staged.starts_with(kTxnDir + "/")) {
      throw journal_error(tree, "the journal names an unsafe path '" + path + "'");
    }
    if (tree.kind(staged) == TreeFs::Kind::File) {
      tree.rename(staged, path);
      transaction_step();
      ++redone;
    } else {
      const auto current = tree.read(path);
      if (!current || blob_id(*current) != op.at("blob").get<std::string>()) {
        throw journal_error(tree, "the staged content of " + path + " is gone");
      }
    }
  }
  for (const auto& op : journal.at("removals")) {
    const std::string path = op.at("path").get<std::string>();
    if (tree_path_problem(path)) throw journal_error(tree, "the journal names an unsafe path '" + path + "'");
    if (tree.kind(path) != TreeFs::Kind::File) continue;
    const auto current = tree.read(path);
    if (current && blob_id(*current) == op.at("blob").get<std::string>()) {
      tree.remove(path);
      transaction_step();
      ++redone;
    }
  }
  return redone;
}

}  // namespace

void transaction_step() {
  static const long kill_after = [] {
    const char* text = std::getenv("ACCELGEN_TEST_KILL_AFTER_STEP");
    return text ? std::atol(text) : 0L;
  }();
  static long steps = 0;
  if (kill_after > 0 && ++steps == kill_after) ::_exit(86);
}

bool transaction_pending(const TreeFs& tree) { return tree.kind(kTxnDir) != TreeFs::Kind::Missing; }

void run_transaction(const TreeFs& tree, const std::vector<TransactionWrite>& writes,
                     const std::vector<TransactionRemoval>& removals) {
  if (writes.empty() && removals.empty()) return;
  tree.remove_all(kTxnDir);
  nlohmann::ordered_json journal;
  journal["writes"] = nlohmann::ordered_json::array();
  journal["removals"] = nlohmann::ordered_json::array();
  try {
    tree.make_dirs(kTxnDir);
    for (std::size_t i = 0; i < writes.size(); ++i) {
      tree.create(staged_name(i), writes[i].content, writes[i].executable);
      transaction_step();
      journal["writes"].push_back(
          {{"path", writes[i].path}, {"staged", staged_name(i)}, {"blob", blob_id(writes[i].content)}});
    }
    for (const auto& r : removals) journal["removals"].push_back({{"path", r.path}, {"blob", r.blob_id}});
    tree.create(kJournalNew, journal.dump(1) + "\n", false);
    tree.rename(kJournalNew, kJournal);  // the commit point
    transaction_step();
  } catch (...) {
    try {
      tree.remove_all(kTxnDir);
    } catch (...) {
      // The original error says what went wrong; a leftover staging directory is discarded by the next run.
    }
    throw;
  }
  roll_forward(tree, journal);
  tree.remove_all(kTxnDir);
  transaction_step();
}

std::string recover_transaction(const TreeFs& tree) {
  if (!transaction_pending(tree)) return "";
  const auto text = tree.kind(kJournal) == TreeFs::Kind::File ? tree.read(kJournal) : std::nullopt;
  if (!text) {
    tree.remove_all(kTxnDir);
    return "an interrupted accelgen run had not changed any file yet; its staged files were discarded";
  }
  nlohmann::json journal;
  try {
    journal = nlohmann::json::parse(*text);
    const std::size_t redone = roll_forward(tree, journal);
    tree.remove_all(kTxnDir);
    return "completed an interrupted accelgen run (" + std::to_string(redone) + " remaining step(s) redone)";
  } catch (const nlohmann::json::exception& e) {
    throw journal_error(tree, std::string("the journal is damaged: ") + e.what());
  }
}

}  // namespace accelgen
