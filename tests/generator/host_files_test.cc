// knowledge/host_operators.yaml: the operators the host files register with their templates' own functions.
#include "model/host_files.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "base/strict_yaml.h"
#include "embed/embedded_files.h"
#include "model/operator_catalog.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;

std::string error_of(const std::string& text) {
  try {
    HostOperators::load(text, "host_operators.yaml");
  } catch (const DataFileError& e) {
    return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.message();
  }
  return "no error";
}

TEST(HostOperators, TheEmbeddedDataNamesEachFilesOperators) {
  const HostOperators& data = host_operators();
  std::set<std::string> core, quantized, autocast;
  for (const auto& op : data.operators) {
    if (op.file == HostFile::CoreOps) core.insert(op.name);
    if (op.file == HostFile::Quantized) quantized.insert(op.name);
    if (op.file == HostFile::Autocast) autocast.insert(op.name);
  }
  // The operators every PrivateUse1 backend implements itself (the CPU fallback relies on them).
  for (const char* name : {"empty.memory_format", "empty_strided", "copy_", "_copy_from", "_copy_from_and_resize",
                           "_local_scalar_dense", "as_strided", "view", "resize_", "set_.source_Storage"}) {
    EXPECT_TRUE(core.count(name)) << name;
  }
  EXPECT_TRUE(quantized.count("_empty_affine_quantized"));
  EXPECT_TRUE(quantized.count("copy_"));  // the same schema name in another file (another dispatch key)
  EXPECT_EQ(autocast, std::set<std::string>{"binary_cross_entropy"});
  EXPECT_THAT(data.block(HostFile::CoreOps).includes, ::testing::Contains("torch/library.h"));
  EXPECT_EQ(host_file_dispatch_key(HostFile::Quantized), "QuantizedPrivateUse1");
  EXPECT_EQ(parse_host_file("cpu_bridge"), HostFile::CpuBridge);
  EXPECT_EQ(parse_host_file("bridge"), std::nullopt);
}

TEST(HostOperators, MistakesAreErrorsAtTheirLine) {
  const std::string files = "files:\n  core_ops:\n    includes: [device.h]\n";
  EXPECT_EQ(error_of(files + "operators:\n  - {name: view, file: core_ops, function: view_of}\n"), "no error");
  EXPECT_THAT(error_of(files + "operators:\n  - {name: view, file: attic, function: view_of}\n"),
              HasSubstr("5:24: operator view: file: unknown host file 'attic' (known: core_ops, cpu_bridge, "
                        "quantized, autocast, serialization)"));
  EXPECT_THAT(error_of(files + "operators:\n  - {name: \"view(Tensor)\", file: core_ops, function: v}\n"),
              HasSubstr("5:12: 'view(Tensor)' is not an operator's schema name"));
  EXPECT_THAT(error_of(files + "operators:\n  - {name: view, file: core_ops, function: \"v); evil(\"}\n"),
              HasSubstr("5:44: operator view: function 'v); evil(' is not a C++ function name"));
  EXPECT_THAT(error_of(files + "operators:\n  - {name: view, file: core_ops, function: v}\n"
                               "  - {name: view, file: core_ops, function: w}\n"),
              HasSubstr("6:12: operator view is listed twice for core_ops (first at line 5)"));
  EXPECT_THAT(error_of(files + "operators:\n  - {name: view, file: core_ops, function: v, capability: warp}\n"),
              HasSubstr("unknown capability 'warp'"));
  EXPECT_THAT(error_of("files:\n  core_ops:\n    includes: [\"<x.h>\"]\noperators: []\n"),
              HasSubstr("3:16: include '<x.h>' must be a header's path"));
  EXPECT_THAT(error_of(files + "operators: []\nextra: 1\n"), HasSubstr("extra"));
  EXPECT_THAT(error_of("files:\n  quantized:\n    includes: []\n    made_by: [\"q(Tensor)\"]\noperators: []\n"),
              HasSubstr("4:15: 'q(Tensor)' is not an operator's schema name"));
  EXPECT_THAT(error_of("files:\n  quantized:\n    includes: []\n    made_by: q\noperators: []\n"),
              HasSubstr("4:14: made_by must be a list"));
}

// Which operators make a host file's tensors is data: the generator names none (a native quantize_per_tensor gives
// quantized tensors without the CPU fallback), and each is an operator of the catalog.
TEST(HostOperators, WhatMakesAFilesTensorsIsDataOfCatalogOperators) {
  const auto& made_by = host_operators().block(HostFile::Quantized).made_by;
  EXPECT_EQ(made_by, std::vector<std::string>{"quantize_per_tensor"});
  for (const std::string& name : made_by) EXPECT_TRUE(operator_catalog().contains(name)) << name;
  EXPECT_TRUE(host_operators().block(HostFile::CpuBridge).made_by.empty());
}

// Every operator the backend registers comes from data (this file's, or the catalog's): no template registers one by
// name or decides by one's name whether a part of it exists.
TEST(HostOperators, NoTemplateNamesAnOperator) {
  int templates = 0;
  for (const auto& file : embedded::files_under("templates/backend/")) {
    const std::string text(file.content);
    // (A user-owned file's scaffold may show how to register one: the vendor's own operators.)
    if (!file.path.ends_with(".once.mustache")) {
      EXPECT_EQ(text.find("m.impl(\""), std::string::npos) << file.path << " registers an operator by name";
    }
    EXPECT_EQ(text.find("native_has"), std::string::npos) << file.path << " tests an operator by name";
    ++templates;
  }
  EXPECT_GT(templates, 100);
}

}  // namespace
}  // namespace accelgen
